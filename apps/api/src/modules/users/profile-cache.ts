import { unchangedSince, type DbOrTrx, type EpochMark } from '../../db/index.ts';

/*
 * The own-profile answer (GET /user/user-profile) per database and user, as the JSON body the
 * route sends, kept with the users.version it was built from. A trigger moves that version on
 * every change to the row, whoever makes it and through whichever instance (migration 22-00), so
 * a kept answer is served only while the row is as it was when the answer was built.
 *
 * Asking for the version is itself a read on every call. On SQLite an answer is also kept with
 * the database's write count (db/write-epoch.ts) when its version was read: while no write of
 * this process has run since, and for at most RECHECK_MS (writes by another process on the file,
 * such as the admin CLI, are not counted), it is served without asking. PostgreSQL, shared by
 * instances, always asks.
 */
export type ProfileEntry = { version: number; json: string };
type Kept = ProfileEntry & { mark: EpochMark };

/** About 2 kB each: at most ~10 MB, the least recently read user out first. */
const MAX_ENTRIES = 5_000;
/** How long a kept answer is trusted on the write count alone before its version is read again. */
export const RECHECK_MS = 200;
const caches = new WeakMap<object, Map<string, Kept>>();

/** Moves a hit to the end (most recently used) and gives it. */
function touch(cache: Map<string, Kept>, userId: string, hit: Kept): Kept {
  cache.delete(userId);
  cache.set(userId, hit);
  return hit;
}

/**
 * The kept answer for `userId` without asking the database, when that is safe: the database has
 * a write count that has not moved since the answer's version was read, less than RECHECK_MS ago.
 * Undefined otherwise (then ask: cachedProfileJson).
 */
export function unchangedProfileJson(db: DbOrTrx, userId: string): string | undefined {
  const cache = caches.get(db);
  const hit = cache?.get(userId);
  if (!cache || !hit || !unchangedSince(db, hit.mark, RECHECK_MS)) return undefined;
  return touch(cache, userId, hit).json;
}

/**
 * The kept answer for `userId` when it was built from `version` (the row's version, read by the
 * caller after it took `mark`, the write count before that read), else `build()`'s, kept in its
 * place. `build` reads the row with its own version: an answer built from a row newer than
 * `version` is kept under the newer one, never served stale.
 */
export async function cachedProfileJson(
  db: DbOrTrx,
  userId: string,
  version: number,
  mark: EpochMark,
  build: () => Promise<ProfileEntry>,
): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(userId);
  if (hit && hit.version === version) {
    hit.mark = mark;
    return touch(cache, userId, hit).json;
  }
  const entry = await build();
  cache.delete(userId);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(userId, { ...entry, mark });
  return entry.json;
}
