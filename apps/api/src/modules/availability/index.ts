/*
 * What other areas may use of availability: the free/busy checks (bookings), the busy set and
 * next free dates (sitter search and cards), the calendar arithmetic for recurring series, the
 * routes (modules/index.ts) and the calendar writes the demo seeder uses.
 */
export {
  assertSitterFree,
  findBusySitters,
  loadCalendars,
  nextFreeDatesFor,
  sitterConflict,
  sitterTimeZone,
} from './availability.service.ts';
export { addBlock, getCalendar, updateCalendar } from './own-calendar.service.ts';
export { availabilityRoutes } from './availability.routes.ts';
export { findBusyOffering } from './busy-cache.ts';
export { cachedNextFreeDates, calendarDayValidUntil } from './free-dates-cache.ts';
export {
  countOffering,
  lockSitter,
  offerFilterSql,
  readCalendarVersion,
} from './availability.repository.ts';
export {
  dateRangeToInterval,
  findConflict,
  type CalendarData,
  type Conflict,
  type ConflictSubject,
  type Interval,
} from './calendar.ts';
export { addDays, localParts, wallClockSpan, zonedToUtc } from './local-time.ts';
