import { MAX_SERIES_WEEKS, seriesBody, type SeriesBody } from '@pawsy/contract';
import dayjs from 'dayjs';
import { toFormErrors } from '../../../lib/use-zod-form';

/** 0 = Sunday … 6 = Saturday (the contract's numbering), listed Monday first. */
export const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
] as const;

export const DURATIONS = [30, 45, 60, 90, 120, 180, 240, 480, 720, 1440].map((minutes) => ({
  value: String(minutes),
  label: formatDuration(minutes),
}));

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} hour${hours === 1 ? '' : 's'}`;
}

/** The weekly pattern as the form holds it; dates are local "YYYY-MM-DD". */
export type SeriesPattern = {
  weekdays: number[];
  time: string;
  durationMinutes: number;
  startDate: string | null;
  endMode: 'date' | 'count';
  endDate: string | null;
  count: number | '';
};

const DATE = 'YYYY-MM-DD';

/**
 * A new series: at 09:00 for an hour, four weeks long, from `firstDay` (the day the owner came
 * with, YYYY-MM-DD, when it is tomorrow or later) or else from tomorrow, on that weekday.
 */
export function initialPattern(firstDay?: string | null): SeriesPattern {
  const tomorrow = dayjs().add(1, 'day').startOf('day');
  const given = firstDay && /^\d{4}-\d{2}-\d{2}$/.test(firstDay) ? dayjs(firstDay) : null;
  // A real day (dayjs would roll 31 February over into March), not before tomorrow.
  const isDay = given?.isValid() && given.format(DATE) === firstDay;
  const start = given && isDay && !given.isBefore(tomorrow) ? given : tomorrow;
  return {
    weekdays: [start.day()],
    time: '09:00',
    durationMinutes: 60,
    startDate: start.format(DATE),
    endMode: 'date',
    endDate: start.add(4 * 7 - 1, 'day').format(DATE),
    count: 4,
  };
}

/** The last day a series starting on `startDate` may reach (12 weeks, start included). */
export function lastAllowedDate(startDate: string | null): string | null {
  return startDate
    ? dayjs(startDate)
        .add(MAX_SERIES_WEEKS * 7 - 1, 'day')
        .format(DATE)
    : null;
}

type Common = {
  providerId: string;
  service: string;
  pets: string[];
  notes: string;
  creditsToApply?: number;
  skipConflicts?: boolean;
};

export function toSeriesBody(pattern: SeriesPattern, common: Common): SeriesBody {
  const body: SeriesBody = {
    provider_id: common.providerId,
    service: common.service,
    pets: common.pets,
    weekdays: pattern.weekdays,
    time: pattern.time,
    durationMinutes: pattern.durationMinutes,
    startDate: pattern.startDate ?? '',
    notes: common.notes.trim(),
    creditsToApply: common.creditsToApply ?? 0,
    skipConflicts: common.skipConflicts ?? false,
  };
  if (pattern.endMode === 'date') body.endDate = pattern.endDate ?? '';
  else body.count = pattern.count === '' ? 0 : pattern.count;
  return body;
}

/** Validates with the API's own schema; errors keyed by the pattern's field names. */
export function validatePattern(
  pattern: SeriesPattern,
  common: Common,
): { body: SeriesBody; errors: null } | { body: null; errors: Record<string, string> } {
  const body = toSeriesBody(pattern, common);
  const result = seriesBody.safeParse(body);
  const errors: Record<string, string> = result.success ? {} : toFormErrors(result.error);
  if (!pattern.startDate) errors.startDate = 'Choose the first day';
  else if (pattern.startDate < dayjs().format(DATE))
    errors.startDate = 'The first day cannot be in the past';
  if (pattern.endMode === 'date' && !pattern.endDate) errors.endDate = 'Choose the last day';
  if (pattern.endMode === 'count' && errors.endDate) {
    errors.count = errors.endDate;
    delete errors.endDate;
  }
  return Object.keys(errors).length ? { body: null, errors } : { body, errors: null };
}

/** "Mon, Wed at 09:00 for 1 hour". */
export function describePattern(p: { weekdays: number[]; time: string; durationMinutes: number }) {
  const days = WEEKDAYS.filter((d) => p.weekdays.includes(d.value)).map((d) => d.short);
  return `${days.join(', ')} at ${p.time} for ${formatDuration(p.durationMinutes)}`;
}

function partsIn(iso: string, timeZone: string | undefined) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
}

/**
 * "Mon 7 Dec 2026, 09:00–10:00" in `timeZone` (the series' zone: the sitter's local time, as
 * the pattern was asked), else in the viewer's.
 */
export function formatVisit(o: { startAt: string; endAt: string }, timeZone?: string): string {
  const s = partsIn(o.startAt, timeZone);
  const e = partsIn(o.endAt, timeZone);
  return `${s.weekday} ${s.day} ${s.month} ${s.year}, ${s.hour}:${s.minute}–${e.hour}:${e.minute}`;
}

/** Whether the viewer's browser is in another zone than the series (then the page says so). */
export const isOtherZone = (timeZone: string) =>
  Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
