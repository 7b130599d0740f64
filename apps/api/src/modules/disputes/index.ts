/** Public surface of the disputes area. */
export { disputesRoutes } from './disputes.routes.ts';
export { isBookingDisputed } from './disputes-read.service.ts';
// The demo seed writes disputes in every status, with their history, which no service call does.
export { findBookingOfPair, insertDispute } from './disputes.repository.ts';
// A member's open disputes hold the closing of their account.
export { countDisputes } from './disputes.repository.ts';
