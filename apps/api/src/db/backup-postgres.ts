/** The PostgreSQL side of backup and restore: pg_dump's custom format and pg_restore. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError, fsyncFile } from './backup-files.ts';

const run = promisify(execFile);

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

export async function backupPostgres(url: string, target: string) {
  const { dbname, env } = pgConnection(url);
  // pg_dump reads one snapshot (a repeatable-read transaction): consistent while writes go on.
  await tool('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${dbname}`], env);
  fsyncFile(target);
  return { file: path.basename(target), tables: null };
}

export async function restorePostgres(source: string, url: string, force: boolean) {
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
