import type { DbOrTrx } from '../../db/index.ts';
import type { BookingRemindersTable, UsersTable } from '../../db/schema.ts';
import type { BookingRow } from './bookings.repository.ts';

export type ReminderRow = BookingRemindersTable;
export type ReminderKind = ReminderRow['kind'];
export type Recipient = Pick<UsersTable, 'id' | 'first_name' | 'deleted_at'>;

/**
 * Records that a reminder goes out; true only for the one caller whose insert created the row
 * (ON CONFLICT DO NOTHING on the (kind, booking_id, user_id) key), so among racing runs exactly
 * one sends it.
 */
export async function insertReminderOnce(db: DbOrTrx, row: ReminderRow): Promise<boolean> {
  const res = await db
    .insertInto('booking_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'booking_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Accepted bookings starting in (from, to] whose day-before reminder is still missing for the
 * owner or the sitter, soonest first. Served by bookings_status_start_idx.
 */
export function findAcceptedStartingWithin(
  db: DbOrTrx,
  from: string,
  to: string,
  limit: number,
): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll('bookings')
    .where('bookings.status', '=', 'accepted')
    .where('bookings.start_at', '>', from)
    .where('bookings.start_at', '<=', to)
    .where((eb) => {
      const reminded = (party: 'bookings.owner_id' | 'bookings.provider_id') =>
        eb.exists(
          eb
            .selectFrom('booking_reminders as r')
            .select('r.booking_id')
            .where('r.kind', '=', 'day-before')
            .whereRef('r.booking_id', '=', 'bookings.id')
            .whereRef('r.user_id', '=', party),
        );
      return eb.or([
        eb.not(reminded('bookings.owner_id')),
        eb.not(reminded('bookings.provider_id')),
      ]);
    })
    .orderBy('bookings.start_at', 'asc')
    .orderBy('bookings.id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Requests an owner sent to a sitter that are still pending, were sent at or before
 * `sentBefore`, belong to a booking still pending and not yet started, and whose sitter has not
 * been reminded yet. Served by booking_requests_state_created_idx.
 */
export function findUndecidedRequests(
  db: DbOrTrx,
  sentBefore: string,
  now: string,
  limit: number,
): Promise<(BookingRow & { request_provider_id: string })[]> {
  return db
    .selectFrom('booking_requests as q')
    .innerJoin('bookings', 'bookings.id', 'q.booking_id')
    .selectAll('bookings')
    .select('q.provider_id as request_provider_id')
    .where('q.state', '=', 'pending')
    .where('q.initiated_by', '=', 'owner')
    .where('q.created_at', '<=', sentBefore)
    .where('bookings.status', '=', 'pending')
    .where('bookings.start_at', '>', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('booking_reminders as r')
            .select('r.booking_id')
            .where('r.kind', '=', 'request')
            .whereRef('r.booking_id', '=', 'q.booking_id')
            .whereRef('r.user_id', '=', 'q.provider_id'),
        ),
      ),
    )
    .orderBy('q.created_at', 'asc')
    .orderBy('q.id', 'asc')
    .limit(limit)
    .execute();
}

/** Pending bookings whose start is at or before `now`, oldest start first. */
export function findPendingStartedBy(
  db: DbOrTrx,
  now: string,
  limit: number,
): Promise<BookingRow[]> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'pending')
    .where('start_at', '<=', now)
    .orderBy('start_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Ends a booking that started without being accepted: cancelled by nobody, every credit given
 * back, and a direct request's named sitter (who never took it on) no longer its sitter. Only
 * while it is still pending and started, so it and a concurrent acceptance (acceptIfPending)
 * never both win.
 */
export async function expireIfPending(
  trx: DbOrTrx,
  booking: Pick<BookingRow, 'id' | 'credits_applied'>,
  now: string,
): Promise<boolean> {
  const res = await trx
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      cancelled_by: null,
      provider_id: null,
      credits_refunded: booking.credits_applied,
      updated_at: now,
    })
    .where('id', '=', booking.id)
    .where('status', '=', 'pending')
    .where('start_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * What a reminder needs of its recipients: their name and whether the account still exists
 * (where to mail and whether they want mail, notifications reads for itself).
 */
export async function findRecipients(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'deleted_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
