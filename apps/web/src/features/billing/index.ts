// Public surface of the billing feature: the Settings screen shows the member's subscription.
export { SubscriptionSettings } from './components/subscription-settings';
