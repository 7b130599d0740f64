/**
 * `npm run backup -- [--out DIR]`: online backup of the configured database (SQLite backup API,
 * or pg_dump for PostgreSQL) and DATA_DIR/uploads, safe while the server runs.
 * `npm run restore -- DIR [--force]`: puts a backup back (stop the server first).
 * Both read the same environment as the server (DATA_DIR, DATABASE_URL).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupAll, BackupError, restoreAll } from '../db/backup.ts';

const USAGE = [
  'Usage:',
  '  npm run backup -- [--out backups/2026-11-25]',
  '  npm run restore -- backups/2026-11-25 [--force]',
].join('\n');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const [command, ...rest] = positionals;
// npm runs scripts from the package directory; paths are the caller's.
const resolve = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function main(): Promise<void> {
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const config = loadConfig(process.env);
  const where =
    config.database.kind === 'sqlite' ? config.database.file : 'the PostgreSQL database';
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = resolve(values.out ?? path.join('backups', `pawsy-${stamp}`));
    const m = await backupAll(config, out);
    const rows = m.tables ? Object.values(m.tables).reduce((a, b) => a + b, 0) : null;
    console.log(
      `Backed up ${where} (${(m.databaseBytes / 1024).toFixed(0)} KiB${rows === null ? '' : `, ${rows} rows`}) ` +
        `and ${m.uploads.files} uploaded files to ${out}`,
    );
    return;
  }
  const from = rest[0];
  if (!from) {
    console.log(USAGE);
    process.exitCode = 2;
    return;
  }
  const m = await restoreAll(config, resolve(from), { force: values.force });
  console.log(
    `Restored the ${m.engine} backup of ${m.createdAt} into ${where} with ${m.uploads.files} uploaded files` +
      (m.movedAside ? `; the previous database is kept at ${m.movedAside}` : ''),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
});
