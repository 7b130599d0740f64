import type { DbOrTrx } from '../../db/index.ts';
import { listRequests } from './booking-requests.repository.ts';
import { findBooking } from './bookings.repository.ts';
import { findCharge } from './booking-charges.repository.ts';
import { isOpen } from './bookings.access.ts';

/**
 * Who may talk on a booking (DESIGN §5 Chat): its owner, its assigned sitter and, while it is
 * open, every sitter whose request on it is pending. Other areas get this instead of rows.
 */
/**
 * Whether the booking's sitter has taken it on: a direct request names its sitter from the start,
 * but until they accept they are as much a stranger to the owner as an applicant.
 */
export const hasTakenOn = (b: { status: string }) => b.status !== 'pending';

export type BookingParties = {
  id: string;
  ownerId: string;
  providerId: string | null;
  status: string;
  service: string;
  startAt: string;
  endAt: string;
  /** Sitters with a pending request while the booking is open; empty once it is assigned. */
  applicantIds: string[];
};

export async function loadBookingParties(
  db: DbOrTrx,
  bookingId: string,
): Promise<BookingParties | null> {
  const booking = await findBooking(db, bookingId);
  if (!booking) return null;
  // An unpaid booking has not reached its sitter yet: they are no party to it.
  const charge = await findCharge(db, booking.id);
  const unpaid = charge !== undefined && charge.state !== 'paid';
  const applicantIds = isOpen(booking)
    ? (await listRequests(db, booking.id))
        .filter((r) => r.state === 'pending')
        .map((r) => r.provider_id)
    : [];
  return {
    id: booking.id,
    ownerId: booking.owner_id,
    providerId: unpaid ? null : booking.provider_id,
    status: booking.status,
    service: booking.service,
    startAt: booking.start_at,
    endAt: booking.end_at,
    applicantIds,
  };
}

/** Whether the user is one of the booking's conversation parties (see BookingParties). */
export const isChatParty = (p: BookingParties, userId: string): boolean =>
  p.ownerId === userId || p.providerId === userId || p.applicantIds.includes(userId);
