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
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { writeFileAtomic } from '../lib/atomic-file.ts';
import { uploadsDir } from '../lib/uploads.ts';
import { BackupError, copyUploads } from './backup-files.ts';
import { backupPostgres, restorePostgres } from './backup-postgres.ts';
import { backupSqlite, restoreSqlite } from './backup-sqlite.ts';

export { BackupError };

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
