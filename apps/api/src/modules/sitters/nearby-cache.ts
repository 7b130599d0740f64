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
type Entry = { versions: string; until: number; response: NearbyResponse; json?: string };
/** Bounded by the cards held (about 1 kB each), oldest answer out first: a few MB at most. */
const MAX_CARDS = 10_000;
type Cache = { entries: Map<string, Entry>; cards: number };
const caches = new WeakMap<object, Cache>();
const cardsOf = (e: Entry) => e.response.nearbyUsers.length + 1;

/**
 * The answer as the JSON body the route sends, serialised once per kept answer by `serialize`
 * (the route's compiled serialiser): a repeated search costs the two counter reads only.
 */
export async function cachedSearchJson(
  db: DbOrTrx,
  callerId: string,
  query: NearbyQuery,
  compute: () => Promise<NearbyResponse>,
  serialize: (response: NearbyResponse) => string,
  now = Date.now(),
): Promise<string> {
  const entry = await entryFor(db, callerId, query, compute, now);
  return (entry.json ??= serialize(entry.response));
}

async function entryFor(
  db: DbOrTrx,
  callerId: string,
  query: NearbyQuery,
  compute: () => Promise<NearbyResponse>,
  now: number,
): Promise<Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), cards: 0 }));
  const versions = `${await readDirectoryVersion(db)}/${await readCalendarVersion(db)}`;
  const key = `${callerId}\n${JSON.stringify(query)}`;
  const hit = cache.entries.get(key);
  if (hit && hit.versions === versions && hit.until > now) return hit;
  const response = await compute();
  const entry: Entry = { versions, until: calendarDayValidUntil(now), response };
  const old = cache.entries.get(key);
  if (old) {
    cache.entries.delete(key);
    cache.cards -= cardsOf(old);
  }
  for (const [oldest, e] of cache.entries) {
    if (cache.cards + cardsOf(entry) <= MAX_CARDS) break;
    cache.entries.delete(oldest);
    cache.cards -= cardsOf(e);
  }
  cache.entries.set(key, entry);
  cache.cards += cardsOf(entry);
  return entry;
}
