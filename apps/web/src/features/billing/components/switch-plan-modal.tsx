import { Text } from '@mantine/core';
import type { SubscriptionWire } from '@pawsy/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { describeSwitch } from '../lib/plan-change';

type SwitchPlanModalProps = {
  current: SubscriptionWire;
  next: { _id: string; name: string };
  payLabel: string;
  opened: boolean;
  isPaying: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** Asks before a second package replaces the member's current one. */
export function SwitchPlanModal({
  current,
  next,
  payLabel,
  opened,
  isPaying,
  onClose,
  onConfirm,
}: SwitchPlanModalProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title={`Switch from ${current.packageName} to ${next.name}?`}
      keepLabel={`Keep ${current.packageName}`}
      confirmLabel={`Switch and ${payLabel.toLowerCase()}`}
      isSubmitting={isPaying}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Text size="sm">{describeSwitch(current, next)}</Text>
    </ConfirmDialog>
  );
}
