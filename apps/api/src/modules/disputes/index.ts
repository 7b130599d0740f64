/** Public surface of the disputes area. */
export { bookingHasDispute } from './disputes.repository.ts';
