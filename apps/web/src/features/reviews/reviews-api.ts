import type { bookingReview, createReviewBody } from '@pawsy/contract';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type Review = z.infer<typeof bookingReview>;
export type ReviewColumns = z.input<typeof createReviewBody>['columns'];

export const REVIEW_MESSAGES = { addFailed: 'Failed to add review' } as const;

export const reviewsApi = {
  /** POST /api/crud/{bookingId}/Review/create { columns: { rating, comment } } (SPEC §7). */
  create: (bookingId: string, columns: ReviewColumns) =>
    http.post<{ success: true; message: string; data: Review }>(
      `/api/crud/${encodeURIComponent(bookingId)}/Review/create`,
      { columns },
    ),
};
