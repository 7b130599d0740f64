/** The SQLite side of backup and restore: an online copy with the backup API, checked intact. */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver.ts';
import { syncDirectory } from '../lib/atomic-file.ts';
import { BackupError, copyDurably } from './backup-files.ts';

export async function backupSqlite(file: string, target: string) {
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

export async function restoreSqlite(source: string, target: string, force: boolean) {
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
