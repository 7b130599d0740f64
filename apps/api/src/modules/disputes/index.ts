/** Public surface of the disputes area. */
export { disputesRoutes } from './disputes.routes.ts';
export { bookingHasDispute } from './disputes.repository.ts';
// The demo seed writes disputes in every status, with their history, which no service call does.
export { findBookingOfPair, insertDispute } from './disputes.repository.ts';
