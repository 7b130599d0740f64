import type { FastifyInstance } from 'fastify';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isChatParty, loadBookingParties, type BookingParties } from '../bookings/index.ts';
import { isBookingDisputed } from '../disputes/index.ts';

/**
 * Who reads a booking's messages: a party sees what they sent or received (`partyId`); an admin
 * sees everything once a dispute exists on the booking. Anyone else (an admin too, while there is
 * no dispute) gets the 404 of a booking that does not exist, as the bookings area answers and as
 * a single message of that thread answers (DESIGN §4).
 */
export async function readAccess(
  app: FastifyInstance,
  user: AuthUser,
  bookingId: string,
): Promise<{ parties: BookingParties; partyId: string | null }> {
  const parties = await loadBookingParties(app.db, bookingId);
  if (!parties) throw notFound('Booking');
  if (isChatParty(parties, user.id)) return { parties, partyId: user.id };
  if (user.userType === 'admin' && (await isBookingDisputed(app, bookingId)))
    return { parties, partyId: null };
  throw notFound('Booking');
}

/**
 * Whom the caller's message goes to: the owner for a sitter; the assigned sitter for the owner,
 * or on an open booking the sitter with a pending request (applied or invited) named in
 * `recipientId` (or the only one).
 */
export async function resolveRecipient(
  app: FastifyInstance,
  user: AuthUser,
  bookingId: string,
  recipientId: string | undefined,
): Promise<{ recipientId: string; parties: BookingParties }> {
  const parties = await loadBookingParties(app.db, bookingId);
  if (!parties) throw notFound('Booking');
  if (!isChatParty(parties, user.id)) {
    if (user.userType === 'admin')
      throw forbidden('Only the parties of a booking write in its chat');
    throw notFound('Booking');
  }
  const to = (id: string) => ({ recipientId: id, parties });
  if (parties.ownerId !== user.id) {
    // A sitter writes only to the owner: naming anyone else (another applicant) is refused, not
    // quietly redirected.
    if (recipientId && recipientId !== parties.ownerId)
      throw badRequest('recipientId must be the owner of this booking', 'recipientId');
    return to(parties.ownerId);
  }
  if (parties.providerId) {
    if (recipientId && recipientId !== parties.providerId) throw wrongRecipient();
    return to(parties.providerId);
  }
  if (recipientId) {
    if (!parties.applicantIds.includes(recipientId)) throw wrongRecipient();
    return to(recipientId);
  }
  if (parties.applicantIds.length === 1) return to(parties.applicantIds[0]!);
  if (parties.applicantIds.length === 0) throw conflict('No sitter to talk to on this booking yet');
  throw badRequest(
    'recipientId is required: choose which of the sitters on this booking to write to',
    'recipientId',
  );
}

const wrongRecipient = (): AppError =>
  badRequest(
    'recipientId must be the sitter of this booking or one with a pending request on it',
    'recipientId',
  );
