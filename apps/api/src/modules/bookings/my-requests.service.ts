import { toPageMeta } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { MyRequestWire } from '@pawsy/contract';
import type { BookingRequestsTable } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { toRequestWires, type RequestWire } from './booking-requests.service.ts';
import { toBookingWire, toUserCard } from './bookings.mapper.ts';
import { findBooking, findParties, findRequest, type Page } from './bookings.repository.ts';

export type MyRequestsPage = {
  success: true;
  data: MyRequestWire[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
};

type RequestState = BookingRequestsTable['state'];

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
  let base = app.db.selectFrom('booking_requests').where('provider_id', '=', caller.id);
  if (query.state) base = base.where('state', '=', query.state);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  const total = Number(count?.n ?? 0);
  const data = await withBookings(app, rows);
  return { success: true, data, ...toPageMeta(page, limit, total) };
}

async function withBookings(
  app: FastifyInstance,
  rows: BookingRequestsTable[],
): Promise<MyRequestWire[]> {
  if (rows.length === 0) return [];
  const bookingIds = [...new Set(rows.map((r) => r.booking_id))];
  const bookings = await app.db
    .selectFrom('bookings')
    .selectAll()
    .where('id', 'in', bookingIds)
    .execute();
  const [owners, wires] = await Promise.all([
    findParties(
      app.db,
      bookings.map((b) => b.owner_id),
    ),
    toRequestWires(app.db, rows),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, toUserCard(o)]));
  const summaryById = new Map(
    bookings.map((b) => {
      const full = toBookingWire(b, {
        owner: ownerById.get(b.owner_id) ?? {
          _id: b.owner_id,
          firstName: 'Deleted',
          lastName: 'user',
          image: null,
        },
        provider: null,
        events: [],
      });
      const { _id, service, startDate, endDate, status, owner, price } = full;
      return [b.id, { _id, service, startDate, endDate, status, owner, price }] as const;
    }),
  );
  return wires.map((w) => ({ ...w, booking: summaryById.get(w.bookingId)! }));
}

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
  const res = await app.db
    .updateTable('booking_requests')
    .set({ state: 'withdrawn', updated_at: now })
    .where('id', '=', request.id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict('This request is no longer pending');
  const [wire] = await toRequestWires(app.db, [
    { ...request, state: 'withdrawn', updated_at: now },
  ]);
  await notifyUser(app, booking.owner_id, {
    type: 'booking-request-withdrawn',
    message: `${wire!.provider.firstName} withdrew their application to your ${booking.service} booking`,
    data: { bookingId: booking.id, requestId: request.id },
  });
  return wire!;
}
