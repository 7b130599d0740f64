import {
  type CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type SQLite from './sqlite-driver.ts';
import type { Checkpointer } from './checkpointer.ts';

/*
 * Group commit for the one SQLite connection.
 *
 * Every commit writes each page its transaction dirtied to the WAL, and a booking's pages are
 * mostly the same ones (the rightmost leaves of time-ordered keys and indexes, the counter rows
 * the triggers keep, page 1). Writes that reach the connection in the same event-loop turn
 * therefore share one outer transaction: each Kysely transaction runs in a savepoint of it (its
 * own rollback undoes only its own work), a lone write statement runs inside it, and the outer
 * transaction commits once the connection is free at the end of that turn (or sooner, when the
 * group has grown large or old). Nothing is acknowledged early: whoever ran anything inside a group, reads
 * included, gets their answer only after that group's COMMIT returned, so a client never sees a
 * write that a crash could still take back. Under no contention a group is one member and
 * commits at once, as before. If the commit fails, every member's call fails with its error.
 */

/** A group commits before handing the connection on once it has this many members… */
const MAX_MEMBERS = 256;
/** …or is this old (ms), so that a steady queue cannot hold an answer back for long. */
const MAX_AGE_MS = 20;

type Group = {
  members: number;
  /** The turn it was opened in has ended: commit at the next release. */
  due: boolean;
  openedAt: number;
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
};

type StatementOf = (sql: string) => SQLite.Statement;

const WRITE = /^\s*(insert|update|delete|replace)\b/i;
const READ_OR_WRITE = /^\s*(select|with|insert|update|delete|replace|values)\b/i;

/**
 * Groups open in this process. Two apps over one file in one process (tests, a job runner beside a
 * server) share the thread: one waiting for the other's write lock would block the very thread
 * that must commit it, so a driver about to take the lock first commits any other's group that no
 * caller is inside.
 */
const openGroups = new Set<GroupCommitDriver>();

/** One acquisition of the connection: what it ran inside which group, and whether it is done. */
class Handle implements DatabaseConnection {
  group: Group | null = null;
  inTransaction = false;
  released = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.run<R>(this, compiled.sql, compiled.parameters));
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const rows = this.driver.run<R>(this, compiled.sql, compiled.parameters).rows;
    for (const row of rows) yield { rows: [row] };
  }
}

export class GroupCommitDriver implements Driver {
  #held = false;
  readonly #waiting: (() => void)[] = [];
  #group: Group | null = null;
  /** One member runs at a time, so every member's savepoint can have the same name. */
  readonly #member: Record<'savepoint' | 'release' | 'rollback', SQLite.Statement>;
  /** The outer transaction's statements, prepared once (exec would compile them every time). */
  readonly #outer: Record<'begin' | 'commit' | 'rollback', SQLite.Statement>;
  #commitScheduled = false;
  #checkpointer: Checkpointer | null = null;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly statementOf: StatementOf,
    private readonly startCheckpointer: (() => Checkpointer) | null,
  ) {
    this.#member = {
      savepoint: sqlite.prepare('savepoint pawsy_member'),
      release: sqlite.prepare('release pawsy_member'),
      rollback: sqlite.prepare('rollback to pawsy_member'),
    };
    this.#outer = {
      begin: sqlite.prepare('begin immediate'),
      commit: sqlite.prepare('commit'),
      rollback: sqlite.prepare('rollback'),
    };
  }

  /** Kysely's first use of the database (never called for one that is never queried). */
  async init(): Promise<void> {
    this.#checkpointer = this.startCheckpointer?.() ?? null;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
    return new Handle(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    this.#join(handle);
    this.#member.savepoint.run();
    handle.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    handle.inTransaction = false;
    if (this.#group === handle.group) this.#member.release.run();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    handle.inTransaction = false;
    // A failure SQLite answers by ending the whole transaction leaves no savepoint to go back to.
    if (this.#group !== handle.group || !this.sqlite.inTransaction) return;
    this.#member.rollback.run();
    this.#member.release.run();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.run(connection as Handle, `savepoint "${name}"`, []);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.run(connection as Handle, `rollback to "${name}"`, []);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.run(connection as Handle, `release "${name}"`, []);
  }

  /**
   * Hands the connection on, then waits for the commit of the group this acquisition ran in, if
   * any. A group commits once the connection is free at the end of an event-loop turn (so the
   * requests that turn brought in share it), or at once when it is large or old.
   */
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    if (handle.released) return;
    handle.released = true;
    const group = this.#group;
    if (
      group &&
      (group.due ||
        group.members >= MAX_MEMBERS ||
        performance.now() - group.openedAt >= MAX_AGE_MS)
    )
      this.#commit();
    const next = this.#waiting.shift();
    if (next) next();
    else {
      this.#held = false;
      if (this.#group && !this.#commitScheduled) {
        this.#commitScheduled = true;
        setImmediate(this.#commitIfFree);
      }
    }
    if (handle.group) await handle.group.done;
  }

  /**
   * For a read run straight on the connection, outside Kysely (direct-reads.ts): `busy` while a
   * caller holds the connection (a transaction may be half-way through and could still roll
   * back); else what the read must wait for before answering: the open group's commit (its rows
   * may be among what the read saw), or nothing.
   */
  readGate(): 'busy' | Promise<void> | null {
    if (this.#held) return 'busy';
    return this.#group?.done ?? null;
  }

  /** The end of the turn: commit, or have the holder commit when it lets go. */
  readonly #commitIfFree = (): void => {
    this.#commitScheduled = false;
    if (!this.#group) return;
    if (this.#held) this.#group.due = true;
    else this.#commit();
  };

  async destroy(): Promise<void> {
    if (this.#group) this.#commit();
    await this.#checkpointer?.stop();
    this.sqlite.close();
  }

  /** Runs one statement for `handle` (a statement of its transaction, or one on its own). */
  run<R>(handle: Handle, sql: string, parameters: readonly unknown[]): QueryResult<R> {
    if (!handle.inTransaction) {
      if (WRITE.test(sql)) this.#join(handle);
      else if (this.#group) {
        // A read inside a group may see members' uncommitted rows; it answers after the commit.
        // Anything else (a pragma, DDL) must not run inside someone else's transaction.
        if (READ_OR_WRITE.test(sql)) this.#join(handle);
        else this.#commit();
      }
    }
    try {
      const statement = this.statementOf(sql);
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return {
        numAffectedRows: BigInt(changes),
        insertId: BigInt(lastInsertRowid),
        rows: [],
      };
    } catch (error) {
      // Some failures (a full disk, I/O errors) make SQLite roll the whole transaction back:
      // the group is gone, and every member that ran in it hears so.
      if (this.#group && !this.sqlite.inTransaction) this.#fail(error);
      throw error;
    }
  }

  /** Makes `handle` a member of the open group, opening one if none is. */
  #join(handle: Handle): void {
    if (!this.#group) {
      for (const other of openGroups) if (!other.#held) other.#commit();
      this.#outer.begin.run();
      openGroups.add(this);
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      // A member that already failed for its own reasons may never await the outcome.
      done.catch(() => {});
      this.#group = { members: 0, due: false, openedAt: performance.now(), done, resolve, reject };
    }
    if (handle.group !== this.#group) {
      handle.group = this.#group;
      this.#group.members += 1;
    }
  }

  #commit(): void {
    const group = this.#group;
    if (!group) return;
    try {
      this.#outer.commit.run();
      this.#group = null;
      openGroups.delete(this);
      group.resolve();
    } catch (error) {
      try {
        if (this.sqlite.inTransaction) this.#outer.rollback.run();
      } finally {
        this.#fail(error);
      }
    }
  }

  #fail(error: unknown): void {
    const group = this.#group;
    this.#group = null;
    openGroups.delete(this);
    group?.reject(error);
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspection) over the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly statementOf: StatementOf,
    private readonly startCheckpointer: (() => Checkpointer) | null,
  ) {
    super({ database: sqlite });
  }

  /** The driver of the Kysely instance built over this dialect (Kysely creates it once). */
  driver: GroupCommitDriver | null = null;

  override createDriver(): Driver {
    this.driver = new GroupCommitDriver(this.sqlite, this.statementOf, this.startCheckpointer);
    return this.driver;
  }
}
