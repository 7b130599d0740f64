import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { backupAll, restoreAll } from '../../src/db/backup.ts';
import { createDb } from '../../src/db/index.ts';
import { TEMP_PREFIX, writeFileAtomic } from '../../src/lib/atomic-file.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { uploadsDir } from '../../src/lib/uploads.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

const hasPgTools = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    execFileSync('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

let t: TestApp;
let user: TestUser;
const dirs: string[] = [];
const databases: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-backup-'));
  dirs.push(dir);
  return dir;
};

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A config for the restore target: a new DATA_DIR, and on PostgreSQL a new, empty database. */
async function restoreTarget(): Promise<AppConfig> {
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: tempDir() };
  if (t.engine === 'postgres') {
    const name = `pawsy_r_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    databases.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  return loadConfig(env);
}

const entry = (amount: number) => ({
  id: newId(),
  user_id: user.id,
  amount,
  reason: 'backup test',
  booking_id: null,
  created_at: nowIso(),
});

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  await t.app.db
    .insertInto('credit_entries')
    .values(Array.from({ length: 400 }, () => entry(1)))
    .execute();
}, 60_000);
afterAll(async () => {
  await closeApp(t);
  for (const name of databases) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** On PostgreSQL the backup needs pg_dump and pg_restore (postgresql-client). */
const skip = process.env.PAWSY_TEST_DB === 'postgres' && !hasPgTools;

describe.skipIf(skip)('backup and restore', () => {
  it('takes a consistent backup while writes go on, and restores it whole', async () => {
    const uploads = uploadsDir(t.dataDir);
    fs.mkdirSync(uploads, { recursive: true });
    const photo = `${randomBytes(16).toString('hex')}.png`;
    await writeFileAtomic(uploads, photo, PNG_1PX);
    fs.writeFileSync(path.join(uploads, `${TEMP_PREFIX}interrupted-x.png`), 'partial');

    // A writer that keeps inserting, yielding to the event loop between writes.
    const written: string[] = [];
    let writing = true;
    let duringBackup = 0;
    let backingUp = false;
    const writer = (async () => {
      while (writing) {
        await new Promise((resolve) => setImmediate(resolve));
        const row = entry(2);
        await t.app.db.insertInto('credit_entries').values(row).execute();
        written.push(row.id);
        if (backingUp) duringBackup += 1;
      }
    })();
    while (written.length < 20) await new Promise((resolve) => setImmediate(resolve));

    const ackedBefore = [...written];
    const out = path.join(tempDir(), 'backup');
    backingUp = true;
    const manifest = await backupAll(t.app.config, out);
    backingUp = false;
    // Keep writing a little after the backup, then stop.
    const stopAt = written.length + 20;
    while (written.length < stopAt) await new Promise((resolve) => setImmediate(resolve));
    writing = false;
    await writer;
    expect(duringBackup).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ engine: t.engine, uploads: { files: 1 } });

    const target = await restoreTarget();
    await restoreAll(target, out);
    const restored = createDb(target.database);
    try {
      if (target.database.kind === 'sqlite') {
        const check = await sql<Record<string, string>>`PRAGMA integrity_check`.execute(restored);
        expect(Object.values(check.rows[0]!)[0]).toBe('ok');
      }
      const ids = new Set(
        (await restored.selectFrom('credit_entries').select('id').execute()).map((r) => r.id),
      );
      // Everything written before the backup began is in it; nothing that was never written is.
      expect(ids.size).toBeGreaterThanOrEqual(400 + ackedBefore.length);
      expect(ids.size).toBeLessThanOrEqual(400 + written.length);
      for (const id of ackedBefore) expect(ids.has(id)).toBe(true);
      // The copy is one snapshot: its rows of the writer are a prefix of what was written.
      const mine = written.filter((id) => ids.has(id));
      expect(mine).toEqual(written.slice(0, mine.length));
      expect(
        await restored.selectFrom('users').select('id').where('id', '=', user.id).execute(),
      ).toHaveLength(1);
      if (manifest.tables) expect(manifest.tables.credit_entries).toBe(ids.size);
    } finally {
      await restored.destroy();
    }
    const restoredUploads = fs.readdirSync(uploadsDir(target.dataDir));
    expect(restoredUploads).toEqual([photo]);
    expect(fs.readFileSync(path.join(uploadsDir(target.dataDir), photo))).toEqual(PNG_1PX);

    // A second restore onto the now populated target is refused unless forced.
    await expect(restoreAll(target, out)).rejects.toThrow(/--force/);
    const forced = await restoreAll(target, out, { force: true });
    if (target.database.kind === 'sqlite') expect(fs.existsSync(forced.movedAside!)).toBe(true);
    const again = createDb(target.database);
    try {
      const rows = await again.selectFrom('credit_entries').select('id').execute();
      expect(rows.length).toBe(manifest.tables?.credit_entries ?? rows.length);
      expect(rows.length).toBeGreaterThanOrEqual(400 + ackedBefore.length);
    } finally {
      await again.destroy();
    }
  });

  it('refuses a directory that is not a complete backup, and a non-empty output directory', async () => {
    const dir = tempDir();
    await expect(restoreAll(t.app.config, dir)).rejects.toThrow(/manifest\.json/);
    fs.writeFileSync(path.join(dir, 'something'), 'x');
    await expect(backupAll(t.app.config, dir)).rejects.toThrow(/not empty/);
  });
});
