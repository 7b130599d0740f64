import { compiledRead, type DbOrTrx } from '../../db/index.ts';

export { isUniqueViolation } from '../../db/index.ts';
import type { DisputesTable } from '../../db/schema.ts';

/*
 * Queries of the disputes area. The booking a dispute is about and its parties' names are read
 * here with joins (a read of the bookings and users tables, as contact reads users): the list's
 * "disputes on my bookings" filter is a join, and no other area needs to know about disputes.
 */

/** A dispute as the area writes and reads it (sole_booking_id is set by insertDispute). */
export type DisputeRow = Omit<DisputesTable, 'sole_booking_id'>;
export type DisputeListRow = DisputeRow & {
  b_owner_id: string;
  b_provider_id: string | null;
  b_service: string;
  b_status: 'pending' | 'accepted' | 'in-progress' | 'completed' | 'cancelled';
  b_start_at: string;
  b_end_at: string;
  o_first_name: string;
  o_last_name: string;
  p_first_name: string | null;
  p_last_name: string | null;
};

/** Whether the booking has ever had a dispute, in any status (admins may then read its chat). */
export async function bookingHasDispute(db: DbOrTrx, bookingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('disputes')
    .select('id')
    .where('booking_id', '=', bookingId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The booking a dispute is opened on: its parties, state and times, and whether a sitter ever
 * accepted it (its timeline).
 */
export function findDisputedBooking(db: DbOrTrx, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'owner_id', 'provider_id', 'status', 'end_at', 'completed_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('booking_events')
            .select('booking_events.id')
            .whereRef('booking_events.booking_id', '=', 'bookings.id')
            .where('booking_events.type', '=', 'accepted'),
        )
        .as('was_accepted'),
    )
    .where('id', '=', bookingId)
    .executeTakeFirst();
}

/**
 * Writes a booking's dispute. A second one on the same booking violates
 * disputes_one_per_booking_uq and throws (isUniqueViolation), whatever the first one's status.
 */
export async function insertDispute(db: DbOrTrx, row: DisputeRow): Promise<void> {
  await db
    .insertInto('disputes')
    .values({ ...row, sole_booking_id: row.booking_id })
    .execute();
}

/** Disputes joined with their booking and the parties' names. */
function withBooking(db: DbOrTrx) {
  return db
    .selectFrom('disputes as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('users as p', 'p.id', 'b.provider_id');
}

const listColumns = [
  'd.id',
  'd.booking_id',
  'd.opened_by',
  'd.reason',
  'd.description',
  'd.status',
  'd.winner_id',
  'd.resolution_reason',
  'd.settled_at',
  'd.created_at',
  'd.updated_at',
  'b.owner_id as b_owner_id',
  'b.provider_id as b_provider_id',
  'b.service as b_service',
  'b.status as b_status',
  'b.start_at as b_start_at',
  'b.end_at as b_end_at',
  'o.first_name as o_first_name',
  'o.last_name as o_last_name',
  'p.first_name as p_first_name',
  'p.last_name as p_last_name',
] as const;

const selectDisputeWithBooking = compiledRead((db, id: string) =>
  withBooking(db).select(listColumns).where('d.id', '=', id),
);

export async function findDisputeWithBooking(
  db: DbOrTrx,
  id: string,
): Promise<DisputeListRow | undefined> {
  return (await selectDisputeWithBooking(db, id))[0];
}

export type DisputeFilter = {
  status?: DisputeRow['status'];
  partyId?: string;
  bookingId?: string;
};

function filtered(
  db: DbOrTrx,
  status?: DisputeRow['status'],
  partyId?: string,
  bookingId?: string,
) {
  let q = withBooking(db);
  if (status !== undefined) q = q.where('d.status', '=', status);
  if (partyId !== undefined)
    q = q.where((eb) => eb.or([eb('b.owner_id', '=', partyId), eb('b.provider_id', '=', partyId)]));
  if (bookingId !== undefined) q = q.where('d.booking_id', '=', bookingId);
  return q;
}

// One compiled query per filter shape (which of status, party and booking are given).
const selectCount = compiledRead(
  (db, status?: DisputeRow['status'], partyId?: string, bookingId?: string) =>
    filtered(db, status, partyId, bookingId).select((eb) =>
      eb.fn.countAll<number | string>().as('n'),
    ),
);
const selectPage = compiledRead(
  (
    db,
    limit: number,
    offset: number,
    status?: DisputeRow['status'],
    partyId?: string,
    bookingId?: string,
  ) =>
    filtered(db, status, partyId, bookingId)
      .select(listColumns)
      .orderBy('d.updated_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset),
);

export async function countDisputes(db: DbOrTrx, filter: DisputeFilter): Promise<number> {
  const [row] = await selectCount(db, filter.status, filter.partyId, filter.bookingId);
  return Number(row?.n ?? 0);
}

/** Newest change first (disputes_status_updated_idx / disputes_updated_idx). */
export async function pageDisputes(
  db: DbOrTrx,
  filter: DisputeFilter,
  offset: number,
  limit: number,
): Promise<DisputeListRow[]> {
  return selectPage(db, limit, offset, filter.status, filter.partyId, filter.bookingId);
}

export async function updateDisputeStatus(
  db: DbOrTrx,
  id: string,
  changes: Pick<DisputeRow, 'status' | 'winner_id' | 'resolution_reason' | 'updated_at'> & {
    settled_at?: string;
  },
): Promise<boolean> {
  const res = await db.updateTable('disputes').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The newest booking between two people in one status (the demo seed picks its disputes so). */
export async function findBookingOfPair(
  db: DbOrTrx,
  ownerId: string,
  providerId: string,
  status: DisputeListRow['b_status'],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('provider_id', '=', providerId)
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
