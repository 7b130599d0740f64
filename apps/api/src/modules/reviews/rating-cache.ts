import type { DbOrTrx } from '../../db/index.ts';
import {
  findVisibleSubjectsOfBooking,
  lockRatedUsers,
  summariseRatings,
  writeCachedRating,
} from './ratings.repository.ts';

const CHUNK = 200;

/**
 * Rewrites users.rating_avg / rating_count of `subjectIds` from their visible reviews at `now`,
 * with the very summary getRatingSummaries gives (one rule for visibility and rounding), so the
 * cache only ever lags, never disagrees. Each chunk runs in a transaction that first locks the
 * users rows (a no-op update), so two concurrent refreshes of a subject write in lock order and
 * the last writer has read every review committed before it: no stale value can win.
 */
export async function recomputeRatings(
  db: DbOrTrx,
  subjectIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(subjectIds)].sort();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const run = async (trx: DbOrTrx) => {
      await lockRatedUsers(trx, chunk);
      const summaries = new Map(
        (await summariseRatings(trx, chunk, now)).map((s) => [s.subject_id, s]),
      );
      for (const id of chunk) {
        const s = summaries.get(id);
        await writeCachedRating(trx, id, s?.average ?? null, s?.count ?? 0);
      }
    };
    if (db.isTransaction) await run(db);
    else await db.transaction().execute(run);
  }
}

/** Recomputes the subjects of the reviews of one booking that are visible at `now`. */
export async function recomputeVisibleSubjects(
  db: DbOrTrx,
  bookingId: string,
  now = new Date(),
): Promise<string[]> {
  const subjects = await findVisibleSubjectsOfBooking(db, bookingId, now.toISOString());
  // One subject per transaction: a request never holds one user's lock while waiting for another.
  for (const id of new Set(subjects)) await recomputeRatings(db, [id], now);
  return subjects;
}
