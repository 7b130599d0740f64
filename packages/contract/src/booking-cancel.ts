/** The cancellation policy: its words, who may cancel until when, and what goes back. */

/** Shown at checkout and carried on every booking; the API enforces it with refundOnCancel. */
export const CANCELLATION_POLICY =
  'An owner can cancel a booking until it starts. An owner who cancels a request no sitter has ' +
  'accepted yet, or an accepted booking at least 48 hours before the start, gets what they paid ' +
  '(credits and card) refunded in full; later, 50 % of each (rounded down to the cent). A sitter ' +
  'can cancel an accepted booking until it ends (for instance when they cannot come); when the ' +
  'sitter cancels or declines, the owner is always refunded in full. A card payment not yet made ' +
  'is never charged.';

/**
 * Until when (epoch ms) a party may cancel an accepted booking, per CANCELLATION_POLICY: the owner
 * until it starts; the sitter until it ends, since a sitter who cannot come cancelling late is the
 * only way the owner's money comes back without a dispute, and it costs only the sitter. The API
 * refuses later cancellations (409) and the web offers Cancel only before this.
 */
export function cancelClosesAt(
  by: 'owner' | 'provider',
  booking: { startDate: string; endDate: string },
): number {
  return Date.parse(by === 'owner' ? booking.startDate : booking.endDate);
}

export const FULL_REFUND_NOTICE_HOURS = 48;

/**
 * What goes back of `paidCents` (credits, or the card part) when a booking is cancelled, per
 * CANCELLATION_POLICY: all when the sitter cancels, when no sitter had accepted it yet (as when
 * it expires unanswered), or when the owner gives 48 hours' notice; else half rounded down. The
 * API refunds by it; the web states it before the owner confirms.
 */
export function refundOnCancel(input: {
  creditsApplied: number;
  startAt: Date;
  now: Date;
  cancelledBy: 'owner' | 'provider';
  /** A sitter had accepted the booking (its status was not `pending`). */
  accepted: boolean;
}): number {
  const { creditsApplied, startAt, now, cancelledBy } = input;
  if (creditsApplied <= 0) return 0;
  if (cancelledBy === 'provider' || !input.accepted) return creditsApplied;
  const notice = startAt.getTime() - now.getTime();
  if (notice >= FULL_REFUND_NOTICE_HOURS * 3600_000) return creditsApplied;
  return Math.floor(creditsApplied / 2);
}
