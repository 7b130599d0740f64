import type { DbOrTrx } from '../../db/index.ts';
import { summariseRatings } from './reviews.repository.ts';

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
      await trx
        .updateTable('users')
        .set((eb) => ({ rating_count: eb.ref('rating_count') }))
        .where('id', 'in', chunk)
        .execute();
      const summaries = new Map(
        (await summariseRatings(trx, chunk, now)).map((s) => [s.subject_id, s]),
      );
      for (const id of chunk) {
        const s = summaries.get(id);
        await trx
          .updateTable('users')
          .set({ rating_avg: s?.average ?? null, rating_count: s?.count ?? 0 })
          .where('id', '=', id)
          .execute();
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
  const rows = await db
    .selectFrom('reviews')
    .select('subject_id')
    .where('booking_id', '=', bookingId)
    .where('visible_at', '<=', now.toISOString())
    .execute();
  const subjects = rows.map((r) => r.subject_id);
  // One subject per transaction: a request never holds one user's lock while waiting for another.
  for (const id of new Set(subjects)) await recomputeRatings(db, [id], now);
  return subjects;
}
