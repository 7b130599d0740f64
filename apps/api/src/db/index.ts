import fs from 'node:fs';
import path from 'node:path';
import SQLite, { SQLITE_DRIVER_MODULE } from './sqlite-driver.ts';
import { BACKSTOP_PAGES, startCheckpointer } from './checkpointer.ts';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { migrations } from './migrations/index.ts';
import { lruCache, registerDirectReads } from './direct-reads.ts';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { countingWrites, registerWriteCounter, writeCounterFor } from './write-epoch.ts';
import type { Database } from './schema.ts';

export { readRows } from './direct-reads.ts';
export { epochMark, unchangedSince, type EpochMark } from './write-epoch.ts';
export { compiledRead, compiledWrite } from './compiled.ts';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type DbKind = AppConfig['database']['kind'];

/**
 * `onConnectionLost`: told when PostgreSQL ends an idle pooled connection (a restart, a failover,
 * `pg_terminate_backend`). The pool drops that connection and opens a new one on next use; without
 * a listener, node-postgres re-throws the error and the process dies.
 */
export function createDb(
  database: AppConfig['database'],
  onConnectionLost: (err: Error) => void = () => {},
): Db {
  if (database.kind === 'postgres') {
    // Counts and sums come back as JS numbers, not strings.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    pool.on('error', onConnectionLost);
    // A connection that is checked out has no pool listener: its query gets the error, and this
    // keeps one that falls between two queries (inside a transaction) from throwing.
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL + NORMAL: a commit is in the WAL (the OS's cache) before the call returns, so it survives
  // the process being killed; FULL also fsyncs the WAL at each commit (survives power loss).
  sqlite.pragma(`synchronous = ${database.synchronous ?? 'NORMAL'}`);
  // Every transaction is a savepoint of a shared one (group-commit.ts), and SQLite keeps what a
  // savepoint changed in a sub-journal that spills to a temporary file past 64 KiB: most of a
  // group's writes then went to that file and back. Temporary storage in memory keeps it there.
  sqlite.pragma('temp_store = MEMORY');
  const statements = withStatementCache(sqlite);
  // A file database is checkpointed by a worker thread (checkpointer.ts), started on first use;
  // an in-memory one has no WAL.
  const onDisk = database.file !== ':memory:';
  if (onDisk) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const checkpointer = onDisk ? () => startCheckpointer(database.file, SQLITE_DRIVER_MODULE) : null;
  const writes = writeCounterFor(database.file);
  const dialect = new GroupCommitSqliteDialect(
    sqlite,
    countingWrites(statements.prepare, writes),
    checkpointer,
  );
  const db = new Kysely<Database>({ dialect });
  registerWriteCounter(db, writes);
  const driver = dialect.driver!;
  registerDirectReads(db, sqlite, () => driver.readGate());
  return db;
}

/**
 * Kysely prepares every query anew; compiling SQL is most of a small query's cost on SQLite.
 * Statements are reusable, and the one connection runs one query at a time, so the same SQL text
 * gets the same prepared statement (bounded, least recently used out first).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const statementOf = lruCache(max, (sql) => sqlite.prepare(sql));
  return {
    prepare: (sql: string): SQLite.Statement => statementOf(sql),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // No migration named: the database could not be reached or read at all.
    throw new Error(
      failed
        ? `Migration ${failed.migrationName} failed: ${String(error)}`
        : `Could not migrate the database (is it reachable, and does it exist?): ${String(error)}`,
    );
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
