import { Button } from '@mantine/core';
import { disputeClosesAt } from '@pawsy/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

type BookingLike = {
  _id: string;
  status: string;
  provider_id: string | null;
  endDate: string;
  timeline: { type: string; at: string }[];
};

const TAKEN_ON = new Set(['accepted', 'in-progress', 'completed']);

/**
 * Whether `userId` may open a dispute, as far as the booking tells: a party of a booking a sitter
 * took on (accepted, in progress or completed, or cancelled after its acceptance), until 14 days
 * after it ends (its end or completion, whichever is later: disputeClosesAt), as the API decides
 * it. A request declined, expired or cancelled before any acceptance has no dispute to open.
 * Whether the booking already has its one dispute is the API's to say (409, shown on the form).
 */
export function canOpenDispute(
  booking: BookingLike & { user_id: string },
  userId: string | null,
  now = Date.now(),
): boolean {
  if (!userId || !booking.provider_id) return false;
  const taken =
    TAKEN_ON.has(booking.status) || booking.timeline.some((event) => event.type === 'accepted');
  const completedAt = booking.timeline.find((event) => event.type === 'completed')?.at ?? null;
  const isOpen = now < Date.parse(disputeClosesAt({ endDate: booking.endDate, completedAt }));
  return taken && isOpen && (booking.user_id === userId || booking.provider_id === userId);
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
