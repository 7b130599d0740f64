import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

type BookingLike = { _id: string; status: string; provider_id: string | null };

/** Whether `userId` may open a dispute: a party of a booking a sitter has accepted. */
export function canOpenDispute(
  booking: BookingLike & { user_id: string },
  userId: string | null,
): boolean {
  if (!userId || !booking.provider_id || booking.status === 'pending') return false;
  return booking.user_id === userId || booking.provider_id === userId;
}

/** On a booking's page: leads to the dispute form for that booking. */
export function OpenDisputeButton({ bookingId }: { bookingId: string }) {
  return (
    <Button
      component={Link}
      to={`${paths.disputes}?bookingId=${encodeURIComponent(bookingId)}`}
      variant="light"
      color="red"
    >
      Open a dispute
    </Button>
  );
}
