import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { createDb, readRows, withStatementCache } from './index.ts';
import SQLite from './sqlite-driver.ts';

type T = { things: { id: number; name: string }; kids: { id: number; thing_id: number } };

const dirs: string[] = [];
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-group-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

/**
 * A database on the group-commit driver, with every run of the outer transaction's statements
 * (prepared once by the driver) written down.
 */
async function open() {
  const file = tempFile();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const outer: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    const statement = prepare(text);
    if (/^(begin immediate|commit|rollback)$/.test(text)) {
      const run = statement.run.bind(statement);
      statement.run = (...params: unknown[]) => {
        outer.push(text);
        return run(...params);
      };
    }
    return statement;
  }) as typeof sqlite.prepare;
  const statements = withStatementCache(sqlite);
  const db = new Kysely<T>({
    dialect: new GroupCommitSqliteDialect(sqlite, statements.prepare, null),
  });
  closers.push(() => db.destroy());
  await sql`create table things (id integer primary key, name text not null)`.execute(db);
  await sql`create table kids (id integer primary key,
    thing_id integer not null references things (id) deferrable initially deferred)`.execute(db);
  outer.length = 0;
  /** What another connection (another process, after a crash) finds in the file. */
  const committed = () => {
    const other = new SQLite(file, { readonly: true });
    try {
      return (other.prepare('select id from things order by id').all() as { id: number }[]).map(
        (r) => r.id,
      );
    } finally {
      other.close();
    }
  };
  const commits = () => outer.filter((e) => e === 'commit').length;
  return { db, sqlite, committed, commits };
}

const insert = (db: Kysely<T>, id: number) =>
  db.transaction().execute((trx) =>
    trx
      .insertInto('things')
      .values({ id, name: `n${id}` })
      .execute(),
  );

describe('group commit on SQLite', () => {
  it('commits transactions started in the same turn together, each acknowledged only once committed', async () => {
    const { db, committed, commits } = await open();
    const seenAtAck: number[][] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        insert(db, i + 1).then(() => seenAtAck.push(committed())),
      ),
    );
    expect(commits()).toBeLessThan(20);
    expect(commits()).toBeGreaterThanOrEqual(1);
    // Every acknowledgement came after its row was in the file for any other connection to read.
    for (const seen of seenAtAck) expect(seen.length).toBeGreaterThanOrEqual(1);
    seenAtAck.forEach((seen, k) => expect(seen.length).toBeGreaterThanOrEqual(k + 1));
    expect(committed()).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('a transaction that fails takes back only its own writes', async () => {
    const { db, committed } = await open();
    const results = await Promise.allSettled([
      insert(db, 1),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('things').values({ id: 2, name: 'two' }).execute();
        throw new Error('changed my mind');
      }),
      insert(db, 3),
      insert(db, 1), // the same key again: refused, alone
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(committed()).toEqual([1, 3]);
  });

  it('a read while a group is open answers only after that group committed', async () => {
    const { db, commits } = await open();
    const order: string[] = [];
    let read: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('things').values({ id: 1, name: 'one' }).execute();
      // Another caller's read, queued behind this transaction: it runs inside the open group and
      // sees the row, so it may answer only once that row is committed.
      read = readRows(db, db.selectFrom('things').select('id')).then((rows) =>
        order.push(`read ${rows.length} row after ${commits()} commit`),
      );
    });
    order.push(`write acknowledged after ${commits()} commit`);
    await read;
    expect(order).toContain('read 1 row after 1 commit');
    expect(order).toContain('write acknowledged after 1 commit');
  });

  it('a lone statement that writes commits before it answers', async () => {
    const { db, committed } = await open();
    await db.insertInto('things').values({ id: 7, name: 'seven' }).execute();
    expect(committed()).toEqual([7]);
    await db.updateTable('things').set({ name: 'x' }).where('id', '=', 7).execute();
    await db.deleteFrom('things').where('id', '=', 7).execute();
    expect(committed()).toEqual([]);
  });

  it('a failed commit fails every member of the group, and none of their writes stays', async () => {
    const { db, committed } = await open();
    const results = await Promise.allSettled([
      insert(db, 1),
      // A deferred foreign key is only checked at COMMIT: this member poisons the whole group.
      db
        .transaction()
        .execute((trx) => trx.insertInto('kids').values({ id: 1, thing_id: 99 }).execute()),
      insert(db, 2),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    // The connection is usable afterwards.
    await insert(db, 3);
    expect(committed()).toEqual([3]);
  });

  it('a pragma or DDL never runs inside an open group', async () => {
    const { db, sqlite } = await open();
    const write = insert(db, 1);
    const pragma = sql`pragma foreign_keys = off`.execute(db);
    await Promise.all([write, pragma]);
    // Inside a transaction SQLite ignores this pragma; it took effect, so it ran outside.
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(0);
  });
});

describe('background checkpoints', () => {
  it('copy the WAL into the database file without the writer checkpointing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-ckpt-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir }).database;
    if (config.kind !== 'sqlite') throw new Error('expected SQLite');
    const db = createDb(config) as unknown as Kysely<T>;
    closers.push(() => db.destroy());
    await sql`create table things (id integer primary key, name text not null)`.execute(db);
    const before = fs.statSync(config.file).size;
    // ~2 MB of rows: far below the writer's own threshold (10 000 pages, ~40 MB).
    for (let batch = 0; batch < 20; batch += 1) {
      await db
        .insertInto('things')
        .values(
          Array.from({ length: 50 }, (_, i) => ({ id: batch * 50 + i, name: 'x'.repeat(2000) })),
        )
        .execute();
    }
    await expect
      .poll(() => fs.statSync(config.file).size, { timeout: 5000, interval: 50 })
      .toBeGreaterThan(before + 1_500_000);
  });
});

describe('closing a file database', () => {
  // Each script runs in a process of its own, which must end by itself within the timeout.
  it.each([
    ['used, then closed', 'await sql`select 1`.execute(db); await db.destroy();'],
    ['closed without ever being used', 'await db.destroy();'],
    ['used and never closed', 'await sql`select 1`.execute(db);'],
  ])('lets the process end when %s', (_, body) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-close-'));
    dirs.push(dir);
    const script = path.join(dir, 'close.mts');
    const here = (rel: string) => JSON.stringify(new URL(rel, import.meta.url).pathname);
    fs.writeFileSync(
      script,
      `import { sql } from ${here('../../../../node_modules/kysely/dist/esm/index.js')};
       import { createDb } from ${here('./index.ts')};
       const db = createDb({ kind: 'sqlite', file: ${JSON.stringify(path.join(dir, 'db.sqlite'))} });
       ${body}
       console.log('done');`,
    );
    const tsx = new URL('../../../../node_modules/.bin/tsx', import.meta.url).pathname;
    const { stdout, status } = spawnSync(tsx, [script], { encoding: 'utf8', timeout: 15_000 });
    expect(stdout).toContain('done');
    expect(status).toBe(0);
  });
});
