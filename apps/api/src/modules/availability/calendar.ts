/**
 * Calendar arithmetic, free of I/O: local wall-clock ↔ UTC in a sitter's IANA time zone (with
 * daylight-saving changes), weekly schedules, blocked dates and capacity. The availability
 * service, the search's busy set and the bookings' checks all decide through `findConflict`,
 * so a sitter is "free" by one rule everywhere (docs/decisions.md "Availability"). The
 * time-zone arithmetic itself is in local-time.ts.
 *
 * Rules:
 * - A blocked range (local dates, both included) makes the sitter unavailable for any service.
 * - Hourly services (walks, visits…) for up to 24 h: the schedule, when set, must hold the whole
 *   booking inside one window of each local day it touches, and no other accepted or in-progress
 *   hourly booking may overlap it. Longer hourly ranges (a search over days) check blocks only.
 * - Overnight services: at no instant of the range may the sitter already hold `capacity`
 *   accepted or in-progress bookings of that service.
 * - No service given: blocks only.
 */
import { normalizeService, serviceUnit, serviceWord } from '@pawsy/contract';
import { addDays, DAY, DAY_MINUTES, localParts, localSegments, zonedToUtc } from './local-time.ts';
import { formatDay, formatStart } from '../../lib/house-dates.ts';

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

/** A schedule window within one local day: minutes [start, end), 0 ≤ start < end ≤ 1440. */
export type DayWindow = { weekday: number; start: number; end: number };
export type Interval = { start: Date; end: Date };
export type Occupancy = Interval & { id: string; service: string };
export type Block = Interval & { id: string; startDate: string; endDate: string };
export type CalendarData = {
  timeZone: string;
  windows: DayWindow[];
  capacities: Record<string, number>;
  blocks: Block[];
  /** Accepted and in-progress bookings of the sitter that may touch the range asked about. */
  bookings: Occupancy[];
};
export type Conflict =
  | { kind: 'blocked'; message: string; blockId: string }
  | { kind: 'schedule'; message: string }
  | { kind: 'booked'; message: string; bookingIds: string[] }
  | { kind: 'capacity'; message: string; bookingIds: string[] };

/** A blocked range of local dates (both included) as the instants [start, end) it covers. */
export function dateRangeToInterval(startDate: string, endDate: string, tz: string): Interval {
  return { start: zonedToUtc(startDate, 0, tz), end: zonedToUtc(addDays(endDate, 1), 0, tz) };
}

// ---------------------------------------------------------------------------------------------
// Weekly schedule

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Entered windows → merged minute windows per weekday. A window whose end is at or before its
 * start runs past midnight into the next day; 00:00–00:00 is the whole day.
 */
export function normalizeSchedule(
  schedule: readonly { day: number; start: string; end: string }[],
): DayWindow[] {
  const pieces: DayWindow[] = [];
  for (const w of schedule) {
    const start = toMinute(w.start);
    const end = toMinute(w.end);
    if (end > start) pieces.push({ weekday: w.day, start, end });
    else {
      if (start < DAY_MINUTES) pieces.push({ weekday: w.day, start, end: DAY_MINUTES });
      if (end > 0) pieces.push({ weekday: (w.day + 1) % 7, start: 0, end });
    }
  }
  pieces.sort((a, b) => a.weekday - b.weekday || a.start - b.start);
  const merged: DayWindow[] = [];
  for (const p of pieces) {
    const last = merged.at(-1);
    if (last && last.weekday === p.weekday && p.start <= last.end)
      last.end = Math.max(last.end, p.end);
    else merged.push({ ...p });
  }
  return merged;
}

/** Whether every segment lies inside one window of its weekday. */
export function scheduleCovers(
  windows: readonly DayWindow[],
  segments: readonly { weekday: number; from: number; to: number }[],
): boolean {
  return segments.every((s) =>
    windows.some((w) => w.weekday === s.weekday && w.start <= s.from && w.end >= s.to),
  );
}

// ---------------------------------------------------------------------------------------------
// Occupancy

export const overlaps = (a: Interval, b: Interval) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** The most intervals that overlap at any one instant inside `range` (half-open intervals). */
export function maxConcurrent(intervals: readonly Interval[], range: Interval): number {
  const events: [number, number][] = [];
  const lo = range.start.getTime();
  const hi = range.end.getTime();
  for (const i of intervals) {
    const s = Math.max(i.start.getTime(), lo);
    const e = Math.min(i.end.getTime(), hi);
    if (s < e) events.push([s, 1], [e, -1]);
  }
  // Ends sort before starts at the same instant: [a, b) and [b, c) never overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, d] of events) {
    now += d;
    if (now > max) max = now;
  }
  return max;
}

export const capacityOf = (capacities: Record<string, number>, service: string) =>
  capacities[service] ?? 1;

/**
 * Where a local day's piece of a booking ends, as a clock shows it: the booking's own end with its
 * seconds dropped, as the web shows it (the piece's `to` rounds a started minute up, which the
 * schedule check needs but a person reads as a wrong time), or 24:00 when it runs past midnight.
 */
function shownEnd(piece: { date: string; from: number; to: number }, end: Date, tz: string) {
  const last = localParts(end, tz);
  return last.date === piece.date ? Math.max(piece.from, last.minute) : piece.to;
}

/**
 * Whom a conflict message is about: the sitter asking for herself reads "you"; anyone else reads
 * the sitter's first name (or "The sitter" without one).
 */
export type ConflictSubject = { you: true } | { name?: string };

function voiceOf(who: ConflictSubject) {
  if ('you' in who)
    return {
      subject: 'You',
      whose: 'Your',
      is: 'are',
      does: 'do',
      has: 'have',
      hours: 'your weekly hours',
    };
  const name = who.name || 'The sitter';
  return {
    subject: name,
    whose: `${name}'s`,
    is: 'is',
    does: 'does',
    has: 'has',
    hours: 'their weekly schedule',
  };
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const zoneWords = (tz: string) => (tz === 'UTC' ? 'UTC' : `${tz} time`);

/**
 * Why the sitter cannot take `service` over [start, end), or null when they are free.
 * `ignoreBookingId` leaves out a booking being re-checked against its own occupancy.
 */
export function findConflict(
  cal: CalendarData,
  service: string | undefined,
  range: Interval,
  ignoreBookingId?: string,
  who: ConflictSubject = {},
): Conflict | null {
  const v = voiceOf(who);
  const block = cal.blocks.find((b) => overlaps(b, range));
  if (block)
    return {
      kind: 'blocked',
      blockId: block.id,
      message:
        block.startDate === block.endDate
          ? `${v.subject} ${v.is} away on ${formatDay(block.startDate)}`
          : `${v.subject} ${v.is} away from ${formatDay(block.startDate)} to ${formatDay(block.endDate)}`,
    };
  if (!service) return null;
  const others = cal.bookings.filter((b) => b.id !== ignoreBookingId && overlaps(b, range));
  if (serviceUnit(service) === 'night') {
    const same = others.filter((b) => b.service === service);
    const capacity = capacityOf(cal.capacities, service);
    if (same.length >= capacity && maxConcurrent(same, range) >= capacity)
      return {
        kind: 'capacity',
        bookingIds: same.map((b) => b.id),
        message: `${v.whose} ${serviceWord(service)} capacity (${capacity}) is already taken at that time`,
      };
    return null;
  }
  if (range.end.getTime() - range.start.getTime() > DAY) return null;
  if (cal.windows.length > 0) {
    const segments = localSegments(range.start, range.end, cal.timeZone);
    const outside = segments.find((s) => !scheduleCovers(cal.windows, [s]));
    if (outside)
      return {
        kind: 'schedule',
        // The zone is named: the reader's screen shows times on their own clock.
        message: `${v.subject} ${v.does} not take ${serviceWord(service)} on ${WEEKDAY_NAMES[outside.weekday]} ${clock(outside.from)}–${clock(shownEnd(outside, range.end, cal.timeZone))} ${zoneWords(cal.timeZone)} (outside ${v.hours})`,
      };
  }
  const hourly = others.filter((b) => serviceUnit(b.service) === 'hour');
  if (hourly.length > 0)
    return {
      kind: 'booked',
      bookingIds: hourly.map((b) => b.id),
      // In the house style, on the sitter's clock with its zone named (the reader's screen shows
      // times on their own clock): "Tue 15 Dec 2026, 10:00 CST".
      message: `${v.subject} already ${v.has} a ${serviceWord(hourly[0]!.service)} booking starting ${formatStart(hourly[0]!.start.toISOString(), cal.timeZone)}`,
    };
  return null;
}

/**
 * The next `count` local dates, from today in the sitter's zone (or `fromDate` when later) and
 * `horizonDays` on, on which the sitter is not away, has hours in their weekly schedule (when one
 * is set: the card shows those hours, so a day they show as "Not available" is never called free,
 * whatever the service) and has room for at least one service they offer: an hourly one on any
 * such day, an overnight one while its capacity is not taken for the whole day.
 *
 * `searched`: a search for one service (its cards). The dates are that service's alone, and for
 * an overnight one the weekly hours do not rule a day out, as they do not when it is requested
 * (findConflict): a card in a boarding search never calls a sitter busy on a day the search has
 * just found them free.
 */
export function nextFreeDates(
  cal: CalendarData,
  services: readonly string[],
  now: Date,
  count: number,
  horizonDays: number,
  fromDate?: string,
  searched?: string,
): string[] {
  const out: string[] = [];
  const { date: today, minute: nowMinute } = localParts(now, cal.timeZone);
  const first = fromDate && fromDate > today ? fromDate : today;
  const listed = searched ? [searched] : services.length > 0 ? services : ['dog-walking'];
  const offered = listed.map(normalizeService);
  const hoursRule = !searched || serviceUnit(offered[0]!) !== 'night';
  for (let i = 0; i < horizonDays && out.length < count; i++) {
    const date = addDays(first, i);
    if (cal.blocks.some((b) => b.startDate <= date && date <= b.endDate)) continue;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    // Today counts only while one of its windows has not ended yet.
    const hasHours =
      cal.windows.length === 0 ||
      cal.windows.some((w) => w.weekday === weekday && (date !== today || w.end > nowMinute));
    if (hoursRule && !hasHours) continue;
    let day: Interval | undefined;
    const roomy = offered.some((s) => {
      if (serviceUnit(s) !== 'night') return true;
      const cap = capacityOf(cal.capacities, s);
      const ofService = cal.bookings.filter((b) => b.service === s);
      // Fewer bookings than the capacity cannot fill the day: skip the time-zone arithmetic.
      if (ofService.length < cap) return true;
      const whole = (day ??= dateRangeToInterval(date, date, cal.timeZone));
      const same = ofService.filter((b) => overlaps(b, whole));
      // Full for the whole day only if `cap` bookings each span all of it.
      const spanning = same.filter(
        (b) => b.start.getTime() <= whole.start.getTime() && b.end.getTime() >= whole.end.getTime(),
      );
      return spanning.length < cap;
    });
    if (roomy) out.push(date);
  }
  return out;
}
