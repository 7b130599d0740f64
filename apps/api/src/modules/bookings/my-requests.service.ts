import { toPageMeta, serviceWord } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { MyRequestWire } from '@pawsy/contract';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { notifyUser } from '../notifications/index.ts';
import { lastInitial } from '../../lib/user-columns.ts';
import {
  findRequest,
  pageRequestsOfProvider,
  setStateIfPending,
  type RequestRow,
  type RequestState,
} from './booking-requests.repository.ts';
import { calendarConflicts } from './booking-lists.service.ts';
import { loadRequestWires } from './booking-wires.service.ts';
import { seesOwnerInFull } from './bookings.access.ts';
import { missingCard, toBookingWire, toUserCard, type RequestWire } from './bookings.mapper.ts';
import { findBooking, findBookings, type Page } from './bookings.repository.ts';
import { findParties } from './booking-parties.repository.ts';

export type MyRequestsPage = {
  success: true;
  data: MyRequestWire[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
};

/**
 * GET /booking/requests/mine: the calling sitter's requests (applications and invitations),
 * newest first, each with a summary of its booking. Served by the (provider_id, created_at)
 * index of booking_requests.
 */
export async function listMyRequests(
  app: FastifyInstance,
  caller: AuthUser,
  query: Page & { state?: RequestState },
): Promise<MyRequestsPage> {
  if (caller.userType !== 'provider') throw forbidden('Only sitters have booking requests');
  const { page, limit } = query;
  const { rows, total } = await pageRequestsOfProvider(app.db, caller.id, query.state, query);
  const data = await withBookings(app, caller, rows);
  return { success: true, data, ...toPageMeta(page, limit, total) };
}

/** Each request with a summary of its booking; the owner by last initial until assigned. */
async function withBookings(
  app: FastifyInstance,
  caller: AuthUser,
  rows: RequestRow[],
): Promise<MyRequestWire[]> {
  if (rows.length === 0) return [];
  const bookings = await findBookings(
    app.db,
    rows.map((r) => r.booking_id),
  );
  // Pending invitations on a booking still open: whether the sitter's calendar allows accepting.
  const invitedTo = new Set(
    rows
      .filter((r) => r.state === 'pending' && r.initiated_by === 'owner')
      .map((r) => r.booking_id),
  );
  const [owners, wires, conflicts] = await Promise.all([
    findParties(
      app.db,
      bookings.map((b) => b.owner_id),
    ),
    loadRequestWires(app.db, rows),
    calendarConflicts(
      app.db,
      caller.id,
      bookings.filter((b) => invitedTo.has(b.id) && b.status === 'pending'),
    ),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, toUserCard(o)]));
  const summaryById = new Map(
    bookings.map((b) => {
      const card = ownerById.get(b.owner_id) ?? missingCard(b.owner_id);
      const full = toBookingWire(b, {
        // A direct request's sitter is its party from the start, but strangers until accepting.
        owner: seesOwnerInFull(b, caller)
          ? card
          : { ...card, lastName: lastInitial(card.lastName) },
        provider: null,
        events: [],
      });
      const { _id, service, startDate, endDate, status, owner, price, pets, notes } = full;
      const summary = { _id, service, startDate, endDate, status, owner, price, pets, notes };
      return [b.id, summary] as const;
    }),
  );
  return wires.map((w) => {
    const summary = summaryById.get(w.bookingId)!;
    const calendar = w.state === 'pending' ? conflicts.get(w.bookingId) : undefined;
    if (calendar)
      return { ...w, booking: summary, cannotAccept: { reason: 'calendar', message: calendar } };
    if (keepsBooking(w.state)) return { ...w, booking: summary };
    // A request withdrawn, rejected or closed: the sitter lost the booking (GET /booking/{id} is
    // 404 to them), so only what they applied for is repeated, never its price, pets, notes or
    // later status (docs/decisions.md "Lost requests in /requests/mine").
    const { _id, service, startDate, endDate, owner } = summary;
    return { ...w, booking: { _id, service, startDate, endDate, owner, price: null } };
  });
}

/** The request states in which a sitter still sees its booking, as canView (bookings.access) decides. */
const keepsBooking = (state: RequestState) => state === 'pending' || state === 'accepted';

/**
 * DELETE /booking/{id}/send-request: a sitter withdraws their own pending application. The row
 * stays (state 'withdrawn'); a conditional UPDATE makes a concurrent decision win or lose cleanly.
 */
export async function withdrawMyRequest(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
): Promise<RequestWire> {
  if (caller.userType !== 'provider') throw forbidden('Only sitters can withdraw an application');
  const request = await findRequest(app.db, bookingId, caller.id);
  const booking = request ? await findBooking(app.db, bookingId) : undefined;
  if (!request || !booking) throw notFound('Request');
  if (request.initiated_by !== 'provider')
    throw conflict('An invitation is answered with a decision, not withdrawn');
  if (request.state !== 'pending') throw conflict(`This request is already ${request.state}`);
  const now = nowIso();
  if (!(await setStateIfPending(app.db, request.id, 'withdrawn', now)))
    throw conflict('This request is no longer pending');
  const [wire] = await loadRequestWires(app.db, [
    { ...request, state: 'withdrawn', updated_at: now },
  ]);
  await notifyUser(app, booking.owner_id, {
    type: 'booking-request-withdrawn',
    message: `${wire!.provider.firstName} withdrew their application to your ${serviceWord(booking.service)} booking`,
    data: { bookingId: booking.id, requestId: request.id },
  });
  return wire!;
}
