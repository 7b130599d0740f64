import type { FastifyInstance } from 'fastify';
import { serviceWord, sitterInviteBody } from '@pawsy/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { validationError } from '../../plugins/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertSitterFree } from '../availability/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { bookingMail } from './booking-reminder-notices.ts';
import {
  findRequest,
  insertRequest,
  listRequests,
  type RequestRow,
} from './booking-requests.repository.ts';
import { loadRequestWires } from './booking-wires.service.ts';
import { canView, isOpen, loadVisibleBooking } from './bookings.access.ts';
import { hasTakenOn } from './booking-parties.ts';
import type { RequestWire } from './bookings.mapper.ts';
import { findBooking, isUniqueViolation, type BookingRow } from './bookings.repository.ts';
import type { PartyRow } from './booking-parties.repository.ts';
import { ownedPets } from '../pets/index.ts';
import { parseStringList } from '../../lib/user-columns.ts';
import { assertTakesPets, loadProviderRate, refusedPet } from './bookings.service.ts';

/** The instants a booking covers, as the calendar checks read them. */
export const bookingInterval = (b: Pick<BookingRow, 'start_at' | 'end_at'>) => ({
  start: new Date(b.start_at),
  end: new Date(b.end_at),
});

/**
 * POST /booking/{id}/send-request: a sitter applies to an open booking, or its owner invites a
 * sitter (`providerId`). One request per (booking, sitter), enforced by a unique index. A sitter
 * whose calendar is not free for the booking's time is refused with 409 naming the conflict.
 */
export async function sendRequest(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
  body: { providerId?: string } | null | undefined,
): Promise<RequestWire> {
  const booking = await loadVisibleBooking(app.db, caller, bookingId);
  let providerId: string;
  let initiatedBy: 'owner' | 'provider';
  if (booking.owner_id === caller.id) {
    const invite = sitterInviteBody.safeParse(body ?? {});
    if (!invite.success) throw validationError(invite.error.issues);
    providerId = invite.data.providerId;
    initiatedBy = 'owner';
  } else if (caller.userType === 'provider') {
    if (body?.providerId && body.providerId !== caller.id)
      throw forbidden('A sitter can only apply for themselves');
    providerId = caller.id;
    initiatedBy = 'provider';
  } else {
    throw forbidden('Only the owner can invite sitters, and only sitters can apply');
  }
  if (!isOpen(booking)) throw conflict('This booking is not open for requests');
  const { provider } = await loadProviderRate(
    app.db,
    providerId,
    booking.service,
    initiatedBy === 'owner' ? 'providerId' : 'service',
  );
  await assertTakesBookingPets(app, booking, provider, initiatedBy);
  // Pending requests occupy nothing (no lock); the acceptance re-checks under the sitter's lock.
  await assertSitterFree(app.db, providerId, booking.service, bookingInterval(booking), {
    who: initiatedBy === 'provider' ? { you: true } : { name: provider.first_name },
  });
  if (await findRequest(app.db, booking.id, providerId))
    throw conflict('A request for this sitter already exists on this booking');
  const now = nowIso();
  const row: RequestRow = {
    id: newId(),
    booking_id: booking.id,
    provider_id: providerId,
    initiated_by: initiatedBy,
    state: 'pending',
    created_at: now,
    updated_at: now,
  };
  try {
    await insertRequest(app.db, row);
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('A request for this sitter already exists on this booking');
    throw err;
  }
  const [wire] = await loadRequestWires(app.db, [row], sitterNameFor(caller, booking));
  if (initiatedBy === 'owner') {
    await notifyUser(app, providerId, {
      type: 'booking-invitation',
      message: `You are invited to a ${serviceWord(booking.service)} booking`,
      data: { bookingId: booking.id, requestId: row.id },
      mail: bookingMail(booking.id, 'You are invited to a booking', 'Answer the invitation'),
    });
  } else {
    await notifyUser(app, booking.owner_id, {
      type: 'booking-request',
      message: `${wire!.provider.firstName} applied to your ${serviceWord(booking.service)} booking`,
      data: { bookingId: booking.id, requestId: row.id },
      mail: bookingMail(booking.id, 'A sitter applied to your booking', 'See the applicants'),
    });
  }
  return wire!;
}

/**
 * A sitter is asked only for pets they take (as for a direct request): the owner's invitation is
 * 400 on `providerId`; a sitter's application is 409, their own profile being what stands in the way.
 */
async function assertTakesBookingPets(
  app: FastifyInstance,
  booking: BookingRow,
  provider: PartyRow,
  initiatedBy: 'owner' | 'provider',
): Promise<void> {
  const pets = await ownedPets(app.db, booking.owner_id, parseStringList(booking.pets));
  if (initiatedBy === 'owner') return assertTakesPets(provider, pets, 'providerId');
  // The sitter has not seen the owner's pets: the kind is named, not the pet.
  const refused = refusedPet(provider, pets);
  if (refused) throw conflict(notTakenMessage(refused.species));
}

/** Why a sitter cannot apply to a booking with a pet of this kind (their profile's kinds). */
export const notTakenMessage = (species: string) =>
  `This booking includes a ${species}, not among the pets you take. ` +
  'Add it to the pets you take in your profile to apply.';

/** GET /booking/{id}/requests: all of them for the owner and admins, a sitter's own otherwise. */
export async function listBookingRequests(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
): Promise<RequestWire[]> {
  const booking: BookingRow = await loadVisibleBooking(app.db, caller, bookingId);
  const seesAll = caller.userType === 'admin' || booking.owner_id === caller.id;
  const rows = await listRequests(app.db, booking.id, seesAll ? undefined : caller.id);
  return loadRequestWires(app.db, rows, sitterNameFor(caller, booking));
}

/**
 * Whose whole last name the caller reads on a booking's requests: their own, every one for an
 * admin, and for the owner the sitter's who took the booking on (accepted it). An owner reads an applicant or invitee as the
 * sitter cards show them, with the last initial.
 */
const sitterNameFor = (caller: AuthUser, booking: BookingRow) => (providerId: string) =>
  caller.userType === 'admin' ||
  caller.id === providerId ||
  (booking.provider_id === providerId && hasTakenOn(booking));

/**
 * The booking and request a decision is about. A sitter answering a request of theirs that another
 * sitter's acceptance closed gets the 409 of a lost race (as on PostgreSQL, where both pass these
 * reads and the conditional UPDATE picks the winner), not the 404 their closed request otherwise
 * gives: DESIGN §5, "two accepts racing give one winner and a 409". Anyone else's or an unknown
 * request stays 404.
 */
export async function loadDecidableRequest(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
  providerId: string,
): Promise<{ booking: BookingRow; request: RequestRow }> {
  const found = await findBooking(app.db, bookingId);
  const isOwn = providerId === caller.id;
  // The caller's own request, read once: before the visibility check (below) and as the request.
  const own = found && isOwn ? await findRequest(app.db, found.id, caller.id) : undefined;
  if (found && isOwn) {
    if (own && lostToAnotherSitter(found, own)) throw alreadyAccepted();
    // Cancelled (or expired) before anyone took it on: its sitter no longer sees it, but one who
    // had a request on it is told why their answer came too late rather than "not found".
    if (own && found.status === 'cancelled') throw conflict('This booking is already cancelled');
  }
  if (!found || !(await canView(app.db, found, caller))) throw notFound('Booking');
  const booking = found;
  const request = isOwn ? own : await findRequest(app.db, booking.id, providerId);
  if (!request) throw notFound('Request');
  if (request.initiated_by === 'provider' && booking.owner_id !== caller.id)
    throw forbidden("Only the booking's owner can decide on a sitter's application");
  if (request.initiated_by === 'owner' && request.provider_id !== caller.id)
    throw forbidden('Only the invited sitter can answer this invitation');
  if (booking.status !== 'pending') throw conflict(`This booking is already ${booking.status}`);
  if (request.state !== 'pending') {
    // Closed by another sitter's acceptance that committed between the two reads above: the
    // booking, read again, says so, rather than calling this request withdrawn.
    const now = await findBooking(app.db, bookingId);
    if (now && lostToAnotherSitter(now, request)) throw alreadyAccepted();
    if (now && now.status !== 'pending') throw conflict(`This booking is already ${now.status}`);
    throw conflict(`This request is already ${request.state}`);
  }
  return { booking, request };
}

/** A request closed because the booking went to another sitter (closeOpenRequests on acceptance). */
const lostToAnotherSitter = (booking: BookingRow, request: RequestRow) =>
  request.state === 'closed' &&
  booking.provider_id !== null &&
  booking.provider_id !== request.provider_id;

export const alreadyAccepted = () => conflict('This booking is already accepted');
