import { z } from 'zod';
import { id } from './common.ts';
import { bookingReview } from './bookings.ts';

export const reviewKeyParams = z.object({ key: id });

export const createReviewBody = z
  .object({
    columns: z
      .object({
        rating: z
          .number()
          .int('Rating must be a whole number')
          .min(1, 'Rating must be 1 to 5')
          .max(5, 'Rating must be 1 to 5'),
        comment: z.string().trim().max(2000).default(''),
      })
      .strict(),
  })
  .strict();

export const createReviewResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bookingReview,
});
