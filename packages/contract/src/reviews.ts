import { z } from 'zod';
import { boundedPageQuery, numberOf, pageMeta, pathId, text, wholeNumber } from './common.ts';
import { bookingReview, userCard } from './bookings.ts';

export const reviewKeyParams = z.object({ key: pathId });

const DAY_MS = 24 * 3600_000;

/**
 * Double-blind: a review stays hidden until both parties of the booking have written one, or this
 * many days after its completion. Reviewing closes when that window ends, so nobody writes theirs
 * after reading the other's.
 */
export const REVIEW_BLIND_DAYS = 14;

/** When the blind window of a booking completed at `completedAt` ends (ISO): reviews show, reviewing closes. */
export function reviewClosesAt(completedAt: string): string {
  return new Date(Date.parse(completedAt) + REVIEW_BLIND_DAYS * DAY_MS).toISOString();
}

export const createReviewBody = z.object({
  columns: z.object({
    rating: wholeNumber(numberOf('Rating'), {
      whole: 'Rating must be a whole number',
      min: [1, 'Rating must be 1 to 5'],
      max: [5, 'Rating must be 1 to 5'],
    }),
    comment: text('Comment', 2000).default(''),
  }),
});

export const createReviewResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bookingReview,
});

/** GET /api/user/{id}/reviews: page from 1, limit 10 by default and at most 50. */
export const userReviewsQuery = boundedPageQuery(10, {}, 50);
export type UserReviewsQuery = z.infer<typeof userReviewsQuery>;

/** A visible review received by a user, as any signed-in visitor of their profile sees it. */
export const userReview = z.object({
  _id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  author: userCard,
  service: z.string(),
});
export type UserReview = z.infer<typeof userReview>;

export const userReviewsResponse = z.object({
  success: z.literal(true),
  data: z.array(userReview),
  ...pageMeta,
});
export type UserReviewsResponse = z.infer<typeof userReviewsResponse>;

// ---- Types of the calls above, for clients ----
export type CreateReviewBody = z.input<typeof createReviewBody>;
export type CreateReviewResponse = z.infer<typeof createReviewResponse>;
