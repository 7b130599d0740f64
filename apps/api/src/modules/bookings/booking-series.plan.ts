import { MAX_SERIES_WEEKS, serviceUnit } from '@pawsy/contract';
import { addDays, zonedToUtc, type Interval } from '../availability/index.ts';
import { MAX_BOOKING_LEAD_DAYS } from './pricing.ts';

/**
 * The occurrences of a weekly series, free of I/O: each matching local date from `startDate`
 * (to `endDate`, or until `count` dates are found), at most MAX_SERIES_WEEKS weeks, at the local
 * `time` in the sitter's zone. The wall clock is kept across daylight-saving changes (an 08:00
 * walk stays 08:00 local). The duration is counted as the service is priced (pricing.ts): real
 * elapsed time for hourly services; for overnight ones on the wall clock too, so that 18:00 for
 * 24 h ends at 18:00 local and every occurrence is the same number of nights.
 */
export type PlannedOccurrence = { date: string; start: Date; end: Date };
export type PlanInput = {
  service: string;
  weekdays: readonly number[];
  time: string;
  durationMinutes: number;
  startDate: string;
  endDate?: string | undefined;
  count?: number | undefined;
};
export type PlanResult =
  { ok: true; occurrences: PlannedOccurrence[] } | { ok: false; path: string; message: string };

const DAY_MS = 86_400_000;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The span any occurrence of a series starting on `startDate` can touch, whatever the zone. */
export function seriesSpan(startDate: string): Interval {
  const start = Date.parse(`${startDate}T00:00:00Z`) - 2 * DAY_MS;
  return { start: new Date(start), end: new Date(start + (MAX_SERIES_WEEKS * 7 + 5) * DAY_MS) };
}

export function planSeries(input: PlanInput, timeZone: string, now = new Date()): PlanResult {
  const minute = Number(input.time.slice(0, 2)) * 60 + Number(input.time.slice(3, 5));
  const days = new Set(input.weekdays);
  const isOvernight = serviceUnit(input.service) === 'night';
  const lastDate = addDays(input.startDate, MAX_SERIES_WEEKS * 7 - 1);
  const until = input.endDate && input.endDate < lastDate ? input.endDate : lastDate;
  const occurrences: PlannedOccurrence[] = [];
  for (let date = input.startDate; date <= until; date = addDays(date, 1)) {
    if (input.count !== undefined && occurrences.length >= input.count) break;
    if (!days.has(weekdayOf(date))) continue;
    const start = zonedToUtc(date, minute, timeZone);
    const end = isOvernight
      ? zonedToUtc(date, minute + input.durationMinutes, timeZone)
      : new Date(start.getTime() + input.durationMinutes * 60_000);
    occurrences.push({ date, start, end });
  }
  if (occurrences.length === 0)
    return { ok: false, path: 'weekdays', message: 'No chosen weekday falls between the dates' };
  if (input.count !== undefined && occurrences.length < input.count)
    return {
      ok: false,
      path: 'count',
      message: `Only ${occurrences.length} of these weekdays fit in ${MAX_SERIES_WEEKS} weeks`,
    };
  if (occurrences[0]!.start.getTime() <= now.getTime())
    return {
      ok: false,
      path: 'startDate',
      message: `Every occurrence must start in the future (the first is ${occurrences[0]!.date} ${input.time})`,
    };
  if (occurrences.at(-1)!.start.getTime() - now.getTime() > MAX_BOOKING_LEAD_DAYS * DAY_MS)
    return {
      ok: false,
      path: 'startDate',
      message: `A series must end within ${MAX_BOOKING_LEAD_DAYS} days`,
    };
  for (let i = 1; i < occurrences.length; i++)
    if (occurrences[i]!.start.getTime() < occurrences[i - 1]!.end.getTime())
      return {
        ok: false,
        path: 'durationMinutes',
        message: 'The duration is longer than the gap between two occurrences',
      };
  return { ok: true, occurrences };
}

/**
 * How credits and the card share of a series are spread over its occurrences (in order): credits
 * first, the card for the rest, so each occurrence booking carries its own part of each.
 */
export function splitPayment(
  count: number,
  occurrenceCents: number,
  credits: number,
): { credits: number; card: number }[] {
  let left = credits;
  return Array.from({ length: count }, () => {
    const c = Math.min(left, occurrenceCents);
    left -= c;
    return { credits: c, card: occurrenceCents - c };
  });
}
