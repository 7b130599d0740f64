import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import type { MyRequest } from '../bookings-api';
import { formatDateRange, fullName } from '../lib/booking-format';

type WithdrawApplicationModalProps = {
  request: MyRequest | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (request: MyRequest) => void;
};

/** Asks a sitter before withdrawing an application; the owner is told. */
export function WithdrawApplicationModal({
  request,
  isSubmitting,
  onClose,
  onConfirm,
}: WithdrawApplicationModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={request !== null}
      onClose={onClose}
      title="Withdraw your application?"
      centered
    >
      {request && (
        <Stack>
          <Text size="sm">
            {serviceLabel(request.booking.service)} for {fullName(request.booking.owner)},{' '}
            {formatDateRange(request.booking.startDate, request.booking.endDate)}. The owner will be
            told, and you cannot apply to this booking again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep application
            </Button>
            <Button color="red.8" loading={isSubmitting} onClick={() => onConfirm(request)}>
              Yes, withdraw
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
