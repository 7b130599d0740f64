import { toPageMeta, normalizeRates } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { BookingStatus, BookingWire } from '@pawsy/contract';
import { forbidden } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { listReviewsForBooking } from '../reviews/index.ts';
import { parseServiceRates } from '../../lib/user-columns.ts';
import { loadVisibleBooking } from './bookings.access.ts';
import { toBookingWires } from './bookings.mapper.ts';
import { findParties, pageOf, type BookingRow, type Page } from './bookings.repository.ts';
import { bookingWire } from './bookings.service.ts';
import { distanceKm, listProviderFeed } from './provider-feed.repository.ts';

export type BookingPage = {
  success: true;
  data: BookingWire[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
};

function toPage(data: BookingWire[], total: number, { page, limit }: Page): BookingPage {
  return { success: true, data, ...toPageMeta(page, limit, total) };
}

export async function getBookingDetail(app: FastifyInstance, caller: AuthUser, id: string) {
  const row = await loadVisibleBooking(app.db, caller, id);
  const [booking, reviews] = await Promise.all([
    bookingWire(app.db, row),
    listReviewsForBooking(app.db, row.id, caller.id),
  ]);
  return { booking, reviews };
}

/** GET /booking/user: the caller's bookings as owner, newest first. */
export async function listOwnBookings(
  app: FastifyInstance,
  caller: AuthUser,
  query: Page & { status?: BookingStatus },
): Promise<BookingPage> {
  const { rows, total } = await pageOf(
    app.db,
    (q) => {
      let b = q.where('bookings.owner_id', '=', caller.id);
      if (query.status) b = b.where('bookings.status', '=', query.status);
      return b;
    },
    (q) => q.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc'),
    query,
  );
  return toPage(await toBookingWires(app.db, rows), total, query);
}

/** GET /booking/provider/in-progress: the calling sitter's bookings in one status. */
export async function listProviderBookings(
  app: FastifyInstance,
  caller: AuthUser,
  query: Page & { status: BookingStatus },
): Promise<BookingPage> {
  if (caller.userType !== 'provider') throw forbidden('Only sitters have assigned bookings');
  const { rows, total } = await pageOf(
    app.db,
    (q) =>
      q.where('bookings.provider_id', '=', caller.id).where('bookings.status', '=', query.status),
    (q) => q.orderBy('bookings.start_at', 'asc').orderBy('bookings.id', 'asc'),
    query,
  );
  return toPage(await toBookingWires(app.db, rows), total, query);
}

/**
 * GET /booking/: what the caller may act on. Sitters: open bookings to apply to (nearest owner
 * first when the sitter has coordinates) and then their own; admins: all; owners: their own.
 */
export async function listBookingsForCaller(
  app: FastifyInstance,
  caller: AuthUser,
  query: Page & { status?: BookingStatus },
): Promise<BookingPage> {
  if (caller.userType === 'user') return listOwnBookings(app, caller, query);
  if (caller.userType === 'admin') {
    const { rows, total } = await pageOf(
      app.db,
      (q) => (query.status ? q.where('bookings.status', '=', query.status) : q),
      (q) => q.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc'),
      query,
    );
    return toPage(await toBookingWires(app.db, rows), total, query);
  }
  const [me] = await findParties(app.db, [caller.id]);
  const origin =
    me && me.latitude !== null && me.longitude !== null
      ? { latitude: Number(me.latitude), longitude: Number(me.longitude) }
      : null;
  const { rows, total } = await listProviderFeed(
    app.db,
    {
      providerId: caller.id,
      services: Object.keys(normalizeRates(parseServiceRates(me?.service_rates ?? '{}'))),
      origin,
      now: nowIso(),
      ...(query.status ? { status: query.status } : {}),
    },
    query,
  );
  const extras = new Map<string, { distanceKm?: number }>();
  for (const r of rows) {
    if (origin && r.provider_id === null && r.owner_lat !== null && r.owner_lng !== null) {
      const km = distanceKm(origin, {
        latitude: Number(r.owner_lat),
        longitude: Number(r.owner_lng),
      });
      extras.set(r.id, { distanceKm: Math.round(km) });
    }
  }
  const plain: BookingRow[] = rows.map(({ owner_lat: _a, owner_lng: _b, ...row }) => row);
  return toPage(await toBookingWires(app.db, plain, extras), total, query);
}
