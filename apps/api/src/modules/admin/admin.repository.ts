import { sql } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';

/*
 * The admin dashboard's read-only aggregates over other areas' tables (users, bookings,
 * kyc_records, disputes, credit_entries, payments, subscriptions). It never writes and nothing
 * else reads through it; going through each area's index.ts would cost one round trip per figure
 * and add aggregate-only exports to every area (see docs/decisions.md). Each query is backed by
 * an index: counts by a leading indexed column, trends by a range on an indexed created_at.
 * Every query has a fixed shape, so each is compiled once (compiledRead) and only run after.
 */

type Counted = { key: string; n: number | string };
const toRecord = (rows: Counted[]) =>
  Object.fromEntries(rows.map((r) => [r.key, Number(r.n)])) as Record<string, number>;

/** Live (not deleted) users by role, from user_role_counts (trigger-kept): three rows. */
const usersByRole = compiledRead((db) =>
  db.selectFrom('user_role_counts').select(['user_type as key', 'n']).where('n', '<>', 0),
);
export async function countUsersByRole(db: DbOrTrx): Promise<Record<string, number>> {
  return toRecord(await usersByRole(db));
}

/** Sign-ups per UTC day since `since` (a day's start), from user_day_counts (trigger-kept). */
const usersPerDay = compiledRead((db, day: string) =>
  db
    .selectFrom('user_day_counts')
    .select(['day as key', 'n'])
    .where('day', '>=', day)
    .where('n', '<>', 0),
);
export async function countUsersPerDay(
  db: DbOrTrx,
  since: string,
): Promise<Record<string, number>> {
  return toRecord(await usersPerDay(db, since.slice(0, 10)));
}

/**
 * Bookings created since `since` (the start of a UTC day) by their status now, from
 * booking_day_counts (trigger-kept per day and status): at most a few rows per day, however many
 * bookings were made. Not all time: the dashboard shows a month.
 */
const bookingsByStatus = compiledRead((db, day: string) =>
  db
    .selectFrom('booking_day_counts')
    .select(['status as key', sql<number | string>`sum(n)`.as('n')])
    .where('day', '>=', day)
    .groupBy('status')
    .having(sql`sum(n)`, '<>', 0),
);
export async function countBookingsByStatus(
  db: DbOrTrx,
  since: string,
): Promise<Record<string, number>> {
  return toRecord(await bookingsByStatus(db, since.slice(0, 10)));
}

/** Bookings created per UTC day since `since` (a day's start), from booking_day_counts. */
const bookingsPerDay = compiledRead((db, day: string) =>
  db
    .selectFrom('booking_day_counts')
    .select(['day as key', sql<number | string>`sum(n)`.as('n')])
    .where('day', '>=', day)
    .groupBy('day')
    .having(sql`sum(n)`, '<>', 0),
);
export async function countBookingsPerDay(
  db: DbOrTrx,
  since: string,
): Promise<Record<string, number>> {
  return toRecord(await bookingsPerDay(db, since.slice(0, 10)));
}

/** KYC records waiting for a reviewer: kyc_records_status_updated_idx. */
const pendingKyc = compiledRead((db) =>
  db
    .selectFrom('kyc_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING'),
);
export async function countPendingKyc(db: DbOrTrx): Promise<number> {
  return Number((await pendingKyc(db))[0]?.n ?? 0);
}

/** Disputes not yet resolved or closed: disputes_status_updated_idx. */
const openDisputes = compiledRead((db) =>
  db
    .selectFrom('disputes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open'),
);
export async function countOpenDisputes(db: DbOrTrx): Promise<number> {
  return Number((await openDisputes(db))[0]?.n ?? 0);
}

/**
 * Credits granted since `since` (cents): positive ledger entries not tied to a booking, i.e.
 * admin grants and package credits rather than booking refunds. credit_entries_created_idx.
 */
const creditsGranted = compiledRead((db, since: string) =>
  db
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('n'))
    .where('created_at', '>=', since)
    .where('amount', '>', 0)
    .where('booking_id', 'is', null),
);
export async function sumCreditsGranted(db: DbOrTrx, since: string): Promise<number> {
  return Number((await creditsGranted(db, since))[0]?.n ?? 0);
}

/**
 * Net revenue (paid minus refunded, cents) of payments made since `since`, and the active
 * subscriptions: payments_status_paid_idx and subscriptions_status_idx.
 */
const revenue = compiledRead((db, since: string) =>
  db
    .selectFrom('payments')
    .select(sql<number | string>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('n'))
    .where('status', 'in', ['paid', 'partially_refunded'])
    .where('paid_at', '>=', since),
);
const activeSubscriptions = compiledRead((db) =>
  db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active'),
);
export async function sumRevenueAndSubscriptions(db: DbOrTrx, since: string) {
  const [[money], [subs]] = await Promise.all([revenue(db, since), activeSubscriptions(db)]);
  return { revenue30d: Number(money?.n ?? 0), activeSubscriptions: Number(subs?.n ?? 0) };
}
