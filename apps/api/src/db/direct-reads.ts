import type { Compilable, Kysely } from 'kysely';
import type SQLite from './sqlite-driver.ts';

/*
 * Reads on the hot path that skip Kysely's executor on SQLite (see readRows), and the raw-row
 * statements they run.
 */

/**
 * `make(key)`, kept for the next call with the same key: at most `max` keys, the least recently
 * used out first (a Map keeps insertion order; a hit is moved to the end).
 */
export function lruCache<V>(max: number, make: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    let value = cache.get(key);
    if (value !== undefined) {
      cache.delete(key);
    } else {
      value = make(key);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, value);
    return value;
  };
}

/**
 * Rows of a direct read built in JavaScript: better-sqlite3 hands each row over as an array
 * (raw mode) and a function generated once per statement from its column names makes the
 * object, with every row of that statement sharing one shape. Asking the driver for objects
 * defines each column as a property in C++, which costs about a third more per row (a 20-column
 * booking, a 38-column user). Same keys, values and order as `all()`: a name selected twice keeps
 * its last value, as there. Statements are cached like Kysely's (bounded, least recently used
 * out first) but apart from them, since raw mode sticks to a statement.
 */
function withRawReads(sqlite: SQLite.Database, max = 500) {
  type Reader = { statement: SQLite.Statement; row: ((values: unknown[]) => unknown) | null };
  const prepare = (text: string): Reader => {
    const statement = sqlite.prepare(text);
    const columns = statement.reader ? statement.columns() : [];
    // Not a read, or a column the object literal would take for the prototype: rows as objects.
    if (!statement.reader || columns.some((c) => c.name === '__proto__'))
      return { statement, row: null };
    statement.raw(true);
    const fields = columns.map((c, i) => `${JSON.stringify(c.name)}: r[${i}]`).join(', ');
    // The keys are JSON string literals of the column names; nothing else goes into the source.
    const row = new Function('r', `return { ${fields} };`) as (values: unknown[]) => unknown;
    return { statement, row };
  };
  const readerOf = lruCache(max, prepare);
  return (text: string, parameters: unknown[]): unknown[] => {
    const reader = readerOf(text);
    const rows = reader.statement.all(parameters);
    return reader.row ? (rows as unknown[][]).map(reader.row) : rows;
  };
}

/**
 * When a direct read may run: 'busy' while a caller holds the connection (then it queues in
 * Kysely like any query), else the commit it must wait for before answering (or null).
 */
export type ReadGate = () => 'busy' | Promise<void> | null;

/** SQLite databases' connections, for reads that need not queue behind Kysely's connection lock. */
const directReaders = new WeakMap<
  object,
  { gate: ReadGate; all: (sql: string, parameters: unknown[]) => unknown[] }
>();

/** Lets readRows run `db`'s reads straight on its SQLite connection (see readRows). */
export function registerDirectReads(db: object, sqlite: SQLite.Database, gate: ReadGate): void {
  directReaders.set(db, { gate, all: withRawReads(sqlite) });
}

/**
 * The rows of a read on the hot path. On SQLite, unless a caller holds the one connection (a
 * transaction in progress), the compiled statement runs at once (better-sqlite3 is synchronous,
 * so nothing can interleave with it) instead of through Kysely's executor and connection lock:
 * the same SQL and the same rows, without a few promise turns. Writes of other requests that
 * share a commit not yet made (group-commit.ts) are visible to it, so it answers only once that
 * commit is done, and fails with it. Inside a transaction, on PostgreSQL, or while a transaction
 * holds the connection, it is `execute()`.
 */
export async function readRows<R>(
  db: Pick<Kysely<never>, 'executeQuery'>,
  query: Compilable<R>,
): Promise<R[]> {
  const direct = directReaders.get(db);
  const gate = direct?.gate();
  if (direct && gate !== 'busy') {
    const { sql: text, parameters } = query.compile();
    const rows = direct.all(text, parameters as unknown[]) as R[];
    if (gate) await gate;
    return rows;
  }
  return (await db.executeQuery(query.compile())).rows;
}
