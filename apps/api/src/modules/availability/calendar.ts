/**
 * Calendar arithmetic, free of I/O: local wall-clock ↔ UTC in a sitter's IANA time zone (with
 * daylight-saving changes), weekly schedules, blocked dates and capacity. The availability
 * service, the search's busy set and the bookings' checks all decide through `findConflict`,
 * so a sitter is "free" by one rule everywhere (docs/decisions.md "Availability").
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
import { normalizeService, serviceLabel, serviceUnit } from '@pawsy/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const DAY_MINUTES = 1440;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
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

// ---------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

export type LocalParts = { date: string; weekday: number; minute: number };

/** The local date, weekday (0 = Sunday) and minute of the day of `t` in `tz`. */
export function localParts(t: Date | number, tz: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(t)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Offset of `tz` from UTC at instant `t`, in ms (local = UTC + offset), to the minute. */
export function offsetAt(t: number, tz: string): number {
  const p = localParts(t, tz);
  const local = Date.parse(`${p.date}T00:00:00Z`) + p.minute * MINUTE;
  return local - Math.floor(t / MINUTE) * MINUTE;
}

/**
 * The instant at which the local wall clock in `tz` shows `date` + `minute`. A time skipped by a
 * daylight-saving jump is read with the offset before the jump (so it lands just after it); a
 * time that occurs twice is its first occurrence.
 */
export function zonedToUtc(date: string, minute: number, tz: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  const before = offsetAt(wall - DAY, tz);
  const after = offsetAt(wall + DAY, tz);
  const valid = [...new Set([before, after])]
    .map((o) => wall - o)
    .filter((t) => offsetAt(t, tz) === wall - t)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? wall - before);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

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

/** The first instant in (a, b] whose offset differs from a's (bisection to the minute). */
function transitionBetween(a: number, b: number, tz: string): number {
  const oa = offsetAt(a, tz);
  let lo = a;
  let hi = b;
  while (hi - lo > MINUTE) {
    // At least a minute forward: with ends off the minute a zero step would never finish.
    const mid = lo + Math.max(1, Math.floor((hi - lo) / 2 / MINUTE)) * MINUTE;
    if (offsetAt(mid, tz) === oa) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The local wall-clock span of [start, end) on each local day it touches: weekday plus minutes
 * [from, to]. Where the clock falls back inside a piece, the span is the hull of the wall times
 * the piece shows, so the schedule must hold all of them.
 */
export function localSegments(
  start: Date,
  end: Date,
  tz: string,
): { date: string; weekday: number; from: number; to: number }[] {
  const out: { date: string; weekday: number; from: number; to: number }[] = [];
  let cursor = start.getTime();
  const stop = end.getTime();
  while (cursor < stop) {
    const p = localParts(cursor, tz);
    const dayEnd = zonedToUtc(addDays(p.date, 1), 0, tz).getTime();
    const pieceEnd = Math.min(stop, dayEnd);
    let from = p.minute;
    // Offsets are whole minutes, so an end a few seconds past a minute reaches the next one.
    let to =
      pieceEnd === dayEnd
        ? DAY_MINUTES
        : localParts(pieceEnd, tz).minute + (pieceEnd % MINUTE === 0 ? 0 : 1);
    const o1 = offsetAt(cursor, tz);
    const o2 = offsetAt(pieceEnd === dayEnd ? pieceEnd - MINUTE : pieceEnd, tz);
    if (o2 < o1) {
      // Clock fell back: it reached `peak` just before the change, then showed `peak − Δ`.
      const change = transitionBetween(cursor, pieceEnd, tz);
      const peak = localParts(change - MINUTE, tz).minute + 1;
      from = Math.min(from, peak - (o1 - o2) / MINUTE);
      to = Math.max(to, peak);
    }
    if (to < from) to = from;
    out.push({ date: p.date, weekday: p.weekday, from, to });
    cursor = pieceEnd;
  }
  return out;
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

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const dateLabel = (d: Date, tz: string) => {
  const p = localParts(d, tz);
  return `${p.date} ${clock(p.minute)}`;
};

/**
 * Why the sitter cannot take `service` over [start, end), or null when they are free.
 * `ignoreBookingId` leaves out a booking being re-checked against its own occupancy.
 */
export function findConflict(
  cal: CalendarData,
  service: string | undefined,
  range: Interval,
  ignoreBookingId?: string,
): Conflict | null {
  const block = cal.blocks.find((b) => overlaps(b, range));
  if (block)
    return {
      kind: 'blocked',
      blockId: block.id,
      message: `The sitter is away from ${block.startDate} to ${block.endDate}`,
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
        message: `The sitter's ${serviceLabel(service).toLowerCase()} capacity (${capacity}) is already taken at that time`,
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
        message: `The sitter does not take ${serviceLabel(service).toLowerCase()} on ${WEEKDAY_NAMES[outside.weekday]} ${clock(outside.from)}–${clock(outside.to)} (outside their weekly schedule)`,
      };
  }
  const hourly = others.filter((b) => serviceUnit(b.service) === 'hour');
  if (hourly.length > 0)
    return {
      kind: 'booked',
      bookingIds: hourly.map((b) => b.id),
      message: `The sitter already has a ${serviceLabel(hourly[0]!.service).toLowerCase()} booking at ${dateLabel(hourly[0]!.start, cal.timeZone)}`,
    };
  return null;
}

/**
 * The next `count` local dates, from today in the sitter's zone and `horizonDays` ahead, on which
 * the sitter is not away and has room for at least one service they offer: an hourly one when the
 * day has schedule hours (or no schedule is set), an overnight one while its capacity is not taken
 * for the whole day (the schedule does not apply to overnight care, as in `findConflict`).
 */
export function nextFreeDates(
  cal: CalendarData,
  services: readonly string[],
  now: Date,
  count: number,
  horizonDays: number,
): string[] {
  const out: string[] = [];
  const today = localParts(now, cal.timeZone).date;
  const offered = (services.length > 0 ? services : ['dog-walking']).map(normalizeService);
  for (let i = 0; i < horizonDays && out.length < count; i++) {
    const date = addDays(today, i);
    if (cal.blocks.some((b) => b.startDate <= date && date <= b.endDate)) continue;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const hasHours = cal.windows.length === 0 || cal.windows.some((w) => w.weekday === weekday);
    let day: Interval | undefined;
    const roomy = offered.some((s) => {
      if (serviceUnit(s) !== 'night') return hasHours;
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
