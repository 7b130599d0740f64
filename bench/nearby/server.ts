/**
 * The system under test for run.ts, in its own process so that the load generator does not share
 * its event loop: builds the API on a temp SQLite DATA_DIR with generated providers, plus a bare
 * Fastify baseline, listens on loopback and reports both addresses over IPC. Exits on disconnect.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { BENCH_SECRET, benchConfig } from '../lib.ts';
import {
  createCaller,
  generateCalendars,
  generateProviders,
  type CalendarCounts,
} from './generate.ts';

export type ServerReady = {
  base: string;
  bareBase: string;
  token: string;
  secret: string;
  generatedMs: number;
  calendars: CalendarCounts;
};

const SECRET = BENCH_SECRET;
const providers = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const config = benchConfig('nearby');
const dataDir = config.dataDir;
const app = await buildApp(config);
const t0 = Date.now();
const providerIds = await generateProviders(app, providers);
const calendars = await generateCalendars(app, providerIds);
const token = await createCaller(app);
const generatedMs = Date.now() - t0;
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const sample = await fetch(`${base}/api/user/nearby?page=1&limit=15`, {
  headers: { 'secret-key': SECRET, 'x-auth-token': token },
});
const body = await sample.text();
const bare = Fastify({ logger: false });
bare.get('/static', async (_req, reply) => reply.type('application/json').send(body));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const stop = async () => {
  await bare.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.send?.({
  base,
  bareBase,
  token,
  secret: SECRET,
  generatedMs,
  calendars,
} satisfies ServerReady);
