// Public surface of the bookings feature, for the screens of other features.
export { BookingSummary } from './components/booking-summary';
export { BookingTimeline } from './components/booking-timeline';
export { fetchBooking } from './booking-slice';
export type { Booking } from './bookings-api';
export { StatusBadge } from './components/status-badge';
export { statusLabel } from './lib/booking-format';
