import path from 'node:path';

/*
 * How many write statements this process has run on a SQLite database file, through any of its
 * connections (each counted as it is handed out to run, committed or not: countingWrites). A cache of
 * something read from the database may trust an entry without asking again while this count has
 * not moved since the entry was read: no write of this process can have changed it. Writes by
 * another process on the same file are not counted, so such a cache still asks again after a
 * short interval (users/profile-cache.ts). PostgreSQL databases, shared by instances, have no
 * count: their caches always ask.
 */
export type WriteCounter = { n: number };

const byFile = new Map<string, WriteCounter>();
const byDb = new WeakMap<object, WriteCounter>();

/** The counter of a database file, shared by every connection this process opens on it. */
export function writeCounterFor(file: string): WriteCounter {
  if (file === ':memory:') return { n: 0 };
  const key = path.resolve(file);
  let counter = byFile.get(key);
  if (!counter) byFile.set(key, (counter = { n: 0 }));
  return counter;
}

/**
 * `prepare` (the connection's statement cache, which group-commit.ts asks once per statement it
 * runs) counting on `counter` every statement it hands out that is not a read.
 */
export function countingWrites<S extends { reader: boolean }>(
  prepare: (sql: string) => S,
  counter: WriteCounter,
): (sql: string) => S {
  return (sql) => {
    const statement = prepare(sql);
    if (!statement.reader) counter.n += 1;
    return statement;
  };
}

export function registerWriteCounter(db: object, counter: WriteCounter): void {
  byDb.set(db, counter);
}

/** The write count of `db`'s file now, or null (PostgreSQL, or a transaction's handle). */
function writeEpoch(db: object): number | null {
  return byDb.get(db)?.n ?? null;
}

/** `db`'s write count and when it was read (null where there is none: PostgreSQL). */
export type EpochMark = { n: number; at: number } | null;

export function epochMark(db: object): EpochMark {
  const n = writeEpoch(db);
  return n === null ? null : { n, at: performance.now() };
}

/**
 * Whether something read from `db` after `mark` was taken may be served again without asking:
 * no write of this process has run on the file since, and the mark is less than `maxAgeMs` old
 * (writes by another process on the file are not counted, so they are seen after that long).
 */
export function unchangedSince(db: object, mark: EpochMark, maxAgeMs: number): boolean {
  return mark !== null && mark.n === writeEpoch(db) && performance.now() - mark.at < maxAgeMs;
}
