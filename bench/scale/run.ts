/**
 * Cost grows gently: p50/p99 of the list endpoints at full size vs 1/10 of it (goal: full p50 ≤
 * 1.5 × the 1/10 p50), on SQLite (default) or PostgreSQL. Seeds both sizes into throw-away
 * databases with bench/scale/population.ts, or takes existing ones (--small, --full: a SQLite
 * file or a postgres:// URL seeded by `npm run seed:scale` with the same proportions).
 *   npm run bench:scale                                  # SQLite, 100k users / 1M bookings / 1M messages
 *   npm run bench:scale -- --engine postgres             # PostgreSQL (BENCH_PG_URL, default local)
 *   npm run bench:scale -- --users 10000 --bookings 100000 --messages 100000 --no-write   # a try
 * Writes its section of docs/performance.md unless --no-write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import type { AppConfig } from '../../apps/api/src/config.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { BENCH_SECRET, benchConfig, machineLine, writeDocSection } from '../lib.ts';
import { isDeleted, isProvider, populate, userId, type Sizes } from './population.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    users: { type: 'string', default: '100000' },
    bookings: { type: 'string', default: '1000000' },
    messages: { type: 'string', default: '1000000' },
    small: { type: 'string' },
    full: { type: 'string' },
    runs: { type: 'string', default: '200' },
    'no-write': { type: 'boolean', default: false },
  },
});
const ENGINE = args.engine === 'postgres' ? 'postgres' : 'sqlite';
const FULL: Sizes = {
  users: Number(args.users),
  bookings: Number(args.bookings),
  messages: Number(args.messages),
};
const SMALL: Sizes = {
  users: Math.round(FULL.users / 10),
  bookings: Math.round(FULL.bookings / 10),
  messages: Math.round(FULL.messages / 10),
};
const RUNS = Number(args.runs);
const WARM = 20;
const CALLERS = 20;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Timing = { p50: number; p99: number };
type Endpoint = {
  name: string;
  role: 'owner' | 'sitter' | 'admin';
  /** The i-th request's path; `threads` holds a booking with messages per owner. */
  url: (i: number, threads: string[]) => string;
};

const ENDPOINTS: Endpoint[] = [
  { name: 'nearby search', role: 'owner', url: () => '/api/user/nearby?page=1&limit=15' },
  { name: "owner's bookings", role: 'owner', url: () => '/api/booking/user' },
  {
    name: "sitter's completed bookings",
    role: 'sitter',
    url: () => '/api/booking/provider/in-progress?status=completed',
  },
  { name: "sitter's feed (GET /api/booking/)", role: 'sitter', url: () => '/api/booking/' },
  { name: 'all bookings (admin)', role: 'admin', url: () => '/api/booking/' },
  { name: "owner's conversations", role: 'owner', url: () => '/api/messages/conversations' },
  { name: "sitter's conversations", role: 'sitter', url: () => '/api/messages/conversations' },
  {
    name: 'a thread',
    role: 'owner',
    url: (i, threads) => `/api/messages/thread?bookingId=${threads[i % threads.length]}`,
  },
  { name: 'notifications', role: 'owner', url: () => '/api/notifications/all' },
  { name: 'admin dashboard', role: 'admin', url: () => '/api/admin-dashboard' },
];

/** Callers spread over the id range (same kinds of users at both sizes). */
function callers(users: number, provider: boolean): string[] {
  const out: string[] = [];
  for (let k = 0; k < CALLERS; k++) {
    let n = 1 + Math.floor((k * (users - 20)) / CALLERS);
    while (isProvider(n) !== provider || isDeleted(n)) n += 1;
    out.push(userId(n));
  }
  return out;
}

async function database(label: string, sizes: Sizes, existing: string | undefined) {
  const config = benchConfig(`scale-${label}`);
  if (existing)
    return {
      config: existing.startsWith('postgres')
        ? { ...config, database: { kind: 'postgres' as const, url: existing } }
        : { ...config, database: { kind: 'sqlite' as const, file: path.resolve(existing) } },
      seed: false,
      drop: async () => {},
    };
  // A database seeded here is thrown away with its folder (4.4 GB at full size on SQLite).
  const removeFolder = () => fs.rmSync(config.dataDir, { recursive: true, force: true });
  if (ENGINE === 'sqlite') return { config, seed: true, drop: async () => removeFolder() };
  const name = `pawsy_bench_scale_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    config: {
      ...config,
      database: { kind: 'postgres' as const, url: url.toString() },
    } as AppConfig,
    seed: true,
    drop: async () => {
      await new Promise((r) => setTimeout(r, 300));
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      removeFolder();
    },
  };
}

type Target = {
  seedS: number | null;
  /** One request to endpoint `e` (the i-th of its run); resolves to its latency in ms. */
  hit: (e: Endpoint, i: number) => Promise<number>;
  close: () => Promise<void>;
};

/** Opens (and seeds) one size's database and an app over it, listening on loopback. */
async function prepare(label: string, sizes: Sizes, existing: string | undefined): Promise<Target> {
  const { config, seed, drop } = await database(label, sizes, existing);
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    await drop();
  };
  try {
    let seedS: number | null = null;
    if (seed) {
      console.log(`seeding ${label}: ${JSON.stringify(sizes)}`);
      const report = await populate(app.db, config.database.kind === 'postgres', sizes);
      seedS = Math.round(report.seconds);
    }
    const users = Number(
      (
        await app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const token = async (id: string, type: 'user' | 'provider' | 'admin') =>
      (await openSession(app, { id, email: `${id}@bench.test`, user_type: type }, SESSION_TTL_MS))
        .token;
    const owners = callers(users, false);
    const sitters = callers(users, true);
    const tokens = {
      owner: await Promise.all(owners.map((id) => token(id, 'user'))),
      sitter: await Promise.all(sitters.map((id) => token(id, 'provider'))),
      admin: [await token(userId(0), 'admin')],
    };
    // A booking with messages per owner, for the thread.
    const threads: string[] = [];
    for (const id of owners) {
      const row = await app.db
        .selectFrom('messages')
        .select('booking_id')
        .where('sender_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      threads.push(row?.booking_id ?? '');
    }
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const hit = async (e: Endpoint, i: number) => {
      const list = tokens[e.role];
      const t0 = performance.now();
      const res = await fetch(base + e.url(i % list.length, threads), {
        headers: { 'secret-key': BENCH_SECRET, 'x-auth-token': list[i % list.length]! },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${label} ${e.name} answered ${res.status}`);
      return performance.now() - t0;
    };
    return { seedS, hit, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Both sizes are measured side by side: for each endpoint, rounds of requests alternate between
 * the 1/10 and the full database, so a change in machine load touches both alike.
 */
async function measure(small: Target, full: Target) {
  const times = { small: new Map<string, Timing>(), full: new Map<string, Timing>() };
  const ROUND = 10;
  for (const e of ENDPOINTS) {
    const samples = { small: [] as number[], full: [] as number[] };
    for (let i = 0; i < WARM; i++) {
      await small.hit(e, i);
      await full.hit(e, i);
    }
    for (let from = 0; from < RUNS; from += ROUND)
      for (const [key, target] of [
        ['small', small],
        ['full', full],
      ] as const)
        for (let i = from; i < Math.min(RUNS, from + ROUND); i++)
          samples[key].push(await target.hit(e, i));
    for (const key of ['small', 'full'] as const) {
      const sorted = samples[key].sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
      times[key].set(e.name, { p50: at(0.5), p99: at(0.99) });
    }
    console.log(
      `${e.name}: 1/10 p50 ${times.small.get(e.name)!.p50} ms, full p50 ${times.full.get(e.name)!.p50} ms`,
    );
  }
  return times;
}

async function main() {
  const smallTarget = await prepare('tenth', SMALL, args.small);
  const fullTarget = await prepare('full', FULL, args.full);
  let times;
  try {
    times = await measure(smallTarget, fullTarget);
  } finally {
    await smallTarget.close();
    await fullTarget.close();
  }
  const small = { seedS: smallTarget.seedS, times: times.small };
  const full = { seedS: fullTarget.seedS, times: times.full };
  const command = `npm run bench:scale -- ${process.argv.slice(2).join(' ')}`.trim();
  const engineName = ENGINE === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const lines = [
    `## Cost grows gently on ${engineName} (list endpoints at full size vs 1/10)`,
    '',
    `${engineName}; full size ${FULL.users.toLocaleString('en')} users, ` +
      `${FULL.bookings.toLocaleString('en')} bookings over two years and ${FULL.messages.toLocaleString('en')} chat ` +
      'messages (bench/scale/population.ts: sitters with calendars, pets, requests, events, reviews, ' +
      'credits, notifications, KYC records, disputes, coupons); 1/10 has a tenth of each, so a user has ' +
      `as many bookings, messages and notifications at both sizes. Both sizes are served at once (one ` +
      `app each) and measured side by side: per endpoint ${WARM} warm-up requests each, then ${RUNS} ` +
      'sequential requests each over HTTP in alternating rounds of 10, so load changes touch both ' +
      `alike; callers rotate over ${CALLERS} owners or sitters; ` +
      'latency as the client sees it, in ms. Goal: ratio of the p50s ≤ 1.5.' +
      (small.seedS !== null && full.seedS !== null
        ? ` Seeding took ${small.seedS} s (1/10) and ${full.seedS} s (full).`
        : ''),
    '',
    '| endpoint | 1/10 p50 | 1/10 p99 | full p50 | full p99 | ratio (p50) | goal met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | :-: |',
  ];
  for (const [name, a] of small.times) {
    const b = full.times.get(name)!;
    const ratio = Math.round((b.p50 / a.p50) * 100) / 100;
    lines.push(
      `| ${name} | ${a.p50} | ${a.p99} | ${b.p50} | ${b.p99} | ${ratio} | ${ratio <= 1.5 ? 'yes' : 'no'} |`,
    );
  }
  lines.push('', machineLine(command));
  console.log(lines.join('\n'));
  if (!args['no-write']) writeDocSection(`scale-${ENGINE}`, lines);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
