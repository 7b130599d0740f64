import type { DbOrTrx } from '../../db/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findCharge } from './booking-charges.repository.ts';
import { findRequest } from './booking-requests.repository.ts';
import { findBooking, type BookingRow } from './bookings.repository.ts';
import { hasTakenOn } from './booking-parties.ts';

export const isOpen = (b: Pick<BookingRow, 'status' | 'provider_id'>) =>
  b.status === 'pending' && b.provider_id === null;

export const isParty = (b: Pick<BookingRow, 'owner_id' | 'provider_id'>, userId: string) =>
  b.owner_id === userId || b.provider_id === userId;

/**
 * Whether `user` reads the whole last name of the booking's owner or sitter: admins, that person
 * themself, and the other party once the sitter took the booking on; anyone else (an applicant,
 * an invitee, a direct request's sitter or its owner before the sitter accepts) the initial.
 */
function seesInFull(
  b: Pick<BookingRow, 'owner_id' | 'provider_id' | 'status'>,
  user: AuthUser,
  whose: 'owner' | 'sitter',
): boolean {
  const [subject, other] =
    whose === 'owner' ? [b.owner_id, b.provider_id] : [b.provider_id, b.owner_id];
  return user.userType === 'admin' || subject === user.id || (other === user.id && hasTakenOn(b));
}

type NamedBooking = Pick<BookingRow, 'owner_id' | 'provider_id' | 'status'>;
export const seesOwnerInFull = (b: NamedBooking, user: AuthUser) => seesInFull(b, user, 'owner');
export const seesSitterInFull = (b: NamedBooking, user: AuthUser) => seesInFull(b, user, 'sitter');

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
