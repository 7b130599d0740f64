import { Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      opened={request !== null}
      title="Withdraw your application?"
      keepLabel="Keep application"
      confirmLabel="Yes, withdraw"
      destructive
      isSubmitting={isSubmitting}
      onClose={onClose}
      onConfirm={() => request && onConfirm(request)}
    >
      {request && (
        <Text size="sm">
          {serviceLabel(request.booking.service)} for {fullName(request.booking.owner)},{' '}
          {formatDateRange(request.booking.startDate, request.booking.endDate)}. The owner will be
          told, and you cannot apply to this booking again.
        </Text>
      )}
    </ConfirmDialog>
  );
}
