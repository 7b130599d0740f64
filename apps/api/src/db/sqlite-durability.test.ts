import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from './index.ts';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function pragmas(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-sync-'));
  dirs.push(dir);
  const db = createDb(loadConfig({ DATA_DIR: dir, ...env }).database);
  dbs.push(db);
  const one = async (name: string) =>
    Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
  return {
    journal: await one('journal_mode'),
    synchronous: await one('synchronous'),
    tempStore: await one('temp_store'),
  };
}

describe('SQLite durability settings', () => {
  it('opens in WAL with synchronous=NORMAL (1) unless told otherwise', async () => {
    expect(await pragmas({})).toMatchObject({ journal: 'wal', synchronous: 1 });
  });

  it('keeps temporary storage (savepoint sub-journals) in memory (MEMORY = 2)', async () => {
    // Each grouped transaction is a savepoint; on a file its sub-journal spilled to disk.
    expect(await pragmas({})).toMatchObject({ tempStore: 2 });
  });

  it('SQLITE_SYNCHRONOUS=full fsyncs every commit (FULL = 2)', async () => {
    expect(await pragmas({ SQLITE_SYNCHRONOUS: 'full' })).toMatchObject({
      journal: 'wal',
      synchronous: 2,
    });
  });

  it('refuses an unknown value', () => {
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
