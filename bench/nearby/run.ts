/**
 * Load test of GET /api/user/nearby over 100 000 generated providers with calendars on SQLite:
 * the plain search, and the search by service and dates (an overnight stay, an hourly walk).
 * Run: npx tsx bench/nearby/run.ts   (writes its section of docs/performance.md)
 * Loopback only, bounded: ~20 s paced at 200 req/s per scenario and ~10 s unpaced, for the API
 * and for a bare Fastify route answering a static JSON of the same size (the floor of this
 * machine and client).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { ServerReady } from './server.ts';
import { addDays } from '../../apps/api/src/modules/availability/index.ts';
import {
  figuresTable,
  machineLine,
  openLoop,
  toFigures,
  writeDocSection,
  type Figures,
} from '../lib.ts';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 100_000);
/** BENCH_DRY=1: a 2-second smoke run that leaves docs/performance.md alone. */
const DRY = process.env.BENCH_DRY === '1';
const PACED = { rate: 200, seconds: DRY ? 2 : 20 };
const MAX_SECONDS = DRY ? 2 : 10;
const CONNECTIONS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));

async function load(url: string, headers: Record<string, string>, seconds: number, rate?: number) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
  return toFigures(result);
}

/** Starts server.ts in a child process (tsx loader) and waits for its addresses. */
function startServer(): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const child = fork(path.join(here, 'server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PROVIDERS: String(PROVIDERS) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as ServerReady }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** The filtered searches, dated from today: a stay in two weeks, a walk next week. */
function filteredQueries() {
  const today = new Date().toISOString().slice(0, 10);
  const stay = addDays(today, 14);
  const walk = addDays(today, 7);
  return {
    stay: `service=boarding&petType=dog&startDate=${stay}&endDate=${addDays(stay, 3)}`,
    walk: `service=dog-walking&startDate=${walk}T15:00:00Z&endDate=${walk}T16:00:00Z`,
  };
}

type Sample = { bytes: number; total: number; mode: string; nearestKm: number | undefined };

async function sampleOf(url: string, headers: Record<string, string>): Promise<Sample> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`nearby answered ${res.status}: ${body}`);
  const parsed = JSON.parse(body) as {
    mode: string;
    total: number;
    nearbyUsers: { distanceKm: number }[];
  };
  if (parsed.nearbyUsers.length === 0) throw new Error(`nearby found no one: ${url}`);
  return {
    bytes: body.length,
    total: parsed.total,
    mode: parsed.mode,
    nearestKm: parsed.nearbyUsers[0]?.distanceKm,
  };
}

async function main() {
  const { child, ready } = await startServer();
  try {
    console.log(
      `generated ${PROVIDERS} providers and their calendars in ${(ready.generatedMs / 1000).toFixed(1)} s:`,
      JSON.stringify(ready.calendars),
    );
    const base = `${ready.base}/api/user/nearby?page=1&limit=15`;
    const queries = filteredQueries();
    const urls = { plain: base, stay: `${base}&${queries.stay}`, walk: `${base}&${queries.walk}` };
    const headers = { 'secret-key': ready.secret, 'x-auth-token': ready.token };
    const samples = {
      plain: await sampleOf(urls.plain, headers),
      stay: await sampleOf(urls.stay, headers),
      walk: await sampleOf(urls.walk, headers),
    };
    console.log('samples:', JSON.stringify(samples));

    // Warm-up (JIT, SQLite page cache), not recorded.
    for (const url of Object.values(urls)) await load(url, headers, DRY ? 1 : 3);
    await load(`${ready.bareBase}/static`, {}, 1);
    const t0 = Date.now();
    const paced = { rate: PACED.rate, seconds: PACED.seconds, sockets: CONNECTIONS };
    const api = await openLoop({ url: urls.plain, headers, ...paced });
    const stay = await openLoop({ url: urls.stay, headers, ...paced });
    const walk = await openLoop({ url: urls.walk, headers, ...paced });
    const floor = await openLoop({ url: `${ready.bareBase}/static`, headers: {}, ...paced });
    const apiMax = await load(urls.plain, headers, MAX_SECONDS);
    const stayMax = await load(urls.stay, headers, MAX_SECONDS);
    const floorMax = await load(`${ready.bareBase}/static`, {}, MAX_SECONDS);
    console.log(`load runs took ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    const rows = [
      ['nearby API, paced 200 req/s', api],
      ['nearby with service + date filter (boarding, 4 days, dogs), paced 200 req/s', stay],
      ['nearby with service + date filter (dog walking, 1 hour), paced 200 req/s', walk],
      ['bare Fastify static JSON, paced 200 req/s', floor],
      ['nearby API, unpaced', apiMax],
      ['nearby with service + date filter (boarding), unpaced', stayMax],
      ['bare Fastify static JSON, unpaced', floorMax],
    ] as const;
    for (const [label, f] of rows) console.log(label, JSON.stringify(f));
    if (!DRY) writeSection(rows, ready, queries, samples);
  } finally {
    child.disconnect();
    await new Promise((r) => child.once('exit', r));
  }
}

function writeSection(
  rows: readonly (readonly [string, Figures])[],
  ready: ServerReady,
  queries: ReturnType<typeof filteredQueries>,
  samples: Record<'plain' | 'stay' | 'walk', Sample>,
) {
  const n = (v: number) => v.toLocaleString('en-US');
  const c = ready.calendars;
  const target = (label: string, p99: number) =>
    `${label}: ${p99 <= 20 ? 'met' : 'NOT met'} (p99 ${p99} ms)`;
  writeDocSection('nearby', [
    '## Nearby sitters',
    '',
    machineLine('npx tsx bench/nearby/run.ts'),
    '',
    `SQLite, ${n(PROVIDERS)} providers spread at random over the continental US, ` +
      `R*Tree index; each lists about half of five services, two in five accept any pet. Calendars: ` +
      `${n(c.scheduled)} with a weekly schedule in one of four US time zones, ${n(c.withCapacity)} ` +
      `with a boarding capacity of 2–3, ${n(c.blocks)} holiday blocks of 1–10 days starting ` +
      `within six weeks, ${n(c.occupying)} accepted or in-progress bookings from 10 days ago to 50 days ` +
      `ahead (hour walks; boarding and house sitting for 2–7 nights) and ${n(c.history)} ` +
      `completed ones over the past year. Caller in Kansas City; ` +
      `\`GET /api/user/nearby?page=1&limit=15\` (${n(samples.plain.bytes)} bytes, ` +
      `${n(samples.plain.total)} sitters); with \`&${queries.stay}\` ` +
      `(${n(samples.stay.bytes)} bytes, ${n(samples.stay.total)} sitters free) and with ` +
      `\`&${queries.walk}\` (${n(samples.walk.bytes)} bytes, ${n(samples.walk.total)} sitters ` +
      `free); every card carries its next free dates. Loopback; ` +
      `3 s warm-up. Paced runs: ${PACED.seconds} s of open-loop load, one request every ` +
      `${1000 / PACED.rate} ms (${PACED.rate} req/s) over up to ${CONNECTIONS} keep-alive sockets, latency ` +
      `timed from each request's scheduled send time (bench/lib.ts \`openLoop\`; autocannon's ` +
      `\`overallRate\` starts its connections in step and so sends bursts of ${CONNECTIONS}). Unpaced runs: ` +
      `autocannon, ${CONNECTIONS} connections, ${MAX_SECONDS} s. ` +
      `Server in its own process, load generator in another. Baseline: a bare Fastify route ` +
      `answering the same bytes as static JSON. Latencies in ms.`,
    '',
    ...figuresTable(rows),
    '',
    `Target: p99 ≤ 20 ms at 200 req/s — ${target('plain search', rows[0]![1].p99)}; ` +
      `${target('service + date filter, boarding', rows[1]![1].p99)}; ` +
      `${target('service + date filter, walk', rows[2]![1].p99)}.`,
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
