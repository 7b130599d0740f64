import type { FastifyInstance } from 'fastify';
import { serviceWord, toUserIds } from '@pawsy/contract';
import type { z } from 'zod';
import type { bookingReview } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import type { ReviewsTable } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { userImageUrl } from '../../lib/user-columns.ts';
import { markNoticesRead, notifyUser } from '../notifications/index.ts';
import { recomputeVisibleSubjects } from './rating-cache.ts';
import {
  blindEnd,
  findAuthors,
  findCounterpartShownAt,
  findReviewByAuthor,
  hasReviewedSeries,
  findReviewedBooking,
  insertReviewIfFirst,
  isUniqueViolation,
  listBookingReviews,
  revealPair,
  REVIEW_BLIND_DAYS,
} from './reviews.repository.ts';

export type ReviewWire = z.infer<typeof bookingReview>;

async function authorCards(db: DbOrTrx, ids: string[]) {
  const rows = await findAuthors(db, ids);
  return new Map<string, ReviewWire['author']>(
    rows.map((r) => [
      r.id,
      {
        ...toUserIds(r.id),
        firstName: r.first_name,
        lastName: r.last_name,
        image: userImageUrl(r),
      },
    ]),
  );
}

function toReviewWire(
  row: ReviewsTable,
  visible: boolean,
  author: ReviewWire['author'] | undefined,
): ReviewWire {
  return {
    _id: row.id,
    bookingId: row.booking_id,
    author: author ?? {
      ...toUserIds(row.author_id),
      firstName: 'Deleted',
      lastName: 'user',
      image: null,
    },
    subjectId: row.subject_id,
    rating: row.rating,
    comment: row.comment,
    visible,
    onHold: !visible && row.visible_at !== null && row.visible_at <= nowIso(),
    createdAt: row.created_at,
  };
}

/** Reviews of a booking as `viewerId` may read them: visible ones and the viewer's own. */
export async function listReviewsForBooking(
  db: DbOrTrx,
  bookingId: string,
  viewerId: string,
): Promise<ReviewWire[]> {
  const rows = await listBookingReviews(db, bookingId, viewerId);
  const authors = await authorCards(
    db,
    rows.map((r) => r.author_id),
  );
  return rows.map(({ visible, ...row }) => toReviewWire(row, visible, authors.get(row.author_id)));
}

/**
 * Reviewing closes when the blind window ends: 14 days after completion or, for a weekly series,
 * as soon as the other party's review of the series has been shown (it may be on an earlier
 * visit). Past that the author could have read the other side first and answer it (409).
 */
async function assertReviewingOpen(
  db: DbOrTrx,
  pair: { bookingId: string; seriesId: string | null },
  completedAt: string | null,
  authorId: string,
): Promise<void> {
  const shownAt = await findCounterpartShownAt(db, pair, authorId);
  const closesAt = [completedAt && blindEnd(completedAt), shownAt]
    .filter((at): at is string => Boolean(at))
    .sort()[0];
  if (closesAt === undefined || Date.now() < Date.parse(closesAt)) return;
  throw conflict(
    `Reviewing this ${pair.seriesId ? 'series' : 'booking'} closed at ${closesAt}: a review is ` +
      `written within ${REVIEW_BLIND_DAYS} days of completion, while the other party's is hidden`,
  );
}

/**
 * One review per party of a completed booking, about the other party, until reviewing closes
 * (assertReviewingOpen). Hidden (double-blind) until the other party has reviewed too or 14 days
 * have passed since completion.
 */
export async function createReview(
  app: FastifyInstance,
  caller: AuthUser,
  bookingId: string,
  columns: { rating: number; comment: string },
): Promise<ReviewWire> {
  const booking = await findReviewedBooking(app.db, bookingId);
  const isParty =
    booking !== undefined && (booking.owner_id === caller.id || booking.provider_id === caller.id);
  if (!booking || (!isParty && caller.userType !== 'admin')) throw notFound('Booking');
  if (!isParty) throw forbidden('Only the owner and the sitter of a booking can review it');
  if (booking.status !== 'completed') throw conflict('Only a completed booking can be reviewed');
  // A weekly series is reviewed once, on any one of its completed occurrences: every refusal of a
  // second review of it says so, whichever check (or the unique index, in a race) catches it.
  const seriesId = booking.series_id ?? null;
  const already = () =>
    conflict(`You have already reviewed this ${seriesId ? 'series' : 'booking'}`);
  if (await findReviewByAuthor(app.db, bookingId, caller.id)) throw already();
  if (seriesId && (await hasReviewedSeries(app.db, seriesId, caller.id))) throw already();
  await assertReviewingOpen(app.db, { bookingId, seriesId }, booking.completed_at, caller.id);
  const subjectId = booking.owner_id === caller.id ? booking.provider_id : booking.owner_id;
  if (!subjectId) throw new AppError('CONFLICT', 'This booking has no sitter to review');
  const createdAt = nowIso();
  const row: ReviewsTable = {
    id: newId(),
    booking_id: bookingId,
    author_id: caller.id,
    subject_id: subjectId,
    rating: columns.rating,
    comment: columns.comment,
    created_at: createdAt,
    visible_at: blindEnd(booking.completed_at ?? createdAt),
    series_id: seriesId,
  };
  let isInserted: boolean;
  try {
    isInserted = await insertReviewIfFirst(app.db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw already();
    throw err;
  }
  if (!isInserted) throw already();
  // Visible now (both wrote; none is written after the blind window): refresh the cached ratings
  // at once; a lone review reaching its blind end later is refreshed by rating-refresh.ts.
  const now = new Date();
  await revealPair(app.db, { bookingId, seriesId }, now.toISOString());
  await recomputeVisibleSubjects(app.db, bookingId, now);
  const [mine] = (await listBookingReviews(app.db, bookingId, caller.id)).filter(
    (r) => r.id === row.id,
  );
  const authors = await authorCards(app.db, [caller.id]);
  // The "…is complete — leave a review" notice has been answered.
  await markNoticesRead(app, caller.id, { type: 'booking-completed', bookingId });
  const service = serviceWord(booking.service);
  // Due to show by now (revealPair moved visible_at from the blind window's end to now: both
  // have written) yet hidden: an open dispute holds the pair.
  const heldByDispute =
    mine !== undefined &&
    !mine.visible &&
    mine.visible_at !== null &&
    mine.visible_at <= now.toISOString();
  await notifyUser(app, subjectId, {
    type: 'review',
    message: mine?.visible
      ? `You received a ${row.rating}-star review for ${service}`
      : heldByDispute
        ? `You received a review for ${service}; both reviews show once the dispute on this booking is settled`
        : `You received a review for ${service}; it shows once you review too, or after ${REVIEW_BLIND_DAYS} days`,
    data: { bookingId, reviewId: row.id },
  });
  return toReviewWire(mine ?? row, mine?.visible ?? false, authors.get(caller.id));
}
