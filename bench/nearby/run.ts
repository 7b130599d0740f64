/**
 * Load test of GET /api/user/nearby over 100 000 generated providers on SQLite.
 * Run: npx tsx bench/nearby/run.ts   (writes its section of docs/performance.md)
 * Loopback only, bounded: ~20 s paced at 200 req/s and ~10 s unpaced, for the API and for a bare
 * Fastify route answering a static JSON of the same size (the floor of this machine and client).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { ServerReady } from './server.ts';
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

async function main() {
  const { child, ready } = await startServer();
  try {
    console.log(`generated ${PROVIDERS} providers in ${(ready.generatedMs / 1000).toFixed(1)} s`);
    const url = `${ready.base}/api/user/nearby?page=1&limit=15`;
    const headers = { 'secret-key': ready.secret, 'x-auth-token': ready.token };
    const sample = await fetch(url, { headers });
    const body = await sample.text();
    if (sample.status !== 200) throw new Error(`nearby answered ${sample.status}: ${body}`);
    const parsed = JSON.parse(body) as { mode: string; nearbyUsers: { distanceKm: number }[] };
    console.log(
      `sample: mode ${parsed.mode}, nearest ${parsed.nearbyUsers[0]?.distanceKm} km, ${body.length} bytes`,
    );

    // Warm-up (JIT, SQLite page cache), not recorded.
    await load(url, headers, DRY ? 1 : 3);
    await load(`${ready.bareBase}/static`, {}, 1);
    const t0 = Date.now();
    const paced = { rate: PACED.rate, seconds: PACED.seconds, sockets: CONNECTIONS };
    const api = await openLoop({ url, headers, ...paced });
    const floor = await openLoop({ url: `${ready.bareBase}/static`, headers: {}, ...paced });
    const apiMax = await load(url, headers, MAX_SECONDS);
    const floorMax = await load(`${ready.bareBase}/static`, {}, MAX_SECONDS);
    console.log(`load runs took ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    const rows = [
      ['nearby API, paced 200 req/s', api],
      ['bare Fastify static JSON, paced 200 req/s', floor],
      ['nearby API, unpaced', apiMax],
      ['bare Fastify static JSON, unpaced', floorMax],
    ] as const;
    for (const [label, f] of rows) console.log(label, JSON.stringify(f));
    if (!DRY) writeSection(rows, body.length, api.p99);
  } finally {
    child.disconnect();
    await new Promise((r) => child.once('exit', r));
  }
}

function writeSection(rows: readonly (readonly [string, Figures])[], bytes: number, p99: number) {
  writeDocSection('nearby', [
    '## Nearby sitters',
    '',
    machineLine('npx tsx bench/nearby/run.ts'),
    '',
    `SQLite, ${PROVIDERS.toLocaleString('en-US')} providers spread at random over the continental US, ` +
      `R*Tree index; caller in Kansas City; \`GET /api/user/nearby?page=1&limit=15\` ` +
      `(${bytes.toLocaleString('en-US')} bytes), loopback; ` +
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
    `Target: p99 ≤ 20 ms at 200 req/s — ${p99 <= 20 ? 'met' : 'NOT met'} (p99 ${p99} ms).`,
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
