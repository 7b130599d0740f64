import type { DbOrTrx } from '../../db/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findBooking, findRequest, type BookingRow } from './bookings.repository.ts';

export const isOpen = (b: Pick<BookingRow, 'status' | 'provider_id'>) =>
  b.status === 'pending' && b.provider_id === null;

export const isParty = (b: Pick<BookingRow, 'owner_id' | 'provider_id'>, userId: string) =>
  b.owner_id === userId || b.provider_id === userId;

/**
 * Who may see a booking: its owner, its assigned sitter, sitters with a request on it, admins,
 * and — while it is open for applications — any sitter (the same data the open list shows).
 * Everyone else gets the same 404 as for a booking that does not exist.
 */
export async function canView(db: DbOrTrx, booking: BookingRow, user: AuthUser): Promise<boolean> {
  if (user.userType === 'admin' || isParty(booking, user.id)) return true;
  if (user.userType !== 'provider') return false;
  if (isOpen(booking)) return true;
  return (await findRequest(db, booking.id, user.id)) !== undefined;
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
