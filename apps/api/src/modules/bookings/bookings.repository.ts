import type { SelectQueryBuilder, Updateable } from 'kysely';
import { compiledRead, compiledWrite, type DbOrTrx } from '../../db/index.ts';
import { cardPaidOrNone } from './booking-charges.repository.ts';

export { isUniqueViolation } from '../../db/index.ts';
import type { BookingEventsTable, BookingsTable, Database } from '../../db/schema.ts';

export type BookingRow = BookingsTable;
export type Page = { page: number; limit: number };

const insertBookingsRow = compiledWrite((db, row: BookingRow) =>
  db.insertInto('bookings').values(row),
);

export async function insertBooking(db: DbOrTrx, row: BookingRow): Promise<void> {
  await insertBookingsRow(db, row);
}

export async function findBooking(db: DbOrTrx, id: string): Promise<BookingRow | undefined> {
  return (await selectBooking(db, id))[0];
}
const selectBooking = compiledRead((db, id: string) =>
  db.selectFrom('bookings').selectAll().where('id', '=', id),
);

export async function findBookings(db: DbOrTrx, ids: readonly string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

type BookingChanges = Updateable<BookingsTable>;

/**
 * Assigns `providerId` and moves a booking to accepted, only while it is still pending, has not
 * started (at `now`) and has no other sitter. False when a concurrent decision got there first.
 */
export async function acceptIfPending(
  trx: DbOrTrx,
  bookingId: string,
  providerId: string,
  now: string,
  changes: BookingChanges,
): Promise<boolean> {
  const res = await trx
    .updateTable('bookings')
    .set({ ...changes, status: 'accepted', provider_id: providerId })
    .where('id', '=', bookingId)
    .where('status', '=', 'pending')
    // Not once its start has come: the expiry sweep's rule (expireIfPending), so the two agree.
    .where('start_at', '>', now)
    .where((eb) => eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', providerId)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Applies `changes` only while the booking is still in status `from`; false if it moved. */
export async function updateIfStatus(
  trx: DbOrTrx,
  bookingId: string,
  from: BookingRow['status'],
  changes: BookingChanges,
): Promise<boolean> {
  const res = await trx
    .updateTable('bookings')
    .set(changes)
    .where('id', '=', bookingId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const insertBookingEventsRow = compiledWrite((db, row: BookingEventsTable) =>
  db.insertInto('booking_events').values(row),
);

export async function insertEvent(db: DbOrTrx, row: BookingEventsTable): Promise<void> {
  await insertBookingEventsRow(db, row);
}

const selectEvents = compiledRead((db, bookingIds: string[]) =>
  db
    .selectFrom('booking_events')
    .selectAll()
    .where('booking_id', 'in', bookingIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export async function listEvents(
  db: DbOrTrx,
  bookingIds: readonly string[],
): Promise<BookingEventsTable[]> {
  if (bookingIds.length === 0) return [];
  return selectEvents(db, [...bookingIds]);
}

export function findEvent(db: DbOrTrx, bookingId: string, eventId: string) {
  return db
    .selectFrom('booking_events')
    .selectAll()
    .where('id', '=', eventId)
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

type BookingQuery = SelectQueryBuilder<Database, 'bookings', BookingRow>;

/**
 * A paged booking list of fixed shape: `filter` narrows the bookings using its arguments as bound
 * values only, `order` sets the page order. The page and the count (unless `total` gives it, e.g.
 * from countBookingsByStatus) are each compiled once and only run after (compiledRead).
 */
function bookingPager<A extends unknown[]>(
  filter: (q: BookingQuery, ...args: A) => BookingQuery,
  order: (q: BookingQuery) => BookingQuery,
) {
  const base = (db: DbOrTrx, args: A) =>
    filter(db.selectFrom('bookings').selectAll('bookings'), ...args);
  const selectPage = compiledRead((db, limit: number, offset: number, ...args: A) =>
    order(base(db, args)).limit(limit).offset(offset),
  );
  const selectCount = compiledRead((db, ...args: A) =>
    base(db, args)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n')),
  );
  return async (
    db: DbOrTrx,
    { page, limit }: Page,
    args: A,
    total?: Promise<number>,
  ): Promise<{ rows: BookingRow[]; total: number }> => {
    const [rows, count] = await Promise.all([
      selectPage(db, limit, (page - 1) * limit, ...args),
      total ?? selectCount(db, ...args).then(([row]) => Number(row?.n ?? 0)),
    ]);
    return { rows, total: count };
  };
}

const newestFirst = (q: BookingQuery) =>
  q.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc');

const ownPage = bookingPager(
  (q, ownerId: string) => q.where('bookings.owner_id', '=', ownerId),
  newestFirst,
);
const ownPageIn = bookingPager(
  (q, ownerId: string, status: string) =>
    q
      .where('bookings.owner_id', '=', ownerId)
      .where('bookings.status', '=', status as BookingRow['status']),
  newestFirst,
);

/** An owner's bookings (in one status, when given), newest first. */
export function pageOwnerBookings(
  db: DbOrTrx,
  ownerId: string,
  status: BookingRow['status'] | undefined,
  page: Page,
) {
  return status ? ownPageIn(db, page, [ownerId, status]) : ownPage(db, page, [ownerId]);
}

const allPage = bookingPager((q) => q, newestFirst);
const allPageIn = bookingPager(
  (q, status: string) => q.where('bookings.status', '=', status as BookingRow['status']),
  newestFirst,
);

/** Every booking (in one status, when given), newest first; the total from the status counters. */
export function pageAllBookings(db: DbOrTrx, status: BookingRow['status'] | undefined, page: Page) {
  const total = countBookingsByStatus(db, status);
  return status ? allPageIn(db, page, [status], total) : allPage(db, page, [], total);
}

const providerPage = bookingPager(
  (q, providerId: string, status: string) =>
    q
      .where('bookings.provider_id', '=', providerId)
      .where('bookings.status', '=', status as BookingRow['status'])
      .where(cardPaidOrNone),
  (q) => q.orderBy('bookings.start_at', 'asc').orderBy('bookings.id', 'asc'),
);

/** A sitter's assigned bookings in one status whose card part (if any) is paid, soonest first. */
export function pageProviderBookings(
  db: DbOrTrx,
  providerId: string,
  status: BookingRow['status'],
  page: Page,
) {
  return providerPage(db, page, [providerId, status]);
}

/**
 * The number of bookings, or of those in one status, from booking_status_counts (kept by
 * triggers on bookings): a sum of a few rows instead of a count over the table.
 */
export async function countBookingsByStatus(
  db: DbOrTrx,
  status?: BookingRow['status'],
): Promise<number> {
  let query = db
    .selectFrom('booking_status_counts')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'));
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
