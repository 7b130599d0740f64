// Public surface of the disputes feature, for the screens of other features.
export { BookingDisputeAction } from './components/open-dispute-button';
export type { Dispute } from './disputes-api';
