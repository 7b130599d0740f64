/**
 * Online backup and restore of the configured database plus the uploads directory
 * (`npm run backup`, `npm run restore`; docs/operations.md "Backups").
 *
 * A backup is a directory: the database (`pawsy.sqlite`, taken with SQLite's backup API, or
 * `pawsy.pgdump`, pg_dump's custom format), `uploads/` (a copy of DATA_DIR/uploads) and
 * `manifest.json`, written last: a directory without it is an interrupted backup. The database
 * is copied first and the uploads after, so every file a backed-up row references was already
 * on disk when the copy began (uploads are written before their rows).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from './sqlite-driver.ts';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { isTempName, syncDirectory, TEMP_PREFIX, writeFileAtomic } from '../lib/atomic-file.ts';
import { uploadsDir } from '../lib/uploads.ts';

const run = promisify(execFile);

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'pawsy.sqlite';
const PG_FILE = 'pawsy.pgdump';
const UPLOADS = 'uploads';

export type BackupManifest = {
  format: 1;
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  /** The database file inside the backup directory. */
  database: string;
  databaseBytes: number;
  /** Rows per table in the copy (SQLite; a pg_dump archive is not opened to count). */
  tables: Record<string, number> | null;
  uploads: { files: number; bytes: number };
};

export class BackupError extends Error {}

/** Takes a consistent backup of the configured database and uploads into `outDir` (new or empty). */
export async function backupAll(config: AppConfig, outDir: string): Promise<BackupManifest> {
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0)
    throw new BackupError(`${outDir} is not empty; choose a new directory`);
  fs.mkdirSync(outDir, { recursive: true });
  try {
    return await writeBackup(config, outDir);
  } catch (err) {
    fs.rmSync(outDir, { recursive: true, force: true }); // it was empty: nothing of anyone's lost
    throw err;
  }
}

async function writeBackup(config: AppConfig, outDir: string): Promise<BackupManifest> {
  const createdAt = new Date().toISOString();
  const db =
    config.database.kind === 'sqlite'
      ? await backupSqlite(config.database.file, path.join(outDir, SQLITE_FILE))
      : await backupPostgres(config.database.url, path.join(outDir, PG_FILE));
  const uploads = await copyUploads(uploadsDir(config.dataDir), path.join(outDir, UPLOADS), false);
  const manifest: BackupManifest = {
    format: 1,
    engine: config.database.kind,
    createdAt,
    database: config.database.kind === 'sqlite' ? SQLITE_FILE : PG_FILE,
    databaseBytes: fs.statSync(path.join(outDir, db.file)).size,
    tables: db.tables,
    uploads,
  };
  await writeFileAtomic(outDir, MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  return manifest;
}

export function readManifest(fromDir: string): BackupManifest {
  const file = path.join(fromDir, MANIFEST);
  if (!fs.existsSync(file))
    throw new BackupError(`${fromDir} has no ${MANIFEST}: not a backup, or an interrupted one`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${manifest.format}`);
  return manifest;
}

/**
 * Restores a backup into the configured database and uploads directory. Stop the server first.
 * An existing database is refused unless `force`: then a SQLite file is moved aside to
 * `<file>.before-restore-<time>` and a PostgreSQL database is cleaned object by object, in one
 * transaction with the restore. Uploads are merged (stored names are unique).
 */
export async function restoreAll(
  config: AppConfig,
  fromDir: string,
  opts: { force?: boolean } = {},
): Promise<BackupManifest & { movedAside: string | null }> {
  const manifest = readManifest(fromDir);
  if (manifest.engine !== config.database.kind)
    throw new BackupError(
      `this is a ${manifest.engine} backup but the configured database is ${config.database.kind}`,
    );
  const source = path.join(fromDir, manifest.database);
  const movedAside =
    config.database.kind === 'sqlite'
      ? await restoreSqlite(source, config.database.file, opts.force ?? false)
      : (await restorePostgres(source, config.database.url, opts.force ?? false), null);
  const from = path.join(fromDir, UPLOADS);
  if (fs.existsSync(from)) await copyUploads(from, uploadsDir(config.dataDir), true);
  return { ...manifest, movedAside };
}

// ---- SQLite ----------------------------------------------------------------------------------

async function backupSqlite(file: string, target: string) {
  if (!fs.existsSync(file)) throw new BackupError(`no SQLite database at ${file}`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // All pages in one step: the copy reads one snapshot (in WAL, writers go on meanwhile). Small
    // steps would restart whenever the server writes between them and might never finish.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // A self-contained file (no -wal beside it); the server turns WAL back on when it opens it.
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
    assertIntact(copy, target);
    return { file: path.basename(target), tables: countRows(copy) };
  } finally {
    copy.close();
  }
}

function assertIntact(db: SQLite.Database, name: string): void {
  const result = (db.pragma('integrity_check') as Record<string, string>[])
    .map((row) => Object.values(row)[0])
    .join('; ');
  if (result !== 'ok') throw new BackupError(`${name} failed integrity_check: ${result}`);
}

function countRows(db: SQLite.Database): Record<string, number> {
  const tables = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((t) => [
      t,
      db
        .prepare(`select count(*) from "${t.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number,
    ]),
  );
}

async function restoreSqlite(source: string, target: string, force: boolean) {
  const check = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    assertIntact(check, source);
  } finally {
    check.close();
  }
  let movedAside: string | null = null;
  if (fs.existsSync(target) && fs.statSync(target).size > 0) {
    if (!force)
      throw new BackupError(
        `${target} exists; stop the server and pass --force to replace it (it is kept aside)`,
      );
    movedAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    // The -wal holds committed pages of the old file: it moves with it.
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, movedAside + suffix);
    }
  } else {
    for (const suffix of ['-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  copyDurably(source, target, true);
  await syncDirectory(path.dirname(target));
  return movedAside;
}

// ---- PostgreSQL ------------------------------------------------------------------------------

/** The connection for pg_dump/pg_restore: the URL without its password, which goes in env. */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(name, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { code?: unknown; stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(`${name} is not installed (Debian: apt-get install postgresql-client)`);
    throw new BackupError(`${name} failed: ${(e.stderr ?? String(err)).trim()}`);
  }
}

async function backupPostgres(url: string, target: string) {
  const { dbname, env } = pgConnection(url);
  // pg_dump reads one snapshot (a repeatable-read transaction): consistent while writes go on.
  await tool('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${dbname}`], env);
  fsyncFile(target);
  return { file: path.basename(target), tables: null };
}

async function restorePostgres(source: string, url: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let tables: number;
  try {
    const res = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = 'public'",
    );
    tables = Number(res.rows[0]!.n);
  } finally {
    await client.end();
  }
  if (tables > 0 && !force)
    throw new BackupError(
      'the target PostgreSQL database has tables; restore into a new database, or stop the ' +
        'servers and pass --force to drop and replace its objects',
    );
  const { dbname, env } = pgConnection(url);
  await tool(
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      source,
    ],
    env,
  );
}

// ---- files ------------------------------------------------------------------------------------

function fsyncFile(file: string): void {
  const handle = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Copies `src` to `dest` and fsyncs it; `atomic`: through a temp file renamed over `dest`, so
 * `dest` is never a partial copy. Returns false when `src` vanished meanwhile. The caller fsyncs
 * the directory once it is done.
 */
function copyDurably(src: string, dest: string, atomic: boolean): boolean {
  const dir = path.dirname(dest);
  const to = atomic ? path.join(dir, `${TEMP_PREFIX}restore-${path.basename(dest)}`) : dest;
  try {
    fs.copyFileSync(src, to);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT' && !fs.existsSync(src)) return false;
    throw err;
  }
  fsyncFile(to);
  if (atomic) fs.renameSync(to, dest);
  return true;
}

/** Copies stored files (not temp files) from one uploads directory to another, fsynced. */
async function copyUploads(
  from: string,
  to: string,
  merge: boolean,
): Promise<{ files: number; bytes: number }> {
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  const names = fs.existsSync(from) ? fs.readdirSync(from) : [];
  for (const name of names) {
    if (isTempName(name)) continue;
    const src = path.join(from, name);
    const stat = fs.statSync(src, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue; // removed meanwhile (a replaced photo), or not a stored file
    const dest = path.join(to, name);
    if (merge && fs.existsSync(dest)) continue;
    // Restored files appear whole (a server may read the directory); backup copies are new files.
    if (!copyDurably(src, dest, merge)) continue;
    files += 1;
    bytes += stat.size;
  }
  await syncDirectory(to);
  return { files, bytes };
}
