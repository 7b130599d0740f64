import type { Updateable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { BookingSeriesTable, BookingsTable } from '../../db/schema.ts';

export type SeriesRow = BookingSeriesTable;
export type SeriesStatus = SeriesRow['status'];
type SeriesChanges = Updateable<BookingSeriesTable>;

export async function insertSeries(db: DbOrTrx, row: SeriesRow): Promise<void> {
  await db.insertInto('booking_series').values(row).execute();
}

export function findSeries(db: DbOrTrx, id: string): Promise<SeriesRow | undefined> {
  return db.selectFrom('booking_series').selectAll().where('id', '=', id).executeTakeFirst();
}

export type SeriesFilter = {
  ownerId?: string;
  providerId?: string;
  status?: SeriesStatus | undefined;
  sitterVisible?: boolean;
};

function seriesOf(db: DbOrTrx, filter: SeriesFilter) {
  let q = db.selectFrom('booking_series');
  if (filter.ownerId) q = q.where('owner_id', '=', filter.ownerId);
  if (filter.providerId) q = q.where('provider_id', '=', filter.providerId);
  if (filter.status) q = q.where('status', '=', filter.status);
  // A series whose card part is not paid has not reached its sitter.
  if (filter.sitterVisible) q = q.where('charge_state', 'in', ['none', 'paid']);
  return q;
}

/** A page of the caller's series as owner or as sitter, newest first (owner / provider index). */
export function listSeriesOf(
  db: DbOrTrx,
  filter: SeriesFilter,
  limit: number,
  offset: number,
): Promise<SeriesRow[]> {
  return seriesOf(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many series `listSeriesOf` pages through. */
export async function countSeriesOf(db: DbOrTrx, filter: SeriesFilter): Promise<number> {
  const row = await seriesOf(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Applies `changes` only while the series is still in status `from` (and, for a decision, its
 * card part is paid or was never due); false when a concurrent move got there first.
 */
export async function updateSeriesIfStatus(
  db: DbOrTrx,
  id: string,
  from: SeriesStatus,
  changes: SeriesChanges,
  opts: { decidable?: boolean } = {},
): Promise<boolean> {
  let q = db
    .updateTable('booking_series')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from);
  if (opts.decidable) q = q.where('charge_state', 'in', ['none', 'paid']);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** awaiting → paid or cancelled; false when the series' charge had already left 'awaiting'. */
export async function settleSeriesChargeIfAwaiting(
  db: DbOrTrx,
  id: string,
  state: 'paid' | 'cancelled',
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('booking_series')
    .set({ charge_state: state, checkout_url: null, updated_at: now })
    .where('id', '=', id)
    .where('charge_state', '=', 'awaiting')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The checkout opened for an awaiting series: its payment and where the owner pays. */
export async function setSeriesCheckout(
  db: DbOrTrx,
  id: string,
  paymentId: string,
  url: string,
): Promise<void> {
  await db
    .updateTable('booking_series')
    .set({ payment_id: paymentId, checkout_url: url })
    .where('id', '=', id)
    .where('charge_state', '=', 'awaiting')
    .execute();
}

/** Adds a card refund made for the series as a whole (never beyond what the card paid). */
export async function addSeriesCardRefundIfWithin(
  db: DbOrTrx,
  id: string,
  cents: number,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('booking_series')
    .set((eb) => ({
      card_refunded_cents: eb('card_refunded_cents', '+', cents),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('charge_state', 'in', ['paid', 'cancelled'])
    .where((eb) => eb('card_refunded_cents', '<=', eb('card_cents', '-', cents)))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Pending series whose first occurrence has started: nobody decided in time. */
export function findStalePendingSeries(
  db: DbOrTrx,
  now: string,
  limit = 200,
): Promise<SeriesRow[]> {
  return db
    .selectFrom('booking_series')
    .selectAll()
    .where('status', '=', 'pending')
    .where('first_start_at', '<=', now)
    .orderBy('first_start_at', 'asc')
    .limit(limit)
    .execute();
}

/** The bookings made for a series, by start (bookings_series_idx). */
export function findSeriesBookings(db: DbOrTrx, seriesId: string): Promise<BookingsTable[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('start_at', 'asc')
    .execute();
}

export async function findBookingsOfSeries(
  db: DbOrTrx,
  seriesIds: readonly string[],
): Promise<BookingsTable[]> {
  if (seriesIds.length === 0) return [];
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('series_id', 'in', [...new Set(seriesIds)])
    .orderBy('start_at', 'asc')
    .execute();
}
