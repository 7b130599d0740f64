import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver.ts';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  createQueryId,
  sql,
  type Compilable,
  type CompiledQuery,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type DbKind = AppConfig['database']['kind'];

export function createDb(database: AppConfig['database']): Db {
  if (database.kind === 'postgres') {
    // Counts and sums come back as JS numbers, not strings.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: database.url, max: 10 }),
      }),
    });
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL + NORMAL: a commit is in the WAL (the OS's cache) before the call returns, so it survives
  // the process being killed; FULL also fsyncs the WAL at each commit (survives power loss).
  sqlite.pragma(`synchronous = ${database.synchronous ?? 'NORMAL'}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  directReaders.set(db, {
    busy: () => sqlite.inTransaction,
    all: (text, parameters) => statements.prepare(text).all(parameters as unknown[]),
  });
  return db;
}

/** SQLite databases' connections, for reads that need not queue behind Kysely's connection lock. */
const directReaders = new WeakMap<
  object,
  { busy: () => boolean; all: (sql: string, parameters: readonly unknown[]) => unknown[] }
>();

/**
 * The rows of a read on the hot path. On SQLite, when no transaction holds the one connection,
 * the compiled statement runs at once (better-sqlite3 is synchronous, so nothing can interleave
 * with it) instead of through Kysely's executor and connection lock: the same SQL and the same
 * rows, without a few promise turns. Inside a transaction (or on PostgreSQL) it is `execute()`.
 */
export async function readRows<R>(
  db: Pick<Kysely<never>, 'executeQuery'>,
  query: Compilable<R>,
): Promise<R[]> {
  const direct = directReaders.get(db);
  if (direct && !direct.busy()) {
    const { sql: text, parameters } = query.compile();
    return direct.all(text, parameters) as R[];
  }
  return (await db.executeQuery(query.compile())).rows;
}

/** Stands for argument `index` (item `item` of it, for a list) of a compiledRead while compiling. */
class Slot {
  constructor(
    readonly index: number,
    readonly item?: number,
  ) {}
}

/**
 * A read on the hot path whose SQL text depends on nothing but the lengths of its list arguments
 * and which arguments are undefined: `build` runs and is compiled once per SQL dialect and such
 * shape, with a marker in each given argument's (or list item's) place, and each call fills its
 * arguments into that compiled query and runs it through readRows, instead of building and
 * compiling the same query tree again. An undefined argument reaches `build` as undefined, so an
 * optional filter may be left out. `build` must use each argument as one bound value, or a list
 * argument as the values of an `in (…)`, never as an identifier, and branch only on whether an
 * argument is undefined; any other parameter is a constant. A database handle with Kysely plugins
 * (the query-plan test's capture) builds every time.
 */
export function compiledRead<A extends unknown[], R>(
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
): (db: DbOrTrx, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();
  return (db, ...args) => {
    const executor = db.getExecutor();
    // Plugins see (and may change) each query as it is built: with any, build every time.
    if (executor.plugins.length > 0) return readRows(db, build(db, ...args));
    const adapter = executor.adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) compiled.set(adapter, (shapes = new Map()));
    const shape = args
      .map((a) => (Array.isArray(a) ? a.length : a === undefined ? 'u' : ''))
      .join(',');
    let template = shapes.get(shape);
    if (!template) {
      const slots = args.map((a, i) =>
        Array.isArray(a) ? a.map((_, j) => new Slot(i, j)) : a === undefined ? a : new Slot(i),
      ) as A;
      template = build(db, ...slots).compile();
      shapes.set(shape, template);
    }
    const { sql: text, query, parameters } = template;
    const filled = parameters.map((p) =>
      p instanceof Slot
        ? p.item === undefined
          ? args[p.index]
          : (args[p.index] as unknown[])[p.item]
        : p,
    );
    const run = { sql: text, query, parameters: filled, queryId: createQueryId() };
    return readRows(db, { compile: () => run });
  };
}

/**
 * Kysely prepares every query anew; compiling SQL is most of a small query's cost on SQLite.
 * Statements are reusable, and the one connection runs one query at a time, so the same SQL text
 * gets the same prepared statement (bounded, least recently used out first).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Whether the database answers a trivial query (readiness probe). */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  return sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
}

/** A unique index refused the write (PostgreSQL 23505, SQLite's constraint code). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * PostgreSQL gave up one of two transactions that waited on each other (deadlock_detected
 * 40P01, serialization_failure 40001): nothing was written, and the same request sent again
 * will go through or meet the other one's result.
 */
export function isConcurrencyFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}
