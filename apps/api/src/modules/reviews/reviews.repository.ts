import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
export { isUniqueViolation } from '../../db/index.ts';
import type { ReviewsTable } from '../../db/schema.ts';

import { REVIEW_BLIND_DAYS, reviewClosesAt } from '@pawsy/contract';

/** Reviews stay hidden until both parties have written one, or this long after completion. */
export { REVIEW_BLIND_DAYS };

export function blindCutoff(now = new Date()): string {
  return new Date(now.getTime() - REVIEW_BLIND_DAYS * 24 * 3600_000).toISOString();
}

/**
 * Double-blind visibility of review `r` (joined with its booking `b`), evaluated at read time:
 * the other party has reviewed the same booking (for a weekly series: any occurrence of the
 * series, reviews_series_author_uq), or the blind window after completion is over.
 * This is the rule; reviews.visible_at records the instant it turns true (for the rating cache
 * refresh) and agrees with it as long as bookings.completed_at is not rewritten afterwards.
 */
export function isVisibleSql(cutoff: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`((b.completed_at <= ${cutoff} or exists (
    select 1 from reviews r2 where r2.booking_id = r.booking_id and r2.author_id <> r.author_id
  ) or (r.series_id is not null and exists (
    select 1 from reviews r3 where r3.series_id = r.series_id and r3.author_id <> r.author_id
  ))) and not exists (${openDisputeSql}))`;
}

/*
 * An open dispute on the booking holds its reviews from view until an admin ends it. Read here
 * in SQL (disputes_one_open_idx) rather than through the disputes area, which depends on bookings
 * and so on reviews; the disputes area refreshes the cached ratings when a dispute opens or ends.
 */
const openDisputeSql = sql`select 1 from disputes d where d.booking_id = r.booking_id and d.status = 'open'`;

/** When a review of a booking completed at `completedAt` shows even if the other party never writes. */
export function blindEnd(completedAt: string): string {
  return reviewClosesAt(completedAt);
}

/**
 * Once both parties have reviewed, both reviews are visible from `at` (unless already earlier).
 * The pair is the two reviews of the booking or, for an occurrence of a weekly series, the two
 * parties' reviews of the series (on any occurrences). Run by each writer after its insert:
 * whichever commits last sees both rows, so two parties writing at the same instant cannot leave
 * each other's review hidden.
 */
export async function revealPair(
  db: DbOrTrx,
  review: { bookingId: string; seriesId: string | null },
  at: string,
): Promise<void> {
  const { bookingId, seriesId } = review;
  await db
    .updateTable('reviews')
    .set({ visible_at: at })
    .where((eb) =>
      seriesId === null ? eb('booking_id', '=', bookingId) : eb('series_id', '=', seriesId),
    )
    .where((eb) => eb.or([eb('visible_at', 'is', null), eb('visible_at', '>', at)]))
    .where(
      seriesId === null
        ? sql<SqlBool>`exists (select 1 from reviews r2
            where r2.booking_id = reviews.booking_id and r2.author_id <> reviews.author_id)`
        : sql<SqlBool>`exists (select 1 from reviews r2
            where r2.series_id = reviews.series_id and r2.author_id <> reviews.author_id)`,
    )
    .execute();
}

/**
 * Inserts the review unless its author already reviewed that booking; true when inserted. A
 * second review of the same series by one author violates reviews_series_author_uq and throws
 * (isUniqueViolation).
 */
export async function insertReviewIfFirst(db: DbOrTrx, row: ReviewsTable): Promise<boolean> {
  const result = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((oc) => oc.columns(['booking_id', 'author_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The booking a review is about, with what the review rules need. */
export function findReviewedBooking(db: DbOrTrx, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'owner_id', 'provider_id', 'status', 'service', 'completed_at', 'series_id'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
}

/** Whether `authorId` already reviewed some occurrence of a recurring series (bookings_series_idx). */
export async function hasReviewedSeries(
  db: DbOrTrx,
  seriesId: string,
  authorId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('reviews')
    .innerJoin('bookings', 'bookings.id', 'reviews.booking_id')
    .select('reviews.id')
    .where('bookings.series_id', '=', seriesId)
    .where('reviews.author_id', '=', authorId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When the other party's review of the pair (the booking or, for an occurrence of a weekly
 * series, the series) was or will be shown by the blind window alone: the earliest visible_at of
 * a review by someone other than `authorId`, or undefined when there is none.
 */
export async function findCounterpartShownAt(
  db: DbOrTrx,
  pair: { bookingId: string; seriesId: string | null },
  authorId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.min('visible_at').as('at'))
    .where((eb) =>
      pair.seriesId === null
        ? eb('booking_id', '=', pair.bookingId)
        : eb('series_id', '=', pair.seriesId),
    )
    .where('author_id', '<>', authorId)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Name and photo of review authors (deleted ones included: their reviews stay). */
export async function findAuthors(db: DbOrTrx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'image_path'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
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

const selectBookingReviews = compiledRead((db, bookingId: string, cutoff: string) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .selectAll('r')
    .select(isVisibleSql(cutoff).as('visible'))
    .where('r.booking_id', '=', bookingId)
    .orderBy('r.created_at', 'asc'),
);

/** The reviews of one booking that `viewerId` may read: visible ones plus the viewer's own. */
export async function listBookingReviews(
  db: DbOrTrx,
  bookingId: string,
  viewerId: string,
  now = new Date(),
): Promise<(ReviewsTable & { visible: boolean })[]> {
  const rows = await selectBookingReviews(db, bookingId, blindCutoff(now));
  return rows
    .map((row) => ({ ...row, visible: Boolean(row.visible) }))
    .filter((row) => row.visible || row.author_id === viewerId);
}

/** Visible reviews about `subjectId` (r joined with its booking b), for one count or one page. */
function visibleAbout(db: DbOrTrx, subjectId: string, now: Date) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .where('r.subject_id', '=', subjectId)
    .where(isVisibleSql(blindCutoff(now)));
}

export async function countVisibleAbout(db: DbOrTrx, subjectId: string, now: Date) {
  const counted = await visibleAbout(db, subjectId, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** One page, newest first, walking reviews_subject_idx (subject_id, created_at); with authors. */
export function pageVisibleAbout(
  db: DbOrTrx,
  subjectId: string,
  now: Date,
  offset: number,
  limit: number,
) {
  return visibleAbout(db, subjectId, now)
    .leftJoin('users as a', 'a.id', 'r.author_id')
    .select([
      'r.id',
      'r.rating',
      'r.comment',
      'r.created_at',
      'r.author_id',
      'b.service',
      'a.first_name',
      'a.last_name',
      'a.image_path',
      'a.deleted_at',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
