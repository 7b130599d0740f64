/**
 * Local wall-clock time in an IANA time zone ↔ UTC instants, free of I/O, with daylight-saving
 * changes: a moment's local date and minute, the instant a local time names, and the local
 * wall-clock span of a range on each day it touches (used by calendar.ts).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const DAY_MINUTES = 1440;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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

/**
 * How far the local wall clock in `tz` moves from `start` to `end`, in ms: the elapsed time
 * plus or minus a daylight-saving change between them (Sat 18:00 → Sun 18:00 is 24 h on the
 * wall clock whether the day had 23, 24 or 25 hours).
 */
export function wallClockSpan(start: Date, end: Date, tz: string): number {
  const a = start.getTime();
  const b = end.getTime();
  return b + offsetAt(b, tz) - (a + offsetAt(a, tz));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
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
