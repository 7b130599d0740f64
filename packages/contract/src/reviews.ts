import { z } from 'zod';
import { boundedPageQuery, numberOf, pageMeta, pathId, text, wholeNumber } from './common.ts';
import { bookingReview, userCard } from './bookings.ts';

export const reviewKeyParams = z.object({ key: pathId });

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
