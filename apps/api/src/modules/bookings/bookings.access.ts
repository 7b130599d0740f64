import type { DbOrTrx } from '../../db/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findCharge } from './booking-charges.repository.ts';
import { findRequest } from './booking-requests.repository.ts';
import { findBooking, type BookingRow } from './bookings.repository.ts';
import { hasTakenOn } from './booking-parties.ts';

/** Admins, the sitter themself and the owner once the sitter accepted read the sitter's full name. */
export const seesSitterInFull = (
  b: Pick<BookingRow, 'owner_id' | 'provider_id' | 'status'>,
  user: AuthUser,
) =>
  user.userType === 'admin' ||
  b.provider_id === user.id ||
  (b.owner_id === user.id && hasTakenOn(b));

export const isOpen = (b: Pick<BookingRow, 'status' | 'provider_id'>) =>
  b.status === 'pending' && b.provider_id === null;

export const isParty = (b: Pick<BookingRow, 'owner_id' | 'provider_id'>, userId: string) =>
  b.owner_id === userId || b.provider_id === userId;

/**
 * Owner, admins and the sitter who took the booking on see the owner's full name; other sitters
 * (a direct request's sitter before accepting too) an initial.
 */
export const seesOwnerInFull = (
  b: Pick<BookingRow, 'owner_id' | 'provider_id' | 'status'>,
  user: AuthUser,
) =>
  user.userType === 'admin' ||
  b.owner_id === user.id ||
  (b.provider_id === user.id && hasTakenOn(b));

/**
 * Who may see a booking: its owner, its assigned sitter, admins, sitters whose request on it is
 * pending or accepted, and — while it is open — sitters without a request (the same data the
 * open feed shows, so they can apply). A rejected or withdrawn applicant loses access. Everyone
 * else gets the same 404 as for a booking that does not exist. Until its card part is paid a
 * booking is its owner's (and admins') alone: no sitter has been asked yet.
 */
export async function canView(db: DbOrTrx, booking: BookingRow, user: AuthUser): Promise<boolean> {
  if (user.userType === 'admin' || booking.owner_id === user.id) return true;
  if (user.userType !== 'provider') return false;
  const charge = await findCharge(db, booking.id);
  if (charge && charge.state !== 'paid') return false;
  if (isParty(booking, user.id)) return true;
  const request = await findRequest(db, booking.id, user.id);
  if (!request) return isOpen(booking);
  return request.state === 'pending' || request.state === 'accepted';
}

export async function loadVisibleBooking(
  db: DbOrTrx,
  user: AuthUser,
  id: string,
): Promise<BookingRow> {
  const booking = await findBooking(db, id);
  if (!booking || !(await canView(db, booking, user))) throw notFound('Booking');
  return booking;
}
