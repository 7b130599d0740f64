/** The bookings area's public surface: other modules import only from here. */
export { bookingsRoutes } from './bookings.routes.ts';
export { quotePrice, type Quote } from './pricing.ts';
