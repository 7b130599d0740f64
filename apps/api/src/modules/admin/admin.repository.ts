import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';

/*
 * The admin dashboard's read-only aggregates over other areas' tables (users, bookings,
 * kyc_records, disputes, credit_entries, payments, subscriptions). It never writes and nothing
 * else reads through it; going through each area's index.ts would cost one round trip per figure
 * and add aggregate-only exports to every area (see docs/decisions.md). Each query is backed by
 * an index: counts by a leading indexed column, trends by a range on an indexed created_at.
 */

type Counted = { key: string; n: number | string };
const toRecord = (rows: Counted[]) =>
  Object.fromEntries(rows.map((r) => [r.key, Number(r.n)])) as Record<string, number>;

/** Live (not deleted) users by role, from user_role_counts (trigger-kept): three rows. */
export async function countUsersByRole(db: DbOrTrx): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('user_role_counts')
    .select(['user_type as key', 'n'])
    .where('n', '<>', 0)
    .execute();
  return toRecord(rows);
}

/** Sign-ups per UTC day since `since` (a day's start), from user_day_counts (trigger-kept). */
export async function countUsersPerDay(
  db: DbOrTrx,
  since: string,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('user_day_counts')
    .select(['day as key', 'n'])
    .where('day', '>=', since.slice(0, 10))
    .where('n', '<>', 0)
    .execute();
  return toRecord(rows);
}

/**
 * Bookings created since `since` (the start of a UTC day) by their status now, from
 * booking_day_counts (trigger-kept per day and status): at most a few rows per day, however many
 * bookings were made. Not all time: the dashboard shows a month.
 */
export async function countBookingsByStatus(
  db: DbOrTrx,
  since: string,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('booking_day_counts')
    .select(['status as key', sql<number | string>`sum(n)`.as('n')])
    .where('day', '>=', since.slice(0, 10))
    .groupBy('status')
    .having(sql`sum(n)`, '<>', 0)
    .execute();
  return toRecord(rows);
}

/** Bookings created per UTC day since `since` (a day's start), from booking_day_counts. */
export async function countBookingsPerDay(
  db: DbOrTrx,
  since: string,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('booking_day_counts')
    .select(['day as key', sql<number | string>`sum(n)`.as('n')])
    .where('day', '>=', since.slice(0, 10))
    .groupBy('day')
    .having(sql`sum(n)`, '<>', 0)
    .execute();
  return toRecord(rows);
}

/** KYC records waiting for a reviewer: kyc_records_status_updated_idx. */
export async function countPendingKyc(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('kyc_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Disputes not yet resolved or closed: disputes_status_updated_idx. */
export async function countOpenDisputes(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('disputes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Credits granted since `since` (cents): positive ledger entries not tied to a booking, i.e.
 * admin grants and package credits rather than booking refunds. credit_entries_created_idx.
 */
export async function sumCreditsGranted(db: DbOrTrx, since: string): Promise<number> {
  const row = await db
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('n'))
    .where('created_at', '>=', since)
    .where('amount', '>', 0)
    .where('booking_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Net revenue (paid minus refunded, cents) of payments made since `since`, and the active
 * subscriptions: payments_status_paid_idx and subscriptions_status_idx.
 */
export async function sumRevenueAndSubscriptions(db: DbOrTrx, since: string) {
  const [money, subs] = await Promise.all([
    db
      .selectFrom('payments')
      .select(sql<number | string>`coalesce(sum(amount_cents - refunded_cents), 0)`.as('n'))
      .where('status', 'in', ['paid', 'partially_refunded'])
      .where('paid_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirst(),
  ]);
  return { revenue30d: Number(money?.n ?? 0), activeSubscriptions: Number(subs?.n ?? 0) };
}
