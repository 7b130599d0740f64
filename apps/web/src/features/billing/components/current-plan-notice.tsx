import { Alert } from '@mantine/core';
import type { SubscriptionWire } from '@pawsy/contract';
import { describeAnySwitch, describeCurrentPlan } from '../lib/plan-change';

/** On the package list: the member's plan, and what buying another one does to it. */
export function CurrentPlanNotice({ subscription }: { subscription: SubscriptionWire | null }) {
  if (!subscription) return null;
  return (
    <Alert title="Your plan" data-testid="current-plan">
      {describeCurrentPlan(subscription)} {describeAnySwitch(subscription)}
    </Alert>
  );
}
