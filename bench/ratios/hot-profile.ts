/**
 * A CPU profile of one Pawsy endpoint under load, without start-up in it: builds the app with the
 * demo data, then profiles (node:inspector) only while autocannon (another process) drives it.
 * Run: npx tsx bench/ratios/hot-profile.ts [path] [seconds]   (default /api/user/user-profile, 8 s)
 *      HOT_EMAIL=admin@pawsy.test (the caller; default the demo owner), HOT_BULK=5000 (sitters)
 * Writes bench/ratios/profiles/hot.cpuprofile; summarise with profile-summary.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { spawn } from 'node:child_process';
import { buildApp } from '../../apps/api/src/app.ts';
import { seedDemoData } from '../../apps/api/src/seed/index.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { BENCH_SECRET, benchConfig } from '../lib.ts';
import { generateProviders } from '../nearby/generate.ts';

const target = process.argv[2] ?? '/api/user/user-profile';
const seconds = process.argv[3] ?? '8';
const here = path.dirname(fileURLToPath(import.meta.url));
const config = benchConfig('hot');
const app = await buildApp(config);
await seedDemoData(app);
// HOT_BULK=n adds n generated sitters (as bench:ratios does with 5000).
if (process.env.HOT_BULK) await generateProviders(app, Number(process.env.HOT_BULK));
const owner = await app.db
  .selectFrom('users')
  .select(['id', 'email', 'user_type'])
  .where('email', '=', process.env.HOT_EMAIL ?? 'olivia@pawsy.test')
  .executeTakeFirstOrThrow();
const { token } = await openSession(app, owner, SESSION_TTL_MS);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const load = spawn(
  'npx',
  [
    'autocannon',
    '-c',
    '10',
    '-d',
    seconds,
    '-H',
    `secret-key=${BENCH_SECRET}`,
    '-H',
    `x-auth-token=${token}`,
    `${base}${target}`,
  ],
  { stdio: 'inherit' },
);
await new Promise((r) => load.on('exit', r));
const { profile } = await session.post('Profiler.stop');
fs.mkdirSync(path.join(here, 'profiles'), { recursive: true });
fs.writeFileSync(path.join(here, 'profiles', 'hot.cpuprofile'), JSON.stringify(profile));
await app.close();
fs.rmSync(config.dataDir, { recursive: true, force: true });
