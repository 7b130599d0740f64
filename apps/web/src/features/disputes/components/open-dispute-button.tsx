import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

type BookingLike = {
  _id: string;
  status: string;
  provider_id: string | null;
  timeline: { type: string }[];
};

const TAKEN_ON = new Set(['accepted', 'in-progress', 'completed']);

/**
 * Whether `userId` may open a dispute: a party of a booking a sitter took on (accepted, in
 * progress or completed, or cancelled after its acceptance), as the API decides it. A request
 * declined, expired or cancelled before any acceptance has no dispute to open.
 */
export function canOpenDispute(
  booking: BookingLike & { user_id: string },
  userId: string | null,
): boolean {
  if (!userId || !booking.provider_id) return false;
  const taken =
    TAKEN_ON.has(booking.status) || booking.timeline.some((event) => event.type === 'accepted');
  return taken && (booking.user_id === userId || booking.provider_id === userId);
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
