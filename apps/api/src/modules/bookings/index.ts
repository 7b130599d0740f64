/** The bookings area's public surface: other modules import only from here. */
export { bookingsRoutes } from './bookings.routes.ts';
export { quotePrice, type Quote } from './pricing.ts';
// The demo seed writes bookings in every state with their history, which no service call does.
export { insertBooking, insertEvent as insertBookingEvent } from './bookings.repository.ts';
export { newEvent as newBookingEvent } from './booking-events.ts';
export { insertRequest as insertBookingRequest } from './booking-requests.repository.ts';
export { insertSeries as insertBookingSeries } from './booking-series.repository.ts';
// Weekly series left undecided when their first occurrence starts (for the reminder job).
export { expireStaleSeries } from './booking-series-payments.service.ts';
export {
  hasTakenOn,
  loadBookingParties,
  isChatParty,
  type BookingParties,
} from './booking-parties.ts';
// A sitter sees a booking only once its card part is paid (or it has none): their lists filter by it.
export { cardPaidOrNone } from './booking-charges.repository.ts';
// The reminder job (day-before, undecided requests, expiry); other parts add steps to it.
export {
  registerReminderStep,
  reminderSteps,
  runReminders,
  type ReminderStep,
} from './booking-reminders.service.ts';
export { registerBookingReminders } from './booking-reminders.scheduler.ts';
// What still ties a member to others (bookings, series, applications) before the account closes.
export { countOpenCommitments, type OpenCommitments } from './account-commitments.repository.ts';
