import type { BookingContact } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { canView, isParty } from './bookings.access.ts';
import { toContact } from './bookings.mapper.ts';
import { findBooking, type BookingRow } from './bookings.repository.ts';
import { findContact } from './booking-parties.repository.ts';

/** While the two parties meet: from the sitter's acceptance until the booking ends. */
const SHARED_IN: readonly BookingRow['status'][] = ['accepted', 'in-progress'];

export const CONTACT_NOT_YET =
  'Contact details are shared once a sitter is accepted, until the booking is completed or cancelled';

/**
 * GET /booking/{id}/contact: the other party's phone and address, for the owner and the assigned
 * sitter only (everyone else, admins included, gets the booking's 404), and only while the booking
 * is accepted or in progress (409 before and after).
 */
export async function getBookingContact(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
): Promise<BookingContact> {
  const booking = await findBooking(app.db, id);
  // A party who may not see the booking (its sitter, until the card part is paid) gets its 404.
  if (
    !booking ||
    booking.provider_id === null ||
    !isParty(booking, caller.id) ||
    !(await canView(app.db, booking, caller))
  ) {
    throw notFound('Booking');
  }
  if (!SHARED_IN.includes(booking.status)) throw conflict(CONTACT_NOT_YET);
  const ownerAsks = booking.owner_id === caller.id;
  const row = await findContact(app.db, ownerAsks ? booking.provider_id : booking.owner_id);
  if (!row) throw conflict("The other party's account is closed");
  return toContact(row, ownerAsks ? 'provider' : 'owner');
}
