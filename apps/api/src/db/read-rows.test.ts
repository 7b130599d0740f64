import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { compiledRead, compiledWrite, createDb, readRows, type DbOrTrx } from './index.ts';
import SQLite from './sqlite-driver.ts';

const dirs: string[] = [];
const dbs: { destroy: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type T = { things: { id: number; name: string } };

async function sqliteDb(
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-read-')),
): Promise<Kysely<T>> {
  dirs.push(dir);
  const db = createDb(loadConfig({ DATA_DIR: dir }).database) as unknown as Kysely<T>;
  dbs.push(db);
  await sql`create table things (id integer primary key, name text not null)`.execute(db);
  await db.insertInto('things').values({ id: 1, name: 'one' }).execute();
  return db;
}

const names = async (db: Kysely<T>) =>
  (await readRows(db, db.selectFrom('things').select('name').orderBy('id'))).map((r) => r.name);

describe('readRows on SQLite', () => {
  it('reads what execute() reads, with the same parameters', async () => {
    const db = await sqliteDb();
    const q = db.selectFrom('things').selectAll().where('id', '=', 1);
    expect(await readRows(db, q)).toEqual(await q.execute());
    expect(await names(db)).toEqual(['one']);
  });

  it('builds rows as the driver would: every column, nulls, a name selected twice keeps the last', async () => {
    const db = await sqliteDb();
    await sql`alter table things add column note text`.execute(db);
    const queries = [
      db.selectFrom('things').selectAll(),
      db.selectFrom('things').select(['name', 'id', sql<null>`null`.as('nothing')]),
      db.selectFrom('things').select(['id as x', 'name as x']),
      db.selectFrom('things').select(sql<string>`'a"b\\c'`.as('quote "and" \\ slash')),
    ];
    for (const q of queries) {
      const rows = await readRows(db, q);
      expect(rows).toEqual(await q.execute());
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]!)).toEqual(Object.keys((await q.execute())[0]!));
    }
    expect(await readRows(db, db.selectFrom('things').select(['id as x', 'name as x']))).toEqual([
      { x: 'one' },
    ]);
  });

  it('never sees the writes of a transaction in flight, and a transaction sees its own', async () => {
    const db = await sqliteDb();
    let outside: Promise<string[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('things').values({ id: 2, name: 'two' }).execute();
        outside = names(db); // queued behind the transaction, not run inside it
        expect(
          (await readRows(trx, trx.selectFrom('things').select('name').orderBy('id'))).map(
            (r) => r.name,
          ),
        ).toEqual(['one', 'two']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual(['one']);
    expect(await names(db)).toEqual(['one']);
  });
});

describe('readRows beside an open group commit', () => {
  it('reads at once while the connection is free, and answers only after the commit of what it saw', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-read-'));
    dirs.push(dir);
    const file = path.join(dir, 'pawsy.sqlite');
    const db = await sqliteDb(dir);
    /** What another connection finds in the file. */
    const committed = () => {
      const other = new SQLite(file, { readonly: true });
      try {
        return (
          other.prepare('select name from things order by id').all() as { name: string }[]
        ).map((r) => r.name);
      } finally {
        other.close();
      }
    };
    // Queued before the write, so it runs once the write's transaction is done and its group is
    // still open (the group commits in a later callback of the same phase).
    const read = new Promise<{ rows: string[]; inFile: string[] }>((resolve) =>
      setImmediate(() => void names(db).then((rows) => resolve({ rows, inFile: committed() }))),
    );
    await db
      .transaction()
      .execute((trx) => trx.insertInto('things').values({ id: 2, name: 'two' }).execute());
    const { rows, inFile } = await read;
    expect(rows).toEqual(['one', 'two']);
    expect(inFile).toEqual(['one', 'two']);
  });
});

describe('compiledRead', () => {
  // Typed for the test table: the app's reads are typed for the app's schema.
  const byIdAndName = compiledRead((db: DbOrTrx, id: number, name: string) =>
    (db as unknown as Kysely<T>)
      .selectFrom('things')
      .select(['id', 'name'])
      .where('id', '>=', id)
      .where('name', '<>', name)
      .where('name', '<>', 'never') // a constant parameter stays as it is
      .orderBy('id'),
  );
  const run = (db: Kysely<T>, id: number, name: string) =>
    byIdAndName(db as unknown as DbOrTrx, id, name);

  it("fills each call's arguments into the query compiled once", async () => {
    const db = await sqliteDb();
    await db
      .insertInto('things')
      .values([
        { id: 2, name: 'two' },
        { id: 3, name: 'never' },
      ])
      .execute();
    expect(await run(db, 1, 'x')).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    expect(await run(db, 1, 'one')).toEqual([{ id: 2, name: 'two' }]);
    expect(await run(db, 2, 'two')).toEqual([]);
  });

  it('compiles a list argument once per length and fills in its items', async () => {
    const db = await sqliteDb();
    await db
      .insertInto('things')
      .values([
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ])
      .execute();
    const byIds = compiledRead((d: DbOrTrx, ids: number[], name: string) =>
      (d as unknown as Kysely<T>)
        .selectFrom('things')
        .select('id')
        .where('id', 'in', ids)
        .where('name', '<>', name)
        .orderBy('id'),
    );
    const ids = async (list: number[], name = 'x') =>
      (await byIds(db as unknown as DbOrTrx, list, name)).map((r) => r.id);
    expect(await ids([3, 1])).toEqual([1, 3]);
    expect(await ids([2])).toEqual([2]);
    expect(await ids([2, 3])).toEqual([2, 3]);
    expect(await ids([1, 2, 3], 'two')).toEqual([1, 3]);
  });

  it('leaves out what an undefined argument filters, one compiled query per shape', async () => {
    const db = await sqliteDb();
    await db
      .insertInto('things')
      .values([
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ])
      .execute();
    const filtered = compiledRead((d: DbOrTrx, min?: number, name?: string) => {
      let q = (d as unknown as Kysely<T>).selectFrom('things').select('id').orderBy('id');
      if (min !== undefined) q = q.where('id', '>=', min);
      if (name !== undefined) q = q.where('name', '=', name);
      return q;
    });
    const ids = async (min?: number, name?: string) =>
      (await filtered(db as unknown as DbOrTrx, min, name)).map((r) => r.id);
    expect(await ids()).toEqual([1, 2, 3]);
    expect(await ids(2)).toEqual([2, 3]);
    expect(await ids(undefined, 'one')).toEqual([1]);
    expect(await ids(2, 'three')).toEqual([3]);
    expect(await ids(3)).toEqual([3]);
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('reads inside a transaction what the transaction wrote', async () => {
    const db = await sqliteDb();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('things').values({ id: 5, name: 'five' }).execute();
      expect(await byIdAndName(trx as unknown as DbOrTrx, 5, 'x')).toEqual([
        { id: 5, name: 'five' },
      ]);
    });
  });
});

describe('compiledWrite', () => {
  type N = { things: { id: number; name: string; note: string | null } };
  // A row argument: compiled once per set of columns given, each value a bound parameter.
  const insertThing = compiledWrite((db: DbOrTrx, row: Partial<N['things']>) =>
    (db as unknown as Kysely<N>).insertInto('things').values(row as N['things']),
  );
  const rename = compiledWrite((db: DbOrTrx, name: string, id: number) =>
    (db as unknown as Kysely<N>).updateTable('things').set({ name }).where('id', '=', id),
  );
  const rows = (db: Kysely<T>) =>
    (db as unknown as Kysely<N>).selectFrom('things').selectAll().orderBy('id').execute();

  it('inserts each row with its own values, leaving out undefined columns', async () => {
    const db = await sqliteDb();
    await sql`alter table things add column note text`.execute(db);
    const d = db as unknown as DbOrTrx;
    await insertThing(d, { id: 2, name: 'two', note: 'n2' });
    await insertThing(d, { id: 3, name: 'three', note: undefined });
    await insertThing(d, { name: 'four', id: 4, note: null });
    await insertThing(d, { id: 5, name: 'five', note: 'n5' });
    expect(await rows(db)).toEqual([
      { id: 1, name: 'one', note: null },
      { id: 2, name: 'two', note: 'n2' },
      { id: 3, name: 'three', note: null },
      { id: 4, name: 'four', note: null },
      { id: 5, name: 'five', note: 'n5' },
    ]);
  });

  it('writes inside the caller transaction, and rolls back with it', async () => {
    const db = await sqliteDb();
    await sql`alter table things add column note text`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await insertThing(trx as unknown as DbOrTrx, { id: 7, name: 'seven' });
        const result = await rename(trx as unknown as DbOrTrx, 'uno', 1);
        expect(result.numAffectedRows).toBe(1n);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows(db)).toEqual([{ id: 1, name: 'one', note: null }]);
    expect((await rename(db as unknown as DbOrTrx, 'uno', 1)).numAffectedRows).toBe(1n);
    expect((await rename(db as unknown as DbOrTrx, 'none', 99)).numAffectedRows).toBe(0n);
    expect(await rows(db)).toEqual([{ id: 1, name: 'uno', note: null }]);
  });
});
