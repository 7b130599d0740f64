/** What the benchmarks share: the app's bench config, autocannon figures, the docs section writer. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { loadConfig, type AppConfig } from '../apps/api/src/config.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_SECRET = 'bench-secret-key';

/** Production settings on a throw-away SQLite DATA_DIR, with rate limits out of the way. */
export function benchConfig(prefix: string): AppConfig {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `pawsy-bench-${prefix}-`)),
    SECRET_KEY: BENCH_SECRET,
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  });
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

/** Replaces the `<!-- bench:NAME -->` section of docs/performance.md (appends it if missing). */
export function writeDocSection(name: string, lines: string[]): void {
  const file = path.join(root, 'docs', 'performance.md');
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
