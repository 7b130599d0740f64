import { Button, Group } from '@mantine/core';
import { disputeClosesAt } from '@pawsy/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { disputesApi, type Dispute } from '../disputes-api';
import { statusLabel } from '../lib/dispute-format';

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
 * Whether the booking already has its one dispute is the API's to say (BookingDisputeAction
 * asks it, and the form shows its 409).
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

/**
 * On a booking's page: the booking's dispute when it has one ("View the dispute", with its
 * status), else "Open a dispute" while the viewer may open one. The button shows at once and
 * gives way to the link when the API names a dispute on the booking.
 */
export function BookingDisputeAction({
  booking,
  userId,
}: {
  booking: BookingLike & { user_id: string };
  userId: string | null;
}) {
  const [existing, setExisting] = useState<Dispute | null>(null);
  const isParty = userId !== null && (booking.user_id === userId || booking.provider_id === userId);
  const takenOn =
    TAKEN_ON.has(booking.status) || booking.timeline.some((event) => event.type === 'accepted');
  const asks = isParty && takenOn && booking.provider_id !== null;
  useEffect(() => {
    if (!asks) return;
    let live = true;
    disputesApi
      .list({ bookingId: booking._id, limit: 1 })
      .then((page) => {
        if (live) setExisting(Array.isArray(page.data) ? (page.data[0] ?? null) : null);
      })
      // Not known (refused, or an answer of another shape): the button stays, and the form's
      // 409 tells of a dispute.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [asks, booking._id]);

  if (existing && existing.booking._id === booking._id) {
    return (
      <Group>
        <Button
          component={Link}
          to={paths.dispute.replace(':disputeId', existing._id)}
          variant="light"
          color="red"
        >
          View the dispute ({statusLabel(existing).toLowerCase()})
        </Button>
      </Group>
    );
  }
  return canOpenDispute(booking, userId) ? (
    <Group>
      <OpenDisputeButton bookingId={booking._id} />
    </Group>
  ) : null;
}
