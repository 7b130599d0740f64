import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

type CancelBookingModalProps = {
  opened: boolean;
  policy: string;
  /** What cancelling now refunds, said before the policy; null when not known. */
  refund?: string | null;
  isSubmitting: boolean;
  error: string | null;
  onClose: () => void;
  /** false once the change is made: the screen moves focus (the opening button is gone). */
  returnFocus?: boolean;
  onConfirm: () => void;
  /** Defaults say "booking"; a series visit passes its own wording. */
  title?: string;
  description?: string;
  keepLabel?: string;
  confirmLabel?: string;
};

/** Asks before cancelling, stating the cancellation policy. */
export function CancelBookingModal(props: CancelBookingModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={props.opened}
      onClose={props.onClose}
      returnFocus={props.returnFocus ?? true}
      title={props.title ?? 'Cancel this booking?'}
      centered
    >
      <Stack>
        {props.description && <Text size="sm">{props.description}</Text>}
        {props.refund && (
          <Text size="sm" fw={600} data-testid="cancel-refund">
            {props.refund}
          </Text>
        )}
        <Text size="sm" fw={600}>
          Cancellation policy
        </Text>
        <Text size="sm">{props.policy}</Text>
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          {/* The keyboard starts on the safe choice, not on the dialog's close button. */}
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {props.keepLabel ?? 'Keep booking'}
          </Button>
          <Button color="red.8" loading={props.isSubmitting} onClick={props.onConfirm}>
            {props.confirmLabel ?? 'Yes, cancel booking'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
