import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import { build } from 'esbuild';
import { bundleOptions } from '../../apps/api/bundle-options.mjs';
import type { ServerReady } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * server.ts bundled with the API's production options into apps/api/dist (so that the API's own
 * dependencies resolve from there), with the bench's own packages left external too.
 */
async function bundleServer(): Promise<string> {
  const outfile = path.join(here, '../../apps/api/dist/bench-ratios-server.js');
  await build({
    ...bundleOptions,
    external: [...bundleOptions.external, 'autocannon'],
    entryPoints: [path.join(here, 'server.ts')],
    outfile,
  });
  return outfile;
}

/**
 * The bench server in a process of its own, once it has reported its addresses. `profile`: under
 * --cpu-prof into bench/ratios/profiles; `sql`: statements it runs once its data is seeded
 * (BENCH_SQL, to measure a variant of the schema or settings; see booking-cpu.ts).
 */
export async function startServer(
  opts: { profile?: boolean; sql?: readonly string[] } = {},
): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const profile = opts.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(here, 'profiles')}`]
    : [];
  const env = opts.sql?.length
    ? { ...process.env, BENCH_SQL: JSON.stringify(opts.sql) }
    : undefined;
  const child = fork(await bundleServer(), { execArgv: profile, env });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as ServerReady }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}
