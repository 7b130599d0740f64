/** What the benchmarks share: the app's bench config, autocannon figures, the docs section writer. */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type autocannon from 'autocannon';
import { loadConfig, type AppConfig } from '../apps/api/src/config.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_SECRET = 'bench-secret-key';

/**
 * Production settings on SQLite in `dataDir`, with rate limits out of the way: the environment of
 * a bench server, in-process (benchConfig) or in its own process (crash, soak).
 */
export function benchEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SECRET_KEY: BENCH_SECRET,
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    // Benchmarks pay through the local sandbox, which production accepts only when asked for.
    PAYMENTS_SANDBOX: 'true',
  };
}

/** benchEnv on a throw-away DATA_DIR. */
export function benchConfig(prefix: string): AppConfig {
  return loadConfig(benchEnv(fs.mkdtempSync(path.join(os.tmpdir(), `pawsy-bench-${prefix}-`))));
}

export type Figures = {
  p50: number;
  p90: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
};

export function toFigures(result: autocannon.Result): Figures {
  return {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function figuresTable(rows: readonly (readonly [string, Figures])[]): string[] {
  return [
    '| run | p50 | p90 | p99 | req/s | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ([label, f]) =>
        `| ${label} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.rps} | ${f.non2xx} | ${f.errors} |`,
    ),
  ];
}

/** One sentence naming the machine, the date and how busy it was. */
export function machineLine(command: string): string {
  const cpus = os.cpus();
  return (
    `Run ${new Date().toISOString()} by \`${command}\` on ${cpus[0]?.model ?? 'unknown CPU'} ` +
    `(${cpus.length} logical CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM), Node ${process.version}, ` +
    `${os.type()} ${os.release()}; 1-minute load average ${os.loadavg()[0]!.toFixed(1)} when the ` +
    `load runs ended.`
  );
}

/** Replaces the `<!-- bench:NAME -->` section of docs/performance.md, or of another file in docs/
 * (appends it if missing). */
export function writeDocSection(name: string, lines: string[], doc = 'performance.md'): void {
  const file = path.join(root, 'docs', doc);
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = `${start}\n${lines.join('\n')}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, text);
  console.log(`wrote the ${name} section of ${path.relative(root, file)}`);
}

/**
 * Open-loop load at a constant arrival rate: one request every 1000/rate ms whatever the answers
 * do, over at most `sockets` keep-alive connections. Latency runs from the scheduled send time, so
 * a stalled server is charged for the requests queued behind it (no coordinated omission).
 */
export async function openLoop(opts: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  sockets: number;
}): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.sockets });
  const total = Math.round(opts.rate * opts.seconds);
  const gap = 1000 / opts.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      new Promise<void>((resolve) => {
        const req = http.get(opts.url, { agent, headers: opts.headers }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if ((res.statusCode ?? 0) >= 300) non2xx += 1;
            resolve();
          });
        });
        req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
        req.on('error', () => {
          errors += 1;
          resolve();
        });
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    rps: Math.round(latencies.length / elapsed),
    non2xx,
    errors,
  };
}

/** Clock ticks per second of /proc/<pid>/stat's times. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * utime + stime in seconds (fields 14 and 15 of /proc/<pid>/stat) of process `pid`, or of its
 * thread `tid` (/proc/<pid>/task/<tid>/stat; the main thread's tid is the pid). Linux only.
 */
export function cpuSeconds(pid: number, tid?: number): number {
  const file = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const stat = fs.readFileSync(file, 'utf8');
  // The command name before them is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/**
 * Starts `args` (a server entry point) with plain Node.js in its own process, on the environment
 * less DATABASE_URL and REDIS_URL plus `env`, its output appended to `logFile`, and waits up to a
 * minute for `${base}/readyz`. A server that exits or never gets ready is killed and its log's
 * tail thrown.
 */
export async function spawnServer(opts: {
  args: string[];
  env: Record<string, string>;
  base: string;
  logFile: string;
}): Promise<ChildProcess> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const log = fs.openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, opts.args, {
    cwd: root,
    env: { ...inherited, ...opts.env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`${opts.base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  const tail = fs.readFileSync(opts.logFile, 'utf8').split('\n').slice(-20).join('\n');
  throw new Error(`the server did not become ready (exit ${child.exitCode}):\n${tail}`);
}

/** A TCP port free on 127.0.0.1 now (the OS picks it), for a server the bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
