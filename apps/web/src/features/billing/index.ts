// Public surface of the billing feature: the Settings screen shows the member's subscription,
// the package list the plan a new one would replace.
export { SubscriptionSettings } from './components/subscription-settings';
export { CurrentPlanNotice } from './components/current-plan-notice';
export { useMySubscription } from './use-my-subscription';
