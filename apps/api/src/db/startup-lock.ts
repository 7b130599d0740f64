import { sql } from 'kysely';
import type { Db, DbKind } from './index.ts';

/** The advisory lock key of start-up tasks (any fixed number; "PAWSY" in ASCII). */
const STARTUP_LOCK_KEY = 0x5041575359;

let localChain: Promise<unknown> = Promise.resolve();

/**
 * Runs start-up tasks (the admin from ADMIN_EMAIL, demo data) one instance at a time: two
 * instances started together on an empty PostgreSQL database both found no admin and both
 * inserted it, and the second died on the unique email. On PostgreSQL a session advisory lock,
 * held on its own connection while `run` uses the pool; on SQLite (one instance per file) the
 * calls of this process are chained.
 */
export async function withStartupLock<T>(db: Db, kind: DbKind, run: () => Promise<T>): Promise<T> {
  if (kind !== 'postgres') {
    const result = localChain.then(run);
    localChain = result.catch(() => undefined);
    return result;
  }
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
