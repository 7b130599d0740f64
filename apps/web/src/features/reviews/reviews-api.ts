import type { BookingReview, CreateReviewBody, CreateReviewResponse } from '@pawsy/contract';
import { http } from '../../lib/http';

export type Review = BookingReview;
export type ReviewColumns = CreateReviewBody['columns'];

export const REVIEW_MESSAGES = { addFailed: 'Failed to add review' } as const;

export const reviewsApi = {
  /** POST /api/crud/{bookingId}/Review/create { columns: { rating, comment } } (SPEC §7). */
  create: (bookingId: string, columns: ReviewColumns) =>
    http.post<CreateReviewResponse>(`/api/crud/${encodeURIComponent(bookingId)}/Review/create`, {
      columns,
    } satisfies CreateReviewBody),
};
