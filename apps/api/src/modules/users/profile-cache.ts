import type { DbOrTrx } from '../../db/index.ts';

/*
 * The own-profile answer (GET /user/user-profile) per database and user, as the JSON body the
 * route sends, kept with the users.version it was built from. A trigger moves that version on
 * every change to the row, whoever makes it and through whichever instance (migration 22-00), so
 * a kept answer is served only while the row is as it was when the answer was built.
 */
export type ProfileEntry = { version: number; json: string };

/** About 2 kB each: at most ~10 MB, the least recently read user out first. */
const MAX_ENTRIES = 5_000;
const caches = new WeakMap<object, Map<string, ProfileEntry>>();

/**
 * The kept answer for `userId` when it was built from `version` (the row's version, read by the
 * caller), else `build()`'s, kept in its place. `build` reads the row with its own version: an
 * answer built from a row newer than `version` is kept under the newer one, never served stale.
 */
export async function cachedProfileJson(
  db: DbOrTrx,
  userId: string,
  version: number,
  build: () => Promise<ProfileEntry>,
): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(userId);
  cache.delete(userId);
  if (hit && hit.version === version) {
    cache.set(userId, hit);
    return hit.json;
  }
  const entry = await build();
  cache.delete(userId);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(userId, entry);
  return entry.json;
}
