import { SqliteAdapter, sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { Database, FeedListingsTable } from '../../db/schema.ts';
import type { BookingRow, Page } from './bookings.repository.ts';
import { cardPaidOrNone } from './booking-charges.repository.ts';

export type FeedOptions = {
  providerId: string;
  services: readonly string[];
  origin: { latitude: number; longitude: number } | null;
  now: string;
  /** Only bookings in this status (open bookings are 'pending', so they show for that one only). */
  status?: BookingRow['status'];
};

type FeedRow = BookingRow & { owner_lat: number | null; owner_lng: number | null };

/**
 * What a sitter may act on: open bookings (pending, no sitter yet, not started, for a service they
 * offer, card part paid or none, not one they were rejected from or withdrew from), nearest owner
 * first when the sitter has a point (owners without one after them, newest first), then the
 * sitter's own bookings. Distance is ordered by an equirectangular approximation (plain
 * arithmetic, same on both engines); the shown km are computed for the page only
 * (feed-distance.ts).
 *
 * Open bookings come from feed_listings (trigger-kept, migration 09-00): the total is counted from
 * its (service, start_at, lat_cell) index, and the nearest ones are read from boxes around the
 * sitter that double in size until they hold the page's bookings within the box's inner circle,
 * so the work follows the number of bookings near the sitter, not the number open everywhere.
 */
export async function listProviderFeed(
  db: DbOrTrx,
  opts: FeedOptions,
  { page, limit }: Page,
): Promise<{ rows: FeedRow[]; total: number }> {
  const offset = (page - 1) * limit;
  const want = offset + limit;
  const withOpen =
    opts.services.length > 0 && (opts.status === undefined || opts.status === 'pending');
  const [open, ownTotal] = await Promise.all([
    withOpen ? countOpen(db, opts) : Promise.resolve({ located: 0, unlocated: 0 }),
    countOwn(db, opts),
  ]);
  const openTotal = open.located + open.unlocated;
  const ids: string[] = [];
  if (withOpen && offset < openTotal) {
    if (opts.origin) {
      if (offset < open.located)
        ids.push(
          ...(await nearestOpen(db, opts, opts.origin, Math.min(want, open.located))).slice(
            offset,
            want,
          ),
        );
      if (want > open.located)
        ids.push(
          ...(await newestOpen(
            db,
            opts,
            true,
            Math.max(0, offset - open.located),
            want - Math.max(offset, open.located),
          )),
        );
    } else ids.push(...(await newestOpen(db, opts, false, offset, limit)));
  }
  const [openRows, ownRows] = await Promise.all([
    rowsById(db, ids),
    want > openTotal
      ? pageOwn(db, opts, Math.max(0, offset - openTotal), want - Math.max(offset, openTotal))
      : Promise.resolve([]),
  ]);
  return { rows: [...openRows, ...ownRows], total: openTotal + ownTotal };
}

/**
 * A listing the sitter may see: one of their services, not started, not refused to them. With
 * `boxed`, SQLite is kept from reading the (service, start_at) index for these terms (a unary `+`
 * makes a column unusable for an index): without statistics it would take it over the box's
 * (lat_cell, longitude) index and read every open booking. PostgreSQL weighs both by its
 * statistics.
 */
function visible(
  db: DbOrTrx,
  eb: ExpressionBuilder<Database & { f: FeedListingsTable }, 'f'>,
  opts: FeedOptions,
  boxed = false,
) {
  const plain = (col: 'f.service' | 'f.start_at') =>
    boxed && db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<string>`+${sql.ref(col)}`
      : sql.ref<string>(col);
  return eb.and([
    eb(plain('f.service'), 'in', [...opts.services]),
    eb(plain('f.start_at'), '>', opts.now),
    eb.not(
      eb.exists(
        eb
          .selectFrom('booking_requests as br')
          .select('br.id')
          .whereRef('br.booking_id', '=', 'f.booking_id')
          .where('br.provider_id', '=', opts.providerId)
          .where('br.state', 'in', ['rejected', 'withdrawn', 'closed']),
      ),
    ),
  ]);
}

/**
 * Open bookings the sitter may see, with and without an owner's point: every listing of their
 * services not yet started (index only), less those they were rejected from or withdrew from
 * (from their own requests; at most one request per booking and sitter).
 */
async function countOpen(db: DbOrTrx, opts: FeedOptions) {
  const [all, refused] = await Promise.all([
    db
      .selectFrom('feed_listings as f')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.count<number | string>('f.lat_cell').as('located'),
      ])
      .where('f.service', 'in', [...opts.services])
      .where('f.start_at', '>', opts.now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('booking_requests as br')
      .innerJoin('feed_listings as f', 'f.booking_id', 'br.booking_id')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.count<number | string>('f.lat_cell').as('located'),
      ])
      .where('br.provider_id', '=', opts.providerId)
      .where('br.state', 'in', ['rejected', 'withdrawn', 'closed'])
      .where('f.service', 'in', [...opts.services])
      .where('f.start_at', '>', opts.now)
      .executeTakeFirstOrThrow(),
  ]);
  const located = Number(all.located) - Number(refused.located);
  return { located, unlocated: Number(all.n) - Number(refused.n) - located };
}

/**
 * How far an owner's point may lie from its grid point (0.01°, feed-distance.ts), in degrees of
 * latitude along any direction (with longitude scaled by cos(latitude), as distance2 does).
 */
const GRID_SLACK = 0.01;

/**
 * Squared equirectangular distance (degrees of latitude) from `origin` to a listing's owner point
 * snapped to the 0.01° grid, as the shown km are: sorting by the exact point let a sitter who
 * moves their own point and watches two listings swap places find an owner's door to the metre.
 * Listings in one grid cell tie, and fall back to newest first. `point`: the listing (`f`) or,
 * for the sitter's own bookings, the owner's row (`o`).
 */
function distance2(
  origin: { latitude: number; longitude: number },
  point: 'f' | 'o' = 'f',
): RawBuilder<number> {
  const k = Math.cos((origin.latitude * Math.PI) / 180);
  const { latitude: lat0, longitude: lng0 } = origin;
  const lat = sql`(round(${sql.ref(`${point}.latitude`)} * 100) / 100.0)`;
  const lng = sql`(round(${sql.ref(`${point}.longitude`)} * 100) / 100.0)`;
  return sql<number>`((${lat} - ${lat0}) * (${lat} - ${lat0}) + (${lng} - ${lng0}) * ${k} * (${lng} - ${lng0}) * ${k})`;
}

const cellOf = (latitude: number) => Math.floor((latitude + 90) * 10);

/**
 * Ids of the `n` nearest visible listings with a point (n ≤ how many there are), nearest grid
 * point first, then newest. Reads a box of half-side `d` degrees of latitude (and d / cos(latitude)
 * of longitude) from the (lat_cell, longitude) index; when it holds n listings whose grid points
 * are no farther than d less the grid's slack, those are the n nearest anywhere. Otherwise the box
 * doubles, up to the whole globe.
 */
async function nearestOpen(
  db: DbOrTrx,
  opts: FeedOptions,
  origin: { latitude: number; longitude: number },
  n: number,
): Promise<string[]> {
  const k = Math.cos((origin.latitude * Math.PI) / 180);
  for (let d = 0.5; ; d *= 2) {
    const whole = d >= 180;
    const dLng = k > 0.01 ? d / k : 360;
    const lo = Math.max(0, cellOf(origin.latitude - d) - 1);
    const hi = Math.min(1800, cellOf(origin.latitude + d) + 1);
    let q = db
      .selectFrom('feed_listings as f')
      .select(['f.booking_id', distance2(origin).as('d2')])
      .where((eb) => visible(db, eb, opts, true));
    q =
      hi - lo < 200
        ? q.where(
            'f.lat_cell',
            'in',
            Array.from({ length: hi - lo + 1 }, (_, i) => lo + i),
          )
        : q.where('f.lat_cell', '>=', lo).where('f.lat_cell', '<=', hi);
    if (!whole)
      q = q
        .where('f.longitude', '>=', origin.longitude - dLng)
        .where('f.longitude', '<=', origin.longitude + dLng)
        .where('f.latitude', '>=', origin.latitude - d)
        .where('f.latitude', '<=', origin.latitude + d);
    const rows = await q
      .orderBy(sql`d2`)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.booking_id', 'desc')
      .limit(n)
      .execute();
    // Every listing whose exact point is within d is in the box, so every one whose grid point is
    // within d - GRID_SLACK is: n of those are the n nearest anywhere.
    if (whole || (rows.length === n && Number(rows[n - 1]!.d2) <= (d - GRID_SLACK) ** 2))
      return rows.map((r) => r.booking_id);
  }
}

/**
 * Ids of visible listings newest first: those without an owner's point (`unlocatedOnly`, listed
 * after the located ones) or all of them (a sitter without a point of their own).
 */
async function newestOpen(
  db: DbOrTrx,
  opts: FeedOptions,
  unlocatedOnly: boolean,
  offset: number,
  limit: number,
): Promise<string[]> {
  let q = db
    .selectFrom('feed_listings as f')
    .select('f.booking_id')
    .where((eb) => visible(db, eb, opts));
  if (unlocatedOnly) q = q.where('f.lat_cell', 'is', null);
  const rows = await q
    .orderBy('f.created_at', 'desc')
    .orderBy('f.booking_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.booking_id);
}

/** The bookings of `ids` with their owner's point, in the order of `ids`. */
async function rowsById(db: DbOrTrx, ids: string[]): Promise<FeedRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('users as o', 'o.id', 'bookings.owner_id')
    .selectAll('bookings')
    .select(['o.latitude as owner_lat', 'o.longitude as owner_lng'])
    .where('bookings.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function own(db: DbOrTrx, opts: FeedOptions) {
  let q = db
    .selectFrom('bookings')
    .where('bookings.provider_id', '=', opts.providerId)
    // A booking reaches sitters only once its card part is paid (booking-charges.repository.ts).
    .where(cardPaidOrNone);
  if (opts.status) q = q.where('bookings.status', '=', opts.status);
  return q;
}

async function countOwn(db: DbOrTrx, opts: FeedOptions): Promise<number> {
  const row = await own(db, opts)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The sitter's own bookings (few: their own work), nearest owner (grid point) first, then newest. */
async function pageOwn(
  db: DbOrTrx,
  opts: FeedOptions,
  offset: number,
  limit: number,
): Promise<FeedRow[]> {
  let q = own(db, opts)
    .innerJoin('users as o', 'o.id', 'bookings.owner_id')
    .selectAll('bookings')
    .select(['o.latitude as owner_lat', 'o.longitude as owner_lng']);
  if (opts.origin)
    q = q
      .orderBy(sql`case when o.latitude is null or o.longitude is null then 1 else 0 end`)
      .orderBy(distance2(opts.origin, 'o'));
  return q
    .orderBy('bookings.created_at', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
