import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SubscriptionWire } from '@pawsy/contract';
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
  const isSame = current.packageId === next._id;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={
        isSame ? `Buy ${next.name} again?` : `Switch from ${current.packageName} to ${next.name}?`
      }
      centered
    >
      <Stack>
        <Text size="sm">{describeSwitch(current, next)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isPaying}>
            Keep {current.packageName}
          </Button>
          <Button loading={isPaying} onClick={onConfirm}>
            {isSame ? payLabel : `Switch and ${payLabel.toLowerCase()}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
