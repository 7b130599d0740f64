import type { DbOrTrx } from '../../db/index.ts';
import { readCalendarVersion } from './availability.repository.ts';
import { nextFreeDatesFor } from './availability.service.ts';

/**
 * Next free dates of sitter cards, kept per database while the calendar-version counter is
 * unchanged (every write that can change them moves it: blocks, schedules, calendar settings,
 * occupying bookings, a sitter's services) and for at most a quarter of an hour: every time
 * zone's midnight falls on a quarter-hour in UTC, so an entry never outlives the local day it
 * was computed on. Cards of a search page are read from here; misses are computed together.
 */
type Entry = { version: string; key: string; until: number; dates: string[] };
const MAX_ENTRIES = 50_000;
const QUARTER_HOUR_MS = 15 * 60_000;
const caches = new WeakMap<object, Map<string, Entry>>();

type Search = { fromDate?: string; service?: string };
const keyOf = (services: string[], search: Search) =>
  `${services.join(',')}|${search.fromDate ?? ''}|${search.service ?? ''}`;

/** When what was computed at `at` from the calendars stops being valid: the next quarter-hour. */
export const calendarDayValidUntil = (at: number) =>
  Math.floor(at / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;

export async function cachedNextFreeDates(
  db: DbOrTrx,
  sitters: { id: string; services: string[] }[],
  now = new Date(),
  /** A search's first day (YYYY-MM-DD) and service (see nextFreeDatesFor). */
  search: Search = {},
): Promise<Map<string, string[]>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  // Read before computing: a write after this read moves the counter, so an entry computed from
  // newer data is at worst recomputed, never served stale.
  const version = await readCalendarVersion(db);
  const at = now.getTime();
  const out = new Map<string, string[]>();
  const misses: { id: string; services: string[] }[] = [];
  for (const s of sitters) {
    const key = keyOf(s.services, search);
    const hit = cache.get(s.id);
    if (hit && hit.version === version && hit.key === key && hit.until > at) {
      out.set(s.id, hit.dates);
    } else {
      misses.push(s);
    }
  }
  if (misses.length === 0) return out;
  const fresh = await nextFreeDatesFor(db, misses, now, undefined, search);
  const until = calendarDayValidUntil(at);
  for (const s of misses) {
    const dates = fresh.get(s.id) ?? [];
    out.set(s.id, dates);
    cache.delete(s.id);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(s.id, { version, key: keyOf(s.services, search), until, dates });
  }
  return out;
}
