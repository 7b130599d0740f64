import type { DbOrTrx } from '../../db/index.ts';
import { liveOfferingSql, readCalendarVersion } from './availability.repository.ts';
import { findBusySitters } from './availability.service.ts';
import type { Interval } from './calendar.ts';

/**
 * Busy sets of plain searches (service, pet type, range; no name or city), kept per database
 * while the calendar-version counter is unchanged. Every write that can change who is busy moves
 * the counter (triggers, calendar-version migration), and each search reads it first, so a set is
 * never served after such a write — on any instance. Bounded by entries and by ids held.
 */
type Entry = { version: string; ids: ReadonlySet<string> };
const MAX_ENTRIES = 256;
const MAX_IDS = 200_000;
const caches = new WeakMap<object, { entries: Map<string, Entry>; ids: number }>();

export async function findBusyOffering(
  db: DbOrTrx,
  service: string | undefined,
  petType: string | undefined,
  range: Interval,
): Promise<ReadonlySet<string>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), ids: 0 };
    caches.set(db, cache);
  }
  const key = `${service ?? ''}|${petType ?? ''}|${range.start.toISOString()}|${range.end.toISOString()}`;
  // Read the counter before computing: a write after this read moves it, so a set computed from
  // newer data is at worst recomputed, never served stale.
  const version = await readCalendarVersion(db);
  const hit = cache.entries.get(key);
  if (hit && hit.version === version) {
    cache.entries.delete(key);
    cache.entries.set(key, hit); // most recently used last
    return hit.ids;
  }
  const ids = await findBusySitters(db, service, range, liveOfferingSql(service, petType));
  if (hit) {
    cache.entries.delete(key);
    cache.ids -= hit.ids.size;
  }
  cache.entries.set(key, { version, ids });
  cache.ids += ids.size;
  for (const [k, e] of cache.entries) {
    if (cache.entries.size <= MAX_ENTRIES && cache.ids <= MAX_IDS) break;
    if (k === key) continue;
    cache.entries.delete(k);
    cache.ids -= e.ids.size;
  }
  return ids;
}
