/**
 * Soak: the built production server (apps/api/dist/server.js, NODE_ENV=production, SQLite) on a
 * fresh DATA_DIR with the demo data, bulk sitters and an owner–sitter cast with a history (see
 * population.ts), under mixed load for `--minutes` (10): reads (profile, nearby plain and by
 * service + dates, booking lists, booking detail, notifications, conversations, threads), writes
 * (bookings, accept / decline, chat messages, mark-all-read) and live notification streams
 * opened, held and closed all the time.
 * First a short unpaced run (streams on) measures capacity; the soak then runs open-loop at half of it (or
 * `--rate`). Every 10 s it samples the server from outside (/proc: RSS, open file descriptors)
 * and through GET /api/_diag (PAWSY_DIAGNOSTICS=1, loopback only: heap, live-stream listeners,
 * connections, process listeners, how late its event loop ran), and how late its own loop ran.
 *
 * Checks (exit 1 when one fails): no errors; p99 stable: the median window p99 of the last third
 * of the windows within 1.5× that of the first third after warm-up; RSS in the last third of the
 * run within 10 % (or 16 MiB) of the first third after warm-up (the highest sample of each), and
 * the heap that survives a full collection (GET /api/_diag?collect=1, idle) likewise after the soak
 * against before it; file descriptors back to the idle baseline once the load and the streams
 * stopped; no live-stream listener and no process listener left over. Beside them it reports the
 * host's own speed per window (bench/host-speed.ts), so that a host that slowed down is not read as
 * a server that did.
 *
 * Run: npm run bench:soak [-- --minutes N] [--rate R] [--streams S] [--dry]
 * Writes its section of docs/performance.md unless --dry. Takes `minutes` + about 1 minute.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/api/src/app.ts';
import { trackLoopLateness } from '../../apps/api/src/lib/loop-lateness.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { hostSpeedGauge } from '../host-speed.ts';
import {
  BENCH_SECRET,
  benchEnv,
  freePort,
  cpuSeconds,
  machineLine,
  root,
  spawnServer,
  writeDocSection,
} from '../lib.ts';
import { HISTORY, populate } from './population.ts';
import { Client, closedLoop, Mix, openLoop, streams, type Sample } from './traffic.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string' },
    streams: { type: 'string', default: '30' },
    pairs: { type: 'string', default: '1000' },
    dry: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const FIXED_RATE = args.rate === undefined ? null : Number(args.rate);
const STREAMS = Number(args.streams);
if (
  !(MINUTES > 0) ||
  (FIXED_RATE !== null && !(FIXED_RATE > 0)) ||
  !(STREAMS >= 0) ||
  !Number.isInteger(Number(args.pairs)) ||
  !(Number(args.pairs) >= 1)
) {
  console.error(
    'usage: npm run bench:soak -- [--minutes N] [--rate R] [--streams S] [--pairs P] [--dry]',
  );
  process.exit(2);
}
const COMMAND =
  'npm run bench:soak' + (process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : '');

/**
 * Owner–sitter pairs driving the load. With 100, each owner booked ~25 times a minute for ten
 * minutes (250+ bookings each by the end), so per-user lists and counts grew without bound and
 * the run measured one pathological account's history rather than the platform; 1000 pairs put
 * the same load, and the same total data growth, on ten times as many people.
 */
const PAIRS = Number(args.pairs);
const BULK_SITTERS = 5000;
const CAPACITY_SECONDS = 20;
const CAPACITY_WORKERS = 16;
const SOCKETS = 64;
const HOLD_MS = [5_000, 30_000] as const;
const SAMPLE_EVERY_MS = 10_000;
/** Windows for the latency check: minutes, or 20 s for runs under 3 minutes. The first is warm-up. */
const WINDOW_S = MINUTES >= 3 ? 60 : 20;
const P99_RATIO = 1.5;
/** Below this, p99 differences on loopback are scheduling noise: the ratio uses at least this. */
const P99_FLOOR_MS = 10;
const RSS_GROWTH = 0.1;
const RSS_SLACK_MIB = 16;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-soak-'));
const logFile = path.join(dataDir, 'server.log');

/** Newest modification time under these paths (tests excluded), as scripts/build-if-needed does. */
function newest(paths: string[]): number {
  let max = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const e of fs.readdirSync(p))
        if (e !== 'node_modules' && e !== 'dist') visit(path.join(p, e));
    } else if (!/\.(test|spec)\.[cm]?[jt]sx?$/.test(p)) max = Math.max(max, stat.mtimeMs);
  };
  paths.forEach(visit);
  return max;
}

/** apps/api/dist/server.js as `npm start` runs it, rebuilt first when its sources are newer. */
function ensureBuilt(): string {
  const server = path.join(root, 'apps/api/dist/server.js');
  const built = fs.statSync(server, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = [
    'apps/api/src',
    'apps/api/build.mjs',
    'apps/api/package.json',
    'packages/contract/src',
  ];
  if (newest(sources.map((s) => path.join(root, s))) > built) {
    console.log('building the API (apps/api/dist is missing or older than its sources)…');
    const res = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) throw new Error('npm run build -w apps/api failed');
  }
  return server;
}

function startServer(entry: string, env: Record<string, string>, base: string) {
  return spawnServer({ args: [entry], env, base, logFile });
}

type Diag = {
  memory: { rss: number; heapUsed: number };
  handles: Record<string, number>;
  connections: number;
  realtimeListeners: number;
  processListeners: Record<string, number>;
  /** How late the server's event loop ran since the previous call (ms). */
  eventLoopDelayMs: { p99: number; max: number };
};

/** GET /api/_diag on a connection of its own (closed after), so that it leaves no socket behind. */
function diag(port: number, collect: boolean): Promise<Diag> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: collect ? '/api/_diag?collect=1' : '/api/_diag',
        agent: false,
        headers: { 'secret-key': BENCH_SECRET, connection: 'close' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(JSON.parse(body) as Diag)
            : reject(new Error(`/api/_diag answered ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
  });
}

type Probe = {
  t: number;
  rssMiB: number;
  heapMiB: number;
  fds: number;
  listeners: number;
  connections: number;
  streamsOpen: number;
  inFlight: number;
  handles: number;
  processListeners: Record<string, number>;
  /** CPU seconds used so far (user + system): the server (from /proc) and this load generator. */
  serverCpuS: number;
  clientCpuS: number;
  /** Event-loop lateness since the previous probe (ms): the server's and this load generator's. */
  serverLoop: { p99: number; max: number };
  clientLoop: { p99: number; max: number };
};

/** This load generator's own event loop: a stall here is charged to every call due during it. */
const clientLoop = trackLoopLateness();

const MiB = 2 ** 20;
async function probe(
  pid: number,
  port: number,
  t: number,
  client: { streamsOpen: number; inFlight: number },
  collect = false,
): Promise<Probe> {
  const d = await diag(port, collect);
  // From outside the process: what the kernel says, whatever the runtime believes.
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return {
    t,
    rssMiB: rssKiB / 1024,
    heapMiB: d.memory.heapUsed / MiB,
    fds: fs.readdirSync(`/proc/${pid}/fd`).length,
    listeners: d.realtimeListeners,
    // The diag request's own connection is one of them.
    connections: d.connections - 1,
    streamsOpen: client.streamsOpen,
    inFlight: client.inFlight,
    handles: Object.values(d.handles).reduce((s, n) => s + n, 0),
    processListeners: d.processListeners,
    serverCpuS: cpuSeconds(pid),
    clientCpuS: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()),
    serverLoop: d.eventLoopDelayMs,
    clientLoop: clientLoop.read(),
  };
}

type Figures = {
  calls: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
};
function figures(samples: readonly Sample[]): Figures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  return {
    calls: ms.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: ms.at(-1) ?? 0,
    errors: samples.filter((s) => !s.ok).length,
  };
}
const f1 = (n: number) => n.toFixed(1);
const figRow = (label: string, f: Figures) =>
  `| ${label} | ${f.calls} | ${f1(f.p50)} | ${f1(f.p90)} | ${f1(f.p99)} | ${f1(f.max)} | ${f.errors} |`;

async function main() {
  const entry = ensureBuilt();
  const port = await freePort();
  const env: Record<string, string> = {
    ...benchEnv(dataDir),
    HOST: '127.0.0.1',
    PORT: String(port),
    PAWSY_DIAGNOSTICS: '1',
  };
  const base = `http://127.0.0.1:${port}`;
  console.log(`soak: ${MINUTES} min, DATA_DIR ${dataDir}`);

  const t0 = Date.now();
  const setup = await buildApp(loadConfig(env), { logger: false });
  const population = await populate(setup, {
    pairs: PAIRS,
    bulk: BULK_SITTERS,
    secret: BENCH_SECRET,
  });
  await setup.close();
  console.log(
    `data: ${population.users} users (${BULK_SITTERS} bulk sitters), ${population.bookings} bookings, ` +
      `${PAIRS} owner–sitter pairs; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const server: ChildProcess = await startServer(entry, env, base);
  const pid = server.pid!;
  const mix = new Mix(population.cast);
  const idle = { streamsOpen: 0, inFlight: 0 };
  const started = await probe(pid, port, 0, idle);

  // 1. Capacity: closed loop, as fast as the server answers.
  const capacitySamples: Sample[] = [];
  let client = new Client(port, BENCH_SECRET, SOCKETS);
  const probeStreams = streams(client, population.cast, STREAMS, HOLD_MS);
  const capacity = await closedLoop(
    client,
    mix,
    CAPACITY_WORKERS,
    CAPACITY_SECONDS,
    capacitySamples,
  );
  await probeStreams.stop();
  client.close();
  const capacityFigures = figures(capacitySamples);
  const rate = FIXED_RATE ?? Math.max(1, Math.round(capacity / 2));
  console.log(
    `capacity: ${capacity.toFixed(0)} calls/s (${CAPACITY_WORKERS} callers, ${CAPACITY_SECONDS} s, ` +
      `p99 ${f1(capacityFigures.p99)} ms, ${capacityFigures.errors} errors); soak rate ${rate}/s`,
  );
  await new Promise((r) => setTimeout(r, 2000));
  const baseline = await probe(pid, port, 0, idle);
  // What survives a full collection, idle: before the soak here, after it below (the leak check).
  const retainedBefore = (await probe(pid, port, 0, idle, true)).heapMiB;

  // 2. The soak: open loop at `rate`, streams alongside, a probe every 10 s.
  client = new Client(port, BENCH_SECRET, SOCKETS);
  const samples: Sample[] = [];
  const live = streams(client, population.cast, STREAMS, HOLD_MS);
  const load = openLoop(client, mix, rate, MINUTES * 60, samples);
  const loadStart = Date.now();
  const probes: Probe[] = [];
  // The host's own speed beside the server's figures: the same fixed work, timed every 10 s.
  const gauge = hostSpeedGauge();
  const hostWork: { t: number; ms: number }[] = [];
  const now = () => ({ streamsOpen: live.stats.open, inFlight: load.state.inFlight });
  const timer = setInterval(() => {
    const t = (Date.now() - loadStart) / 1000;
    gauge.measure().then(
      (ms) => hostWork.push({ t, ms }),
      (err: unknown) => console.error(`host speed probe failed: ${String(err)}`),
    );
    probe(pid, port, Math.round((Date.now() - loadStart) / 1000), now()).then(
      (p) => {
        probes.push(p);
        console.log(
          `t=${p.t}s rss ${f1(p.rssMiB)} MiB heap ${f1(p.heapMiB)} MiB fds ${p.fds} ` +
            `streams ${p.streamsOpen}/${p.listeners} listeners, ${p.connections} connections, ` +
            `${p.inFlight} in flight; ${samples.length} calls, ${samples.filter((s) => !s.ok).length} errors; ` +
            `longest stall: server ${f1(p.serverLoop.max)} ms, load generator ${f1(p.clientLoop.max)} ms`,
        );
      },
      (err: unknown) => console.error(`probe failed: ${String(err)}`),
    );
  }, SAMPLE_EVERY_MS);
  await load.done;
  clearInterval(timer);
  await gauge.close();
  const loaded = await probe(pid, port, MINUTES * 60, now());
  await live.stop();
  client.close();

  // 3. Wind-down: every connection closed; the server should be back where it was idle.
  let after = await probe(pid, port, MINUTES * 60, idle);
  const settleUntil = Date.now() + 15_000;
  while (
    Date.now() < settleUntil &&
    (after.fds > baseline.fds || after.listeners > 0 || after.connections > 0)
  ) {
    await new Promise((r) => setTimeout(r, 500));
    after = await probe(pid, port, MINUTES * 60, idle);
  }
  const retainedAfter = (await probe(pid, port, MINUTES * 60, idle, true)).heapMiB;
  const machine = machineLine(COMMAND);

  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  // Figures and checks.
  const windows = Math.ceil((MINUTES * 60) / WINDOW_S);
  const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  /** The first and the last third of `xs` (one item each at least). */
  const thirds = <X>(xs: X[]): [X[], X[]] => {
    const n = Math.max(1, Math.floor(xs.length / 3));
    return [xs.slice(0, n), xs.slice(-n)];
  };
  const byWindow = Array.from({ length: windows }, (_, w) =>
    figures(samples.filter((s) => Math.floor(s.at / 1000 / WINDOW_S) === w)),
  );
  // p99 per window swings with this shared machine's other load, so the windows after warm-up
  // are compared by thirds, through the median window of each (as RSS is, below): a p99 that grows
  // with the run moves the late median; one noisy window does not.
  const warmWindows = byWindow.slice(Math.min(1, windows - 1));
  const [earlyThird, lateThird] = thirds(warmWindows);
  const p99Early = medianOf(earlyThird.map((f) => f.p99));
  const p99Late = medianOf(lateThird.map((f) => f.p99));
  /** The `count` windows from window `from` (0-based), as the latency table names them. */
  const windowSpan = (from: number, count: number) =>
    `${from * WINDOW_S}–${(from + count) * WINDOW_S} s`;
  const earlyWindows = windowSpan(windows - warmWindows.length, earlyThird.length);
  const lateWindows = windowSpan(windows - lateThird.length, lateThird.length);
  const inWindows = (from: number, count: number) =>
    samples.filter((s) => {
      const w = Math.floor(s.at / 1000 / WINDOW_S);
      return w >= from && w < from + count;
    });
  const earlySamples = inWindows(windows - warmWindows.length, earlyThird.length);
  const lateSamples = inWindows(windows - lateThird.length, lateThird.length);
  /** Median ms of the host's fixed work timed within windows [from, from + count). */
  const hostWorkIn = (from: number, count: number) => {
    const ms = hostWork
      .filter((h) => h.t >= from * WINDOW_S && h.t < (from + count) * WINDOW_S)
      .map((h) => h.ms);
    return ms.length === 0 ? NaN : medianOf(ms);
  };
  const hostEarly = hostWorkIn(windows - warmWindows.length, earlyThird.length);
  const hostLate = hostWorkIn(windows - lateThird.length, lateThird.length);
  // RSS moves with the garbage collector's rhythm, so the first and the last third of the samples
  // taken after warm-up are compared through their highest RSS (the top of the sawtooth: the heap
  // at its fullest before a collection, plus everything off the heap). The garbage collector hands
  // pages back to the system at times of its own choosing, for a minute or more; a median of a
  // third's samples moved by 80 MiB with where those dips fell while neither the peaks nor the
  // heap grew. The heap is compared as what survives a full collection, idle, before and after
  // the soak: the lowest of the samples taken under load was wherever a sample happened to fall
  // in the sawtooth (on a fast host it swings between ~85 and ~320 MiB).
  const warm = [...probes.filter((p) => p.t > WINDOW_S), loaded];
  const [early, late] = thirds(warm);
  const rssEarly = Math.max(...early.map((p) => p.rssMiB));
  const rssLate = Math.max(...late.map((p) => p.rssMiB));
  const rssGrowth = rssLate - rssEarly;
  const heapGrowth = retainedAfter - retainedBefore;
  const grewLittle = (growth: number, from: number) =>
    growth < RSS_GROWTH * from || growth < RSS_SLACK_MIB;
  const signed = (mib: number) => `${mib >= 0 ? '+' : ''}${f1(mib)} MiB`;
  const span = (ps: Probe[]) => `${ps[0]!.t}–${ps.at(-1)!.t} s`;
  const errors = samples.filter((s) => !s.ok);
  const capacityErrors =
    capacitySamples.filter((s) => !s.ok).length + probeStreams.stats.errors.length;
  const maxListeners = Math.max(0, ...probes.map((p) => p.listeners));
  const leftoverProcessListeners = Object.entries(after.processListeners).filter(
    ([name, n]) => n !== (baseline.processListeners[name] ?? 0),
  );

  const checks: { name: string; measured: string; bound: string; ok: boolean }[] = [
    {
      name: 'errors (calls, capacity probe, streams)',
      measured: `${errors.length} + ${capacityErrors} + ${live.stats.errors.length}`,
      bound: '0',
      ok: errors.length + capacityErrors + live.stats.errors.length === 0,
    },
    {
      name: `p99 stable (median window p99 of ${lateWindows} vs ${earlyWindows})`,
      measured: `${f1(p99Late)} ms vs ${f1(p99Early)} ms`,
      bound: `≤ ${P99_RATIO} × max(early, ${P99_FLOOR_MS} ms)`,
      ok: p99Late <= P99_RATIO * Math.max(p99Early, P99_FLOOR_MS),
    },
    {
      name: `RSS flat (highest sample of ${span(late)} vs ${span(early)})`,
      measured: `${f1(rssLate)} MiB vs ${f1(rssEarly)} MiB (${signed(rssGrowth)})`,
      bound: `growth < ${RSS_GROWTH * 100} % or < ${RSS_SLACK_MIB} MiB`,
      ok: grewLittle(rssGrowth, rssEarly),
    },
    {
      name: 'heap flat (heap used after a full collection, idle: after the soak vs before it)',
      measured: `${f1(retainedAfter)} MiB vs ${f1(retainedBefore)} MiB (${signed(heapGrowth)})`,
      bound: `growth < ${RSS_GROWTH * 100} % or < ${RSS_SLACK_MIB} MiB`,
      ok: grewLittle(heapGrowth, retainedBefore),
    },
    {
      name: 'file descriptors back to the idle baseline',
      measured: `${after.fds} after vs ${baseline.fds} before (${loaded.fds} at the end of load)`,
      bound: `≤ ${baseline.fds}`,
      ok: after.fds <= baseline.fds,
    },
    {
      name: 'live-stream listeners',
      measured: `${after.listeners} after; at most ${maxListeners} during (${STREAMS} streams at once)`,
      bound: `0 after, ≤ ${STREAMS} during`,
      ok: after.listeners === 0 && maxListeners <= STREAMS,
    },
    {
      name: 'server connections after',
      measured: String(after.connections),
      bound: '0',
      ok: after.connections === 0,
    },
    {
      name: 'process listeners (exit, signals, uncaughtException, …)',
      measured:
        leftoverProcessListeners.length === 0
          ? 'as before the load'
          : leftoverProcessListeners.map(([n, c]) => `${n}: ${c}`).join(', '),
      bound: 'as before the load',
      ok: leftoverProcessListeners.length === 0,
    },
  ];
  const failed = checks.filter((c) => !c.ok);

  const distinct = new Map<string, number>();
  for (const s of [...capacitySamples, ...samples])
    if (!s.ok)
      distinct.set(`${s.op}: ${s.detail}`, (distinct.get(`${s.op}: ${s.detail}`) ?? 0) + 1);
  for (const e of [...probeStreams.stats.errors, ...live.stats.errors])
    distinct.set(`stream: ${e}`, (distinct.get(`stream: ${e}`) ?? 0) + 1);

  const shown = probes.filter(
    (p, i) => i === 0 || p.t % 60 < SAMPLE_EVERY_MS / 1000 || MINUTES < 3,
  );
  // CPU per window from the probes nearest its ends (every 10 s; the idle baseline is t = 0).
  const timeline = [{ ...baseline, t: 0 }, ...probes, loaded];
  const nearest = (t: number) =>
    timeline.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a));
  const windowCpu = (from: number, to: number, calls: number) => {
    const [a, b] = [nearest(from), nearest(to)];
    const secs = b.t - a.t;
    if (secs <= 0) return '| | |';
    const server = b.serverCpuS - a.serverCpuS;
    const pct = (cpu: number) => `${((cpu / secs) * 100).toFixed(0)} %`;
    return `${((server * 1000) / Math.max(1, (calls * secs) / (to - from))).toFixed(2)} | ${pct(server)} | ${pct(b.clientCpuS - a.clientCpuS)}`;
  };
  /** The longest event-loop stall of each side in the window, from the probes that cover it. */
  const windowLoops = (from: number, to: number) => {
    const inside = timeline.filter((p) => p.t > from && p.t <= to);
    const worst = (side: 'serverLoop' | 'clientLoop') =>
      inside.length === 0 ? '' : f1(Math.max(...inside.map((p) => p[side].max)));
    return `${worst('serverLoop')} | ${worst('clientLoop')}`;
  };
  const streamOpen = live.stats.openMs.sort((a, b) => a - b);
  const hostLine =
    `The host over the windows the p99 check compares: the fixed work took a median ` +
    `${f1(hostLate)} ms in ${lateWindows} vs ${f1(hostEarly)} ms in ${earlyWindows} ` +
    `(×${(hostLate / hostEarly).toFixed(2)}; the p99 moved ×${(p99Late / p99Early).toFixed(2)}).`;
  const lines = [
    '## Soak',
    '',
    machine,
    '',
    `The production build (\`apps/api/dist/server.js\`, \`NODE_ENV=production\`, SQLite, the ` +
      `background jobs on) over a fresh database: the demo data, ${BULK_SITTERS} generated sitters ` +
      `and ${PAIRS} owner–sitter pairs, each with ${HISTORY.past} completed walks and ${HISTORY.accepted} ` +
      `accepted for days ${HISTORY.acceptedFromDay}–${HISTORY.acceptedFromDay + HISTORY.accepted - 1} ` +
      `(${population.users} users, ${population.bookings} bookings at the start). Capacity, measured first with ${CAPACITY_WORKERS} callers unpaced for ` +
      `${CAPACITY_SECONDS} s (the streams on): **${capacity.toFixed(0)} calls/s** of the mix. The soak then ran ` +
      `open-loop at **${rate} calls/s**${FIXED_RATE === null ? ' (half of it)' : ' (`--rate`)'} for ` +
      `${MINUTES} min (latency from each call's scheduled time), with ${STREAMS} notification ` +
      `streams open at all times (ticket, \`GET /api/notifications/stream\` held ${HOLD_MS[0] / 1000}–` +
      `${HOLD_MS[1] / 1000} s, closed, next): ${live.stats.opened} streams opened, ` +
      `${live.stats.events} live events received, stream open (ticket to first frame) p50 ` +
      `${f1(streamOpen[Math.floor(streamOpen.length / 2)] ?? 0)} ms. Mix: ${mix.names.join(', ')}.`,
    '',
    failed.length === 0
      ? '**Result: all checks pass.**'
      : `**Result: ${failed.length} check(s) failed:** ${failed.map((c) => c.name).join('; ')}.`,
    '',
    '| check | measured | bound | result |',
    '| --- | --- | --- | --- |',
    ...checks.map(
      (c) => `| ${c.name} | ${c.measured} | ${c.bound} | ${c.ok ? 'ok' : '**fail**'} |`,
    ),
    '',
    hostLine,
    '',
    `Latency per ${WINDOW_S} s window (ms; the first is warm-up). A stall is how late an event loop ran ` +
      `a timer due every 10 ms (ms, the longest in the window): the server's delays every call it ` +
      `holds; the load generator's delays the calls due during it, and is charged to them too. ` +
      `Host work is the host's own speed: the median CPU time (ms) that one fixed piece of work ` +
      `took its thread (\`bench/host-speed.ts\`, every 10 s in a worker thread of the load ` +
      `generator); the same code on a shared host can take nearly twice as long from one minute ` +
      `to the next.`,
    '',
    '| window | calls | p50 | p90 | p99 | max | errors | server CPU per call (ms) | server CPU | load generator CPU | longest server stall | longest load generator stall | host work (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...byWindow.map((f, w) => {
      const [from, to] = [w * WINDOW_S, (w + 1) * WINDOW_S];
      return `${figRow(`${from}–${to} s`, f)} ${windowCpu(from, to, f.calls)} | ${windowLoops(from, to)} | ${f1(hostWorkIn(w, 1))} |`;
    }),
    `${figRow('capacity probe (unpaced)', capacityFigures)} | | | | | |`,
    '',
    'Per call over the whole soak (ms):',
    '',
    '| call | calls | p50 | p90 | p99 | max | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...mix.names.map((name) => figRow(name, figures(samples.filter((s) => s.op === name)))),
    '',
    `Per call, ${earlyWindows} against ${lateWindows} (the windows the p99 check compares; ms): ` +
      'a call whose work grows with the rows the run adds shows here first, in its p50.',
    '',
    '| call | p50 early | p50 late | p99 early | p99 late |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...mix.names.map((name) => {
      const [a, b] = [earlySamples, lateSamples].map((set) =>
        figures(set.filter((s) => s.op === name)),
      );
      return `| ${name} | ${f1(a!.p50)} | ${f1(b!.p50)} | ${f1(a!.p99)} | ${f1(b!.p99)} |`;
    }),
    '',
    'The server seen from outside (RSS and descriptors from `/proc/<pid>`; heap, listeners and ' +
      'connections from `GET /api/_diag`, on only with `PAWSY_DIAGNOSTICS=1` and only for loopback):',
    '',
    '| when | RSS (MiB) | heap used (MiB) | open fds | streams open (client) | stream listeners (server) | connections | calls in flight |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[
      ['started, idle', started] as const,
      ['after the capacity probe, idle (baseline)', baseline] as const,
      ...shown.map((p) => [`t = ${p.t} s`, p] as const),
      ['end of load', loaded] as const,
      ['load and streams stopped', after] as const,
    ].map(
      ([label, p]) =>
        `| ${label} | ${f1(p.rssMiB)} | ${f1(p.heapMiB)} | ${p.fds} | ${p.streamsOpen} | ${p.listeners} | ${p.connections} | ${p.inFlight} |`,
    ),
    ...(distinct.size === 0
      ? []
      : [
          '',
          'Errors:',
          '',
          ...[...distinct]
            .slice(0, 20)
            .map(([what, n]) => `- ${n} × ${what.replace(/\|/g, '\\|').replace(/\n/g, ' ')}`),
        ]),
  ];
  if (args.dry) console.log(lines.join('\n'));
  else writeDocSection('soak', lines);
  for (const c of checks)
    console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.measured} (${c.bound})`);
  console.log(hostLine);
  if (failed.length === 0) fs.rmSync(dataDir, { recursive: true, force: true });
  else console.error(`kept ${dataDir} (server log: ${logFile})`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  console.error(`DATA_DIR kept: ${dataDir}`);
  process.exit(1);
});
