import { cancelClosesAt, reviewClosesAt } from '@pawsy/contract';
import type { Booking, BookingRequest, BookingReview } from '../bookings-api';

export type BookingRole = 'owner' | 'provider' | 'viewer';

export function roleIn(booking: Pick<Booking, 'user_id' | 'provider_id'>, userId: string | null) {
  if (!userId) return 'viewer' as const;
  if (booking.user_id === userId) return 'owner' as const;
  if (booking.provider_id !== null && booking.provider_id === userId) return 'provider' as const;
  return 'viewer' as const;
}

export type BookingActions = {
  canCancel: boolean;
  canStart: boolean;
  canComplete: boolean;
  canReview: boolean;
};

type ActionsBooking = Pick<
  Booking,
  'user_id' | 'provider_id' | 'status' | 'startDate' | 'endDate' | 'timeline'
>;

/** When the booking was completed (its timeline's `completed` entry), or null. */
export function completedAt(booking: Pick<Booking, 'timeline'>): string | null {
  return booking.timeline.find((event) => event.type === 'completed')?.at ?? null;
}

/**
 * The instants (epoch ms) at which what a party may do changes with the clock alone, as the API
 * decides it: the owner's Cancel of an accepted booking ends at its start, the sitter's at its
 * end (cancelClosesAt); the review form goes when the blind window ends (reviewClosesAt).
 */
function deadlines(booking: ActionsBooking, role: BookingRole) {
  const done = completedAt(booking);
  return {
    cancel:
      role === 'viewer' || booking.status !== 'accepted' ? Infinity : cancelClosesAt(role, booking),
    review: done && booking.status === 'completed' ? Date.parse(reviewClosesAt(done)) : Infinity,
  };
}

/**
 * What the signed-in person may do, mirroring the server's state machine: the owner cancels a
 * pending request, or an accepted booking before its start; the assigned sitter starts,
 * completes, or cancels an accepted booking until its end (a pending direct request is answered
 * with Accept/Reject instead); both parties of a completed booking review it once, within the
 * blind window after completion.
 */
export function bookingActions(
  booking: ActionsBooking,
  userId: string | null,
  reviews: Pick<BookingReview, 'author'>[],
  now = Date.now(),
): BookingActions {
  const role = roleIn(booking, userId);
  const { status } = booking;
  const hasReviewed = reviews.some((review) => review.author._id === userId);
  const until = deadlines(booking, role);
  return {
    canCancel:
      (role === 'owner' && status === 'pending') ||
      (role !== 'viewer' && status === 'accepted' && now < until.cancel),
    canStart: role === 'provider' && status === 'accepted',
    canComplete: role === 'provider' && status === 'in-progress',
    canReview: role !== 'viewer' && status === 'completed' && !hasReviewed && now < until.review,
  };
}

/**
 * The next instant after `now` at which bookingActions' answer changes by the clock alone (a page
 * left open is judged again then), or Infinity.
 */
export function nextActionChange(
  booking: ActionsBooking,
  userId: string | null,
  now = Date.now(),
): number {
  const until = deadlines(booking, roleIn(booking, userId));
  return Math.min(...[until.cancel, until.review].filter((at) => at > now), Infinity);
}

/** Whether `userId` decides on this request: the counterpart of whoever opened it. */
export function canDecide(
  booking: Pick<Booking, 'user_id' | 'status'>,
  request: Pick<BookingRequest, 'initiatedBy' | 'providerId' | 'state'>,
  userId: string | null,
): boolean {
  if (!userId || booking.status !== 'pending' || request.state !== 'pending') return false;
  return request.initiatedBy === 'provider'
    ? booking.user_id === userId
    : request.providerId === userId;
}

/**
 * Whether the signed-in person has someone to chat with on this booking, as the API decides
 * (booking-parties, messages.access): its sitter once the booking has reached them (no card
 * payment awaited or cancelled), or — while it is open — a sitter with a pending request: any for
 * the owner, their own for a sitter. A cancelled request whose sitter was cleared has nobody.
 * `requests` is null until they are loaded.
 */
export function hasChatParty(
  booking: Pick<Booking, 'user_id' | 'provider_id' | 'status' | 'payment'>,
  userId: string | null,
  requests: readonly Pick<BookingRequest, 'providerId' | 'state'>[] | null,
): boolean {
  if (!userId) return false;
  const isOwner = booking.user_id === userId;
  if (booking.provider_id !== null) {
    const hasReachedSitter = booking.payment.status === 'none' || booking.payment.status === 'paid';
    return hasReachedSitter && (isOwner || booking.provider_id === userId);
  }
  if (booking.status !== 'pending') return false;
  return (requests ?? []).some(
    (r) => r.state === 'pending' && (isOwner || r.providerId === userId),
  );
}
