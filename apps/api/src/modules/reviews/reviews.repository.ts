import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { ReviewsTable } from '../../db/schema.ts';

/** Reviews stay hidden until both parties have written one, or this long after completion. */
export const REVIEW_BLIND_DAYS = 14;

export function blindCutoff(now = new Date()): string {
  return new Date(now.getTime() - REVIEW_BLIND_DAYS * 24 * 3600_000).toISOString();
}

/**
 * Double-blind visibility of review `r` (joined with its booking `b`), evaluated at read time:
 * the other party has reviewed the same booking, or the blind window after completion is over.
 * This is the rule; reviews.visible_at records the instant it turns true (for the rating cache
 * refresh) and agrees with it as long as bookings.completed_at is not rewritten afterwards.
 */
export function isVisibleSql(cutoff: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(b.completed_at <= ${cutoff} or exists (
    select 1 from reviews r2 where r2.booking_id = r.booking_id and r2.author_id <> r.author_id
  ))`;
}

/** When a review of a booking completed at `completedAt` shows even if the other party never writes. */
export function blindEnd(completedAt: string): string {
  return new Date(Date.parse(completedAt) + REVIEW_BLIND_DAYS * 24 * 3600_000).toISOString();
}

/**
 * Once both parties have reviewed, both reviews are visible from `at` (unless already earlier).
 * Run by each writer after its insert: whichever commits last sees both rows, so two parties
 * writing at the same instant cannot leave each other's review hidden.
 */
export async function revealPair(db: DbOrTrx, bookingId: string, at: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ visible_at: at })
    .where('booking_id', '=', bookingId)
    .where((eb) => eb.or([eb('visible_at', 'is', null), eb('visible_at', '>', at)]))
    .where(
      sql<SqlBool>`exists (select 1 from reviews r2
        where r2.booking_id = reviews.booking_id and r2.author_id <> reviews.author_id)`,
    )
    .execute();
}

export async function insertReview(db: DbOrTrx, row: ReviewsTable): Promise<void> {
  await db.insertInto('reviews').values(row).execute();
}

export async function findReviewByAuthor(
  db: DbOrTrx,
  bookingId: string,
  authorId: string,
): Promise<ReviewsTable | undefined> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
}

/** The reviews of one booking that `viewerId` may read: visible ones plus the viewer's own. */
export async function listBookingReviews(
  db: DbOrTrx,
  bookingId: string,
  viewerId: string,
  now = new Date(),
): Promise<(ReviewsTable & { visible: boolean })[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .selectAll('r')
    .select(isVisibleSql(blindCutoff(now)).as('visible'))
    .where('r.booking_id', '=', bookingId)
    .orderBy('r.created_at', 'asc')
    .execute();
  return rows
    .map((row) => ({ ...row, visible: Boolean(row.visible) }))
    .filter((row) => row.visible || row.author_id === viewerId);
}

export async function summariseRatings(
  db: DbOrTrx,
  userIds: readonly string[],
  now = new Date(),
): Promise<{ subject_id: string; average: number | null; count: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select((eb) => [
      'r.subject_id',
      eb.fn.avg<number | string | null>('r.rating').as('average'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('r.subject_id', 'in', [...userIds])
    .where(isVisibleSql(blindCutoff(now)))
    .groupBy('r.subject_id')
    .execute();
  return rows.map((row) => ({
    subject_id: row.subject_id,
    average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    count: Number(row.count),
  }));
}

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : null;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
