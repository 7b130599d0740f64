import { Alert } from '@mantine/core';
import { describeAnySwitch, describeCurrentPlan } from '../lib/plan-change';
import { useMySubscription } from '../use-my-subscription';

/** On the package list: the member's plan, and that buying another one replaces it. */
export function CurrentPlanNotice() {
  const sub = useMySubscription().data?.data;
  if (!sub) return null;
  return (
    <Alert title="Your plan" data-testid="current-plan">
      {describeCurrentPlan(sub)} {describeAnySwitch(sub)}
    </Alert>
  );
}
