import { takesSpecies, toPageMeta } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { BookingStatus, BookingWire } from '@pawsy/contract';
import { forbidden } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { DbOrTrx } from '../../db/index.ts';
import { findConflict, loadCalendars } from '../availability/index.ts';
import { petKindsOfBookings } from '../pets/index.ts';
import { listReviewsForBooking } from '../reviews/index.ts';
import { bookingWire, loadBookingWires } from './booking-wires.service.ts';
import { loadVisibleBooking, seesOwnerInFull, seesSitterInFull } from './bookings.access.ts';
import { hasTakenOn } from './booking-parties.ts';
import type { BookingExtras } from './bookings.mapper.ts';
import {
  pageAllBookings,
  pageOwnerBookings,
  pageProviderBookings,
  type BookingRow,
  type Page,
} from './bookings.repository.ts';
import { findParties } from './booking-parties.repository.ts';
import { bookingInterval, notTakenMessage } from './booking-requests.service.ts';
import { parseStringList } from '../../lib/user-columns.ts';
import { offeredRates } from './bookings.service.ts';
import { listProviderFeed } from './provider-feed.repository.ts';
import { feedDistanceKm } from './feed-distance.ts';

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
    bookingWire(app.db, row, {
      ownerInitialOnly: !seesOwnerInFull(row, caller),
      providerInitialOnly: !seesSitterInFull(row, caller),
    }),
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
  const { rows, total } = await pageOwnerBookings(app.db, caller.id, query.status, query);
  // A direct request's sitter is a stranger until they accept: their last initial only.
  const extras = new Map(rows.map((r) => [r.id, { providerInitialOnly: !hasTakenOn(r) }]));
  return toPage(await loadBookingWires(app.db, rows, extras), total, query);
}

/** GET /booking/provider/in-progress: the calling sitter's bookings in one status. */
export async function listProviderBookings(
  app: FastifyInstance,
  caller: AuthUser,
  query: Page & { status: BookingStatus },
): Promise<BookingPage> {
  if (caller.userType !== 'provider') throw forbidden('Only sitters have assigned bookings');
  const { rows, total } = await pageProviderBookings(app.db, caller.id, query.status, query);
  // The owner of a direct request not yet accepted reads as a stranger: the last initial only.
  const extras = new Map(rows.map((r) => [r.id, { ownerInitialOnly: !hasTakenOn(r) }]));
  return toPage(await loadBookingWires(app.db, rows, extras), total, query);
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
    const { rows, total } = await pageAllBookings(app.db, query.status, query);
    return toPage(await loadBookingWires(app.db, rows), total, query);
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
      services: me ? Object.keys(offeredRates(me)) : [],
      origin,
      now: nowIso(),
      ...(query.status ? { status: query.status } : {}),
    },
    query,
  );
  // Open bookings are strangers' homes: the owner by first name and last initial, and the
  // distance from a point rounded to ~1 km, itself rounded to whole km (DESIGN, privacy).
  // What a sitter decides on: the kinds of an open booking's pets (not the pets themselves).
  // And whether they can apply (the kinds of pets they take, their calendar), so they are not
  // offered an Apply that can only be refused.
  const open = rows.filter((r) => r.provider_id === null);
  const [kinds, conflicts] = await Promise.all([
    petKindsOfBookings(app.db, open),
    calendarConflicts(app.db, caller.id, open),
  ]);
  const takes = parseStringList(me?.pet_prefrences ?? null);
  const cannotApply = (id: string): BookingWire['cannotApply'] => {
    const refused = kinds.get(id)?.find((kind) => !takesSpecies(takes, kind));
    if (refused) return { reason: 'pets', message: notTakenMessage(refused) };
    const calendar = conflicts.get(id);
    return calendar ? { reason: 'calendar', message: calendar } : undefined;
  };
  const extras = new Map<string, BookingExtras>();
  for (const r of rows) {
    const km =
      origin && r.provider_id === null && r.owner_lat !== null && r.owner_lng !== null
        ? feedDistanceKm(origin, { latitude: Number(r.owner_lat), longitude: Number(r.owner_lng) })
        : undefined;
    extras.set(r.id, {
      ownerInitialOnly: !(r.provider_id === caller.id && hasTakenOn(r)),
      ...(km !== undefined ? { distanceKm: km } : {}),
      ...(kinds.has(r.id) ? { petKinds: kinds.get(r.id)! } : {}),
      cannotApply: r.provider_id === null ? cannotApply(r.id) : undefined,
    });
  }
  const plain: BookingRow[] = rows.map(({ owner_lat: _a, owner_lng: _b, ...row }) => row);
  return toPage(await loadBookingWires(app.db, plain, extras), total, query);
}

/**
 * Why the sitter's calendar rules out each of these open bookings (days away, weekly hours,
 * capacity), by booking id: what applying would answer (409), from one read of their calendar.
 */
export async function calendarConflicts(
  db: DbOrTrx,
  sitterId: string,
  rows: readonly Pick<BookingRow, 'id' | 'service' | 'start_at' | 'end_at'>[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (rows.length === 0) return out;
  const intervals = rows.map(bookingInterval);
  const range = {
    start: new Date(Math.min(...intervals.map((i) => i.start.getTime()))),
    end: new Date(Math.max(...intervals.map((i) => i.end.getTime()))),
  };
  const calendar = (await loadCalendars(db, [sitterId], range)).get(sitterId)!;
  rows.forEach((row, i) => {
    const found = findConflict(calendar, row.service, intervals[i]!, undefined, { you: true });
    if (found) out.set(row.id, found.message);
  });
  return out;
}
