// Public surface of the availability feature, for the screens of other features.
export { AvailabilityEditor } from './components/availability-editor';
export { NextFreeDates } from './components/next-free-dates';
export { WeeklyHours } from './components/weekly-hours';
export { availabilityApi, type Calendar, type PublicCalendar } from './availability-api';
export { formatFreeDates, NO_FREE_DATES } from './availability-format';
