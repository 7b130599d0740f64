import { compiledRead, compiledWrite, type DbOrTrx } from '../../db/index.ts';
import type { BookingRequestsTable } from '../../db/schema.ts';
import type { Page } from './bookings.repository.ts';

export type RequestRow = BookingRequestsTable;
export type RequestState = RequestRow['state'];

const insertBookingRequestsRow = compiledWrite((db, row: RequestRow) =>
  db.insertInto('booking_requests').values(row),
);

export async function insertRequest(db: DbOrTrx, row: RequestRow): Promise<void> {
  await insertBookingRequestsRow(db, row);
}

const selectRequest = compiledRead((db, bookingId: string, providerId: string) =>
  db
    .selectFrom('booking_requests')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('provider_id', '=', providerId),
);

export async function findRequest(
  db: DbOrTrx,
  bookingId: string,
  providerId: string,
): Promise<RequestRow | undefined> {
  return (await selectRequest(db, bookingId, providerId))[0];
}

// One compiled query with the sitter filter and one without.
const selectRequests = compiledRead((db, bookingId: string, providerId?: string) => {
  let query = db.selectFrom('booking_requests').selectAll().where('booking_id', '=', bookingId);
  if (providerId !== undefined) query = query.where('provider_id', '=', providerId);
  return query.orderBy('created_at', 'asc').limit(500);
});

export function listRequests(
  db: DbOrTrx,
  bookingId: string,
  providerId?: string,
): Promise<RequestRow[]> {
  return selectRequests(db, bookingId, providerId || undefined);
}

/**
 * One page of a sitter's requests, newest first, plus the total. Served by the
 * (provider_id, created_at) index of booking_requests.
 */
export async function pageRequestsOfProvider(
  db: DbOrTrx,
  providerId: string,
  state: RequestState | undefined,
  { page, limit }: Page,
): Promise<{ rows: RequestRow[]; total: number }> {
  let base = db.selectFrom('booking_requests').where('provider_id', '=', providerId);
  if (state) base = base.where('state', '=', state);
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
  return { rows, total: Number(count?.n ?? 0) };
}

/** Moves one request out of pending; false when it was no longer pending (a concurrent move). */
export async function setStateIfPending(
  db: DbOrTrx,
  requestId: string,
  state: Exclude<RequestState, 'pending'>,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('booking_requests')
    .set({ state, updated_at: now })
    .where('id', '=', requestId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Closes every still-pending request of a booking but one (state `closed`); returns their providers. */
export async function closeOpenRequests(
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
    .set({ state: 'closed', updated_at: now })
    .where(
      'id',
      'in',
      open.map((r) => r.id),
    )
    .where('state', '=', 'pending')
    .execute();
  return open.map((r) => r.provider_id);
}
