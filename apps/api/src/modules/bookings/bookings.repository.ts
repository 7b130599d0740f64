import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type {
  BookingEventsTable,
  BookingRequestsTable,
  BookingsTable,
  Database,
} from '../../db/schema.ts';

export type BookingRow = BookingsTable;
export type Page = { page: number; limit: number };
export type PartyRow = {
  id: string;
  first_name: string;
  last_name: string;
  image_path: string | null;
  city: string | null;
  user_type: string;
  service_rates: string;
  currency: string;
  latitude: number | null;
  longitude: number | null;
  deleted_at: string | null;
};

export async function insertBooking(db: DbOrTrx, row: BookingRow): Promise<void> {
  await db.insertInto('bookings').values(row).execute();
}

export function findBooking(db: DbOrTrx, id: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findParties(db: DbOrTrx, ids: readonly string[]): Promise<PartyRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'image_path',
      'city',
      'user_type',
      'service_rates',
      'currency',
      'latitude',
      'longitude',
      'deleted_at',
    ])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Ids among `petIds` that belong to `ownerId` (pets table of the pets area). */
export async function findOwnedPetIds(
  db: DbOrTrx,
  ownerId: string,
  petIds: readonly string[],
): Promise<string[]> {
  if (petIds.length === 0) return [];
  const rows = await db
    .selectFrom('pets')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('id', 'in', [...petIds])
    .execute();
  return rows.map((r) => r.id);
}

export async function insertEvent(db: DbOrTrx, row: BookingEventsTable): Promise<void> {
  await db.insertInto('booking_events').values(row).execute();
}

export async function listEvents(
  db: DbOrTrx,
  bookingIds: readonly string[],
): Promise<BookingEventsTable[]> {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('booking_events')
    .selectAll()
    .where('booking_id', 'in', [...bookingIds])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findEvent(db: DbOrTrx, bookingId: string, eventId: string) {
  return db
    .selectFrom('booking_events')
    .selectAll()
    .where('id', '=', eventId)
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

export async function insertRequest(db: DbOrTrx, row: BookingRequestsTable): Promise<void> {
  await db.insertInto('booking_requests').values(row).execute();
}

export function findRequest(db: DbOrTrx, bookingId: string, providerId: string) {
  return db
    .selectFrom('booking_requests')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

export function listRequests(db: DbOrTrx, bookingId: string, providerId?: string) {
  let query = db
    .selectFrom('booking_requests')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'asc')
    .limit(500);
  if (providerId) query = query.where('provider_id', '=', providerId);
  return query.execute();
}

/** Sets the state of every still-pending request of a booking but one; returns their providers. */
export async function withdrawOpenRequests(
  db: DbOrTrx,
  bookingId: string,
  exceptId: string | null,
  now: string,
): Promise<string[]> {
  let query = db
    .selectFrom('booking_requests')
    .select(['id', 'provider_id'])
    .where('booking_id', '=', bookingId)
    .where('state', '=', 'pending');
  if (exceptId) query = query.where('id', '<>', exceptId);
  const open = await query.execute();
  if (open.length === 0) return [];
  await db
    .updateTable('booking_requests')
    .set({ state: 'withdrawn', updated_at: now })
    .where(
      'id',
      'in',
      open.map((r) => r.id),
    )
    .where('state', '=', 'pending')
    .execute();
  return open.map((r) => r.provider_id);
}

type BookingQuery = SelectQueryBuilder<Database, 'bookings', BookingRow>;

/** One page of a filtered booking query plus the total. */
export async function pageOf(
  db: DbOrTrx,
  build: (q: BookingQuery) => BookingQuery,
  order: (q: BookingQuery) => BookingQuery,
  { page, limit }: Page,
): Promise<{ rows: BookingRow[]; total: number }> {
  const base = build(db.selectFrom('bookings').selectAll('bookings'));
  const [rows, count] = await Promise.all([
    order(base)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    build(db.selectFrom('bookings').selectAll('bookings'))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : null;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
