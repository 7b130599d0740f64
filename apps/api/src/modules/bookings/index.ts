/** The bookings area's public surface: other modules import only from here. */
export { bookingsRoutes } from './bookings.routes.ts';
export { quotePrice, type Quote } from './pricing.ts';
// The demo seed writes bookings in every state with their history, which no service call does.
export { insertBooking, insertEvent as insertBookingEvent } from './bookings.repository.ts';
export { insertRequest as insertBookingRequest } from './booking-requests.repository.ts';
export { loadBookingParties, isChatParty, type BookingParties } from './booking-parties.ts';
