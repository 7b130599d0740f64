import dayjs from 'dayjs';

/*
 * Every date and time a person reads, in the house style of the booking pages
 * ("Sat 5 Dec 2026, 19:09"): day before month, 24-hour clock, in the browser's time zone.
 * Screens format through these, never through toLocaleString or Intl with options of their own.
 */

type DateInput = string | number | Date;

/** "5 Dec 2026"; with `weekday`, "Sat 5 Dec 2026". */
export function formatDate(at: DateInput, { weekday = false }: { weekday?: boolean } = {}): string {
  return dayjs(at).format(weekday ? 'ddd D MMM YYYY' : 'D MMM YYYY');
}

/** "Sat 5 Dec 2026, 19:09". */
export const formatDateTime = (at: DateInput) => dayjs(at).format('ddd D MMM YYYY, HH:mm');

/** "Sat 5 Dec 2026, 09:00–17:00" within a day, else "Sat 5 Dec 2026, 09:00 → Sun 6 Dec 2026, 10:00". */
export function formatTimeRange(start: DateInput, end: DateInput): string {
  const from = dayjs(start);
  const to = dayjs(end);
  if (from.isSame(to, 'day')) return `${formatDateTime(start)}–${to.format('HH:mm')}`;
  return `${formatDateTime(start)} → ${formatDateTime(end)}`;
}

/** "December 2026" (a member since when). */
export const formatMonth = (at: DateInput) => dayjs(at).format('MMMM YYYY');

/**
 * "5 Dec" for a calendar day written "2026-12-05" (a day the server counts by, such as the admin
 * charts' UTC days): read as that day, never shifted by the browser's time zone.
 */
export const formatDay = (day: string) => dayjs(day.slice(0, 10)).format('D MMM');
