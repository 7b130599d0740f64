import { Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Booking } from '../bookings-api';
import { formatDateRange, fullName } from '../lib/booking-format';

type InvitedBooking = Pick<Booking, 'service' | 'startDate' | 'endDate' | 'owner'>;

type DeclineInvitationModalProps = {
  /** The booking the sitter was invited to; null while the dialog is closed. */
  booking: InvitedBooking | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/**
 * Asks a sitter before declining an owner's invitation (from the requests board or the booking
 * page), as the owner is asked before accepting a sitter: a booking asked of this sitter alone ends
 * with it (DESIGN: declined direct requests).
 */
export function DeclineInvitationModal({
  booking,
  isSubmitting,
  onClose,
  onConfirm,
}: DeclineInvitationModalProps) {
  const owner = booking ? fullName(booking.owner) : '';
  return (
    <ConfirmDialog
      opened={booking !== null}
      title={booking ? `Decline ${owner}'s invitation?` : 'Decline'}
      keepLabel="Keep invitation"
      confirmLabel="Decline"
      destructive
      isSubmitting={isSubmitting}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {booking && (
        <>
          <Text size="sm">
            {serviceLabel(booking.service)} for {owner},{' '}
            {formatDateRange(booking.startDate, booking.endDate)}.
          </Text>
          <Text size="sm">
            The request is declined and {owner} is told. A booking sent only to you is cancelled,
            and the owner&apos;s payment is refunded.
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}
