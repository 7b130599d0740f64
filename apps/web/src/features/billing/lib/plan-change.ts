import type { SubscriptionWire } from '@pawsy/contract';
import { formatDate } from '../../../lib/dates';

type CurrentPlan = Pick<
  SubscriptionWire,
  'packageId' | 'packageName' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
>;

const periodEnd = (plan: CurrentPlan) =>
  plan.currentPeriodEnd ? formatDate(plan.currentPeriodEnd) : 'the end of its paid period';

/** "You have Tester Pack until 4 Jan 2027 (it renews then)." */
export function describeCurrentPlan(plan: CurrentPlan): string {
  const renewal = plan.cancelAtPeriodEnd ? 'it will not renew' : 'it renews then';
  return `You have ${plan.packageName} until ${periodEnd(plan)} (${renewal}).`;
}

/**
 * What buying `next` does to the current plan, as the API does it (billing fulfilment.ts): the
 * new package starts once paid and becomes the member's plan; the old one stops renewing and runs
 * to the end of its paid period (it is not cut short, so "replaces it from today" would be wrong).
 */
export function describeSwitch(plan: CurrentPlan, next: { _id: string; name: string }): string {
  const end = periodEnd(plan);
  // A package's credits come once per period: the API refuses the running one (409).
  if (next._id === plan.packageId)
    return `${next.name} is already your plan; you can buy it again once it ends on ${end}.`;
  return `Buying ${next.name} makes it your plan from today, once paid; ${plan.packageName} stops renewing and runs until ${end}.`;
}

/** The same for the package list, before one is chosen. */
export function describeAnySwitch(plan: CurrentPlan): string {
  return `Buying another package makes it your plan from today, once paid; ${plan.packageName} stops renewing and runs until ${periodEnd(plan)}.`;
}
