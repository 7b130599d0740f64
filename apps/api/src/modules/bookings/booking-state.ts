/**
 * The booking state machine, free of I/O so it can be tested exhaustively:
 *
 *   pending → accepted → in-progress → completed
 *   pending | accepted → cancelled
 *
 * pending → accepted happens only through a decision on a request (see requests.service.ts);
 * the status moves below are the ones `PUT /booking/accept/{id}` with `status` may make.
 */
import { cancelClosesAt, type BookingStatus } from '@pawsy/contract';

export type { BookingStatus };

/** Who is acting, relative to one booking. */
export type BookingActor = 'owner' | 'assigned-provider' | 'admin' | 'stranger';

/**
 * A refused move says why, and whether it is the actor who may never make it (`forbidden`: 403)
 * or the booking's state that stands in the way (409).
 */
export type TransitionCheck = { ok: true } | { ok: false; reason: string; forbidden: boolean };

const refused = (reason: string, forbidden = false): TransitionCheck => ({
  ok: false,
  reason,
  forbidden,
});

type Move = `${BookingStatus}->${BookingStatus}`;

const LEGAL_MOVES: Record<BookingActor, readonly Move[]> = {
  owner: ['pending->cancelled', 'accepted->cancelled'],
  'assigned-provider': [
    'accepted->in-progress',
    'in-progress->completed',
    'pending->cancelled',
    'accepted->cancelled',
  ],
  admin: [],
  stranger: [],
};

export const TERMINAL_STATUSES: readonly BookingStatus[] = ['completed', 'cancelled'];

export function actorFor(
  booking: { owner_id: string; provider_id: string | null },
  user: { id: string; userType: string },
): BookingActor {
  if (booking.owner_id === user.id) return 'owner';
  if (booking.provider_id !== null && booking.provider_id === user.id) return 'assigned-provider';
  if (user.userType === 'admin') return 'admin';
  return 'stranger';
}

export function checkTransition(
  from: BookingStatus,
  to: BookingStatus,
  actor: BookingActor,
): TransitionCheck {
  if (LEGAL_MOVES[actor].includes(`${from}->${to}`)) return { ok: true };
  if (actor === 'admin' || actor === 'stranger')
    return refused('Only the owner or the assigned sitter can change this booking', true);
  if (from === to) return refused(`This booking is already ${from}`);
  if (TERMINAL_STATUSES.includes(from)) return refused(`A ${from} booking cannot change any more`);
  if (to === 'accepted') return refused('A booking is accepted by deciding on a request');
  if (to === 'pending') return refused('A booking cannot go back to pending');
  if (to === 'cancelled') return refused('A booking can only be cancelled before it starts');
  if (actor === 'owner') return refused('Only the assigned sitter can do this', true);
  if (to === 'in-progress') return refused('Only an accepted booking can be started');
  return refused('Only a booking in progress can be completed');
}

export const OWNER_CANCEL_TOO_LATE =
  'This booking has begun, so you can no longer cancel it: if the sitter did not come, ask them ' +
  'to cancel it (you get everything back) or open a dispute';

/**
 * The clock's part of cancelling (checkTransition says who may cancel from which status): an
 * accepted booking is cancelled by its owner until it starts, by its sitter until it ends
 * (`cancelClosesAt`). A pending request is not limited here: it expires at its start
 * (booking-expiry), and withdrawing it costs the owner nothing.
 */
export function checkCancelTime(
  booking: { status: BookingStatus; start_at: string; end_at: string },
  actor: BookingActor,
  now: Date,
): TransitionCheck {
  if (booking.status !== 'accepted') return { ok: true };
  if (actor !== 'owner' && actor !== 'assigned-provider') return { ok: true };
  const by = actor === 'owner' ? 'owner' : 'provider';
  const closesAt = cancelClosesAt(by, { startDate: booking.start_at, endDate: booking.end_at });
  if (now.getTime() < closesAt) return { ok: true };
  return refused(
    by === 'owner'
      ? OWNER_CANCEL_TOO_LATE
      : `This booking ended at ${booking.end_at}: it can no longer be cancelled`,
  );
}

/** A check-in (note or photo without a status change) during a stay, by its sitter. */
export function checkCheckIn(status: BookingStatus, actor: BookingActor): TransitionCheck {
  if (actor !== 'assigned-provider')
    return refused('Only the assigned sitter can post a check-in', true);
  if (status !== 'in-progress')
    return refused('Check-ins are posted while the booking is in progress');
  return { ok: true };
}

/** Timeline event type recorded for a status move. */
export function eventTypeFor(to: BookingStatus): string {
  if (to === 'in-progress') return 'started';
  return to;
}
