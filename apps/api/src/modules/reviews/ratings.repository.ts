import { sql, type SqlBool } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import { blindCutoff, isVisibleSql } from './reviews.repository.ts';

/*
 * Queries of the rating cache (users.rating_avg / rating_count) and of its refresh watermark
 * (rating_refresh): see rating-cache.ts and rating-refresh.ts for the rules.
 */

const selectSummaries = compiledRead((db, userIds: string[], cutoff: string) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select((eb) => [
      'r.subject_id',
      eb.fn.avg<number | string | null>('r.rating').as('average'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('r.subject_id', 'in', userIds)
    .where(isVisibleSql(cutoff))
    .groupBy('r.subject_id'),
);

export async function summariseRatings(
  db: DbOrTrx,
  userIds: readonly string[],
  now = new Date(),
): Promise<{ subject_id: string; average: number | null; count: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await selectSummaries(db, [...userIds], blindCutoff(now));
  return rows.map((row) => ({
    subject_id: row.subject_id,
    average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    count: Number(row.count),
  }));
}

/** Locks the users rows of `ids` (a no-op update) so concurrent refreshes write in lock order. */
export async function lockRatedUsers(db: DbOrTrx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ rating_count: eb.ref('rating_count') }))
    .where('id', 'in', [...ids])
    .execute();
}

export async function writeCachedRating(
  db: DbOrTrx,
  id: string,
  average: number | null,
  count: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ rating_avg: average, rating_count: count })
    .where('id', '=', id)
    .execute();
}

/** Subjects of the reviews of one booking (or of its weekly series) that are visible at `at`. */
export async function findVisibleSubjectsOfBooking(
  db: DbOrTrx,
  bookingId: string,
  at: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('subject_id')
    .where((eb) =>
      eb.or([
        eb('booking_id', '=', bookingId),
        sql<SqlBool>`series_id = (select b.series_id from bookings b where b.id = ${bookingId})`,
      ]),
    )
    .where('visible_at', '<=', at)
    .execute();
  return rows.map((r) => r.subject_id);
}

/** Distinct subjects of the reviews that became visible in (from, to]. */
export async function findSubjectsVisibleBetween(
  db: DbOrTrx,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('subject_id')
    .distinct()
    .where('visible_at', '>', from)
    .where('visible_at', '<=', to)
    .execute();
  return rows.map((r) => r.subject_id);
}

/** End of the last refreshed window, or undefined before the first run. */
export async function findRefreshWatermark(db: DbOrTrx): Promise<string | undefined> {
  const row = await db
    .selectFrom('rating_refresh')
    .select('last_run_at')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.last_run_at;
}

/**
 * Moves the watermark from `from` (undefined: no watermark yet) to `to`; true when this caller
 * won the window, false when another run moved it first.
 */
export async function claimRefreshWindow(
  db: DbOrTrx,
  from: string | undefined,
  to: string,
): Promise<boolean> {
  if (from === undefined) {
    const inserted = await db
      .insertInto('rating_refresh')
      .values({ id: 1, last_run_at: to })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
  const updated = await db
    .updateTable('rating_refresh')
    .set({ last_run_at: to })
    .where('id', '=', 1)
    .where('last_run_at', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
