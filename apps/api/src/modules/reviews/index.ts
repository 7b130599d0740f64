/*
 * What other areas may use of reviews: rating summaries for cards, the reviews of a booking,
 * the reviews a user received, and the rating cache hooks. Everything else is internal.
 */
export { getRatingSummaries, type RatingSummary } from './rating-summaries.ts';
export { listReviewsForBooking, type ReviewWire } from './reviews.service.ts';
export { listReviewsAbout } from './subject-reviews.ts';
export { recomputeVisibleSubjects } from './rating-cache.ts';
export { refreshDueRatings, registerRatingRefresh } from './rating-refresh.ts';
// The demo seed writes past reviews with the same visibility rules as the API.
export { blindEnd, insertReviewIfFirst, revealPair } from './reviews.repository.ts';
