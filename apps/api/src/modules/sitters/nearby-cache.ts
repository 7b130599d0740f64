import type { NearbyQuery, NearbyResponse } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { calendarDayValidUntil, readCalendarVersion } from '../availability/index.ts';
import { readDirectoryVersion } from './nearby.repository.ts';

/**
 * Search answers, per database, per caller and query, kept while neither counter has moved:
 * directory_version (every write to what cards, filters, counts and the ranking read: users,
 * ratings, the location index) and calendar_version (every write that changes who is busy or
 * free), and at most until the next quarter-hour, as the next free dates on the cards are. Both
 * counters live in the database, so a write through any instance is seen by every instance on
 * its next search. The counters are read before computing: a write after the read moves them, so
 * an answer computed from newer data is at worst computed again, never served stale.
 */
type Entry = { versions: string; until: number; response: NearbyResponse };
const MAX_ENTRIES = 2_000;
const caches = new WeakMap<object, Map<string, Entry>>();

export async function cachedSearch(
  db: DbOrTrx,
  callerId: string,
  query: NearbyQuery,
  compute: () => Promise<NearbyResponse>,
  now = Date.now(),
): Promise<NearbyResponse> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const versions = `${await readDirectoryVersion(db)}/${await readCalendarVersion(db)}`;
  const key = `${callerId}\n${JSON.stringify(query)}`;
  const hit = cache.get(key);
  if (hit && hit.versions === versions && hit.until > now) return hit.response;
  const response = await compute();
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { versions, until: calendarDayValidUntil(now), response });
  return response;
}
