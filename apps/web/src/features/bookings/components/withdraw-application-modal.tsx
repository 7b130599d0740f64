import { Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateRange, fullName } from '../lib/booking-format';

/** What the question names: the booking applied to (from the board's list or the booking page). */
type Application = {
  booking: {
    service: string;
    owner: { firstName: string; lastName: string } | null;
    startDate: string;
    endDate: string;
  };
};

type WithdrawApplicationModalProps<A extends Application> = {
  request: A | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (request: A) => void;
};

/** Asks a sitter before withdrawing an application; the owner is told. */
export function WithdrawApplicationModal<A extends Application>({
  request,
  isSubmitting,
  onClose,
  onConfirm,
}: WithdrawApplicationModalProps<A>) {
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
