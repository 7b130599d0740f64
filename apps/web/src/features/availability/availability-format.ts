import { NEXT_FREE_HORIZON_DAYS, type WeeklyWindow } from '@pawsy/contract';
import dayjs from 'dayjs';

/** Weekdays as the contract numbers them (0 = Sunday), listed from Monday. */
export const WEEKDAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
] as const;

export const NO_FREE_DATES = `No free dates in the next ${NEXT_FREE_HORIZON_DAYS} days`;

/** A local date (YYYY-MM-DD) as "Thu 27 Nov". */
export const formatDay = (date: string) => dayjs(date).format('ddd D MMM');

/** "Free: Thu 27 Nov, Fri 28 Nov" or the "no free dates" line. */
export function formatFreeDates(dates: readonly string[]): string {
  return dates.length === 0 ? NO_FREE_DATES : `Free: ${dates.map(formatDay).join(', ')}`;
}

/** A blocked range as "Mon 1 Dec – Sun 7 Dec 2025" (one day: "Mon 1 Dec 2025"). */
export function formatRange(startDate: string, endDate: string): string {
  const end = dayjs(endDate).format('ddd D MMM YYYY');
  return startDate === endDate ? end : `${formatDay(startDate)} – ${end}`;
}

/** An end at or before the start runs into the next day (00:00–00:00 is the whole day). */
export function isPastMidnight(window: Pick<WeeklyWindow, 'start' | 'end'>): boolean {
  return window.end !== '24:00' && window.end < window.start;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The hours a new window of `day` starts with: 09:00–17:00 on an empty day, else the hour after
 * the day's last window (a copy of its hours would overlap it at once); empty when no hour fits
 * before midnight.
 */
export function newWindowHours(schedule: readonly WeeklyWindow[], day: number) {
  const windows = schedule.filter((w) => w.day === day && w.end);
  if (windows.length === 0) return { start: '09:00', end: '17:00' };
  // A window ending at midnight or past it (22:00–02:00, 00:00–00:00) takes the rest of the day.
  const ends = windows.map((w) =>
    isPastMidnight(w) || w.end === w.start || w.end === '24:00' ? 24 * 60 : minutes(w.end),
  );
  const last = Math.max(...ends);
  return last + 60 < 24 * 60
    ? { start: hhmmOf(last), end: hhmmOf(last + 60) }
    : { start: '', end: '' };
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, plus `current` when it is not among them. */
export function timeZoneOptions(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const list = known.includes('UTC') ? [...known] : [...known, 'UTC'];
  return list.includes(current) ? list : [current, ...list];
}
