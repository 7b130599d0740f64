// Public surface of the reviews feature, for the screens of other features.
export { ReviewForm } from './components/review-form';
export { REVIEWS_TITLE_ID, ReviewList } from './components/review-list';
export type { Review } from './reviews-api';
