/** Public surface of the disputes area. */
export { disputesRoutes } from './disputes.routes.ts';
export { bookingHasDispute } from './disputes.repository.ts';
