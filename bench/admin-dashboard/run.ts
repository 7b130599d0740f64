/**
 * GET /api/admin-dashboard at 100k users and 1M bookings (plus a year of KYC records, disputes,
 * credit entries, payments and subscriptions), on SQLite and on PostgreSQL.
 * Run: npx tsx bench/admin-dashboard/run.ts   (writes its section of docs/performance.md)
 * PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used only to
 * create a throw-away database, dropped at the end. BENCH_DRY=1: 10k/100k rows, docs untouched.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import type { AppConfig } from '../../apps/api/src/config.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { BENCH_SECRET, benchConfig, machineLine, writeDocSection } from '../lib.ts';
import { populate, type Sizes } from './population.ts';

const DRY = process.env.BENCH_DRY === '1';
const SIZES: Sizes = DRY
  ? { users: 10_000, bookings: 100_000 }
  : { users: 100_000, bookings: 1_000_000 };
const RUNS = 30;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Row = { engine: string; loadS: number; p50: number; p95: number; max: number };

async function measure(engine: string, config: AppConfig): Promise<Row> {
  const app = await buildApp(config);
  try {
    const started = performance.now();
    await populate(app.db, SIZES);
    // Fresh planner statistics (and, on PostgreSQL, the visibility map that index-only scans
    // need), as autovacuum / ANALYZE would give a live database after a bulk load.
    await sql.raw(engine === 'SQLite' ? 'ANALYZE' : 'VACUUM ANALYZE').execute(app.db);
    const loadS = Math.round((performance.now() - started) / 1000);
    const admin = {
      id: '01' + '0'.repeat(22),
      email: 'bench0@example.test',
      user_type: 'admin' as const,
    };
    const { token } = await openSession(app, admin, SESSION_TTL_MS);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { 'secret-key': BENCH_SECRET, 'x-auth-token': token };
    const times: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/admin-dashboard`, { headers });
      const body = (await res.json()) as { data?: { bookings: { last30Days: number } } };
      if (res.status !== 200) throw new Error(`dashboard answered ${res.status}`);
      if (!body.data?.bookings.last30Days) throw new Error('no bookings in the last 30 days');
      if (i >= 5) times.push(performance.now() - t0); // the first five warm the caches
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    const row = { engine, loadS, p50: at(0.5), p95: at(0.95), max: at(1) };
    console.log(row);
    return row;
  } finally {
    await app.close();
    // pg-pool's end() resolves before its sockets close; DROP … FORCE would kill them mid-goodbye.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function main() {
  const rows: Row[] = [];
  rows.push(await measure('SQLite', benchConfig('admin-dashboard')));

  const dbName = `pawsy_bench_admin_${process.pid}`;
  const adminClient = new pg.Client({ connectionString: PG_ADMIN_URL });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${dbName}`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    const config = benchConfig('admin-dashboard-pg');
    rows.push(
      await measure('PostgreSQL', {
        ...config,
        database: { kind: 'postgres', url: url.toString() },
      }),
    );
  } finally {
    await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminClient.end();
  }

  if (DRY) return;
  writeDocSection('admin-dashboard', [
    '## Admin dashboard (GET /api/admin-dashboard)',
    '',
    `${SIZES.users.toLocaleString('en-US')} users and ${SIZES.bookings.toLocaleString('en-US')} bookings ` +
      'spread over a year, with 5k KYC records, 5k disputes, 5k subscriptions, 100k credit entries ' +
      `and 100k payments. ${RUNS} sequential requests over HTTP after five warm-up ones; the time ` +
      'is the whole answer as a client sees it (auth, all the aggregates, serialisation). Goal: ' +
      '≤ 100 ms on both engines. Bookings by status, revenue and credits granted cover the last ' +
      '30 days (about 82k of the 1M bookings), so the time follows a month of activity, not the ' +
      'size of the history.',
    '',
    '| engine | load + analyse (s) | p50 (ms) | p95 (ms) | max (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.engine} | ${r.loadS} | ${r.p50} | ${r.p95} | ${r.max} |`),
    '',
    machineLine('npx tsx bench/admin-dashboard/run.ts'),
  ]);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
