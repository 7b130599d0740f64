/**
 * Load test of booking creation (POST /api/booking/) and the owner's list (GET /api/booking/user)
 * on SQLite, plus one 50-way accept race over HTTP.
 * Run: npx tsx bench/bookings/run.ts   (writes its section of docs/performance.md)
 * Loopback only, bounded: four unpaced 10 s runs (API and a bare Fastify baseline for each).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { createPopulation, raceAccepts } from './population.ts';
import {
  BENCH_SECRET,
  benchConfig,
  figuresTable,
  machineLine,
  toFigures,
  writeDocSection,
  type Figures,
} from '../lib.ts';

/** BENCH_DRY=1: a 2-second smoke run that leaves docs/performance.md alone. */
const DRY = process.env.BENCH_DRY === '1';
const SECONDS = DRY ? 2 : 10;
const CONNECTIONS = 10;
const OWNERS = 200;
const PROVIDERS = 20;

type Req = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

async function load(base: string, next: () => Req): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
  });
  return toFigures(result);
}

async function main() {
  const config = benchConfig('bookings');
  const dataDir = config.dataDir;
  const app = await buildApp(config);
  const bare = Fastify({ logger: false });
  try {
    const pop = await createPopulation(app, OWNERS, PROVIDERS);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    let i = 0;
    const pick = <T>(list: T[]) => list[i++ % list.length]!;
    const createReq = (): Req => {
      const owner = pick(pop.owners);
      const start = Date.now() + (48 + (i % 500)) * 3600_000;
      return {
        method: 'POST',
        path: '/api/booking/',
        headers: {
          'secret-key': BENCH_SECRET,
          'x-auth-token': owner.token,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          service: 'Dog walking',
          pets: [owner.petId],
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 2 * 3600_000).toISOString(),
          notes: 'Benchmark walk',
          provider_id: pop.providers[i % pop.providers.length],
        }),
      };
    };
    const listReq = (): Req => ({
      method: 'GET',
      path: '/api/booking/user?limit=20',
      headers: { 'secret-key': BENCH_SECRET, 'x-auth-token': pick(pop.owners).token },
    });

    const probe = createReq();
    const created = await fetch(`${base}${probe.path}`, {
      method: 'POST',
      headers: probe.headers,
      body: probe.body,
    });
    const createdBody = await created.text();
    if (created.status !== 201)
      throw new Error(`create answered ${created.status}: ${createdBody}`);

    const create = await load(base, createReq);
    const total = await app.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const sample = await fetch(`${base}/api/booking/user?limit=20`, { headers: listReq().headers });
    const listBody = await sample.text();
    if (sample.status !== 200) throw new Error(`list answered ${sample.status}: ${listBody}`);
    const list = await load(base, listReq);

    bare.post('/create', async (_req, reply) =>
      reply.status(201).type('application/json').send(createdBody),
    );
    bare.get('/list', async (_req, reply) => reply.type('application/json').send(listBody));
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareCreate = await load(bareBase, () => ({ ...createReq(), path: '/create' }));
    const bareList = await load(bareBase, () => ({ ...listReq(), path: '/list' }));
    const race = await raceAccepts(app, base, BENCH_SECRET, 50);

    const rows = [
      ['POST /api/booking/ (direct request, priced, 200 owners)', create],
      ['bare Fastify POST answering the same 201 JSON', bareCreate],
      ['GET /api/booking/user?limit=20', list],
      ['bare Fastify GET answering the same JSON', bareList],
    ] as const;
    for (const [label, f] of rows) console.log(label, JSON.stringify(f));
    console.log('race', JSON.stringify(race));
    const info = {
      bookings: Number(total?.n ?? 0),
      createBytes: createdBody.length,
      listBytes: listBody.length,
    };
    if (!DRY) writeSection(rows, race, info);
  } finally {
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeSection(
  rows: readonly (readonly [string, Figures])[],
  race: { ok: number; conflicts: number; others: number; ms: number },
  info: { bookings: number; createBytes: number; listBytes: number },
) {
  writeDocSection('bookings', [
    '## Bookings',
    '',
    machineLine('npx tsx bench/bookings/run.ts'),
    '',
    `SQLite (WAL), ${OWNERS} owners with their own tokens used in turn, ${PROVIDERS} sitters. Creation: a ` +
      `priced direct request paid by card (one transaction: booking, timeline event, the charge awaiting ` +
      `its checkout and the pending payment; the sitter is asked once the payment settles) ` +
      `of ${info.createBytes.toLocaleString('en-US')} bytes; ${info.bookings.toLocaleString('en-US')} bookings existed ` +
      `when the list run started. List: page of 20 with owners, sitter cards with ratings and timelines ` +
      `(${info.listBytes.toLocaleString('en-US')} bytes). autocannon, ${CONNECTIONS} connections, loopback, ` +
      `unpaced, ${SECONDS} s per run, in the server's own process (the source run through tsx; the ` +
      `ratio run below measures the production bundle from another process); the bare Fastify ` +
      `routes answer the same bytes. Latencies in ms.`,
    '',
    ...figuresTable(rows),
    '',
    `Accept race: 50 sitters applied to one open booking; the owner sent the 50 acceptances at once over ` +
      `HTTP: ${race.ok} × 200, ${race.conflicts} × 409, ${race.others} other, all answered in ${race.ms} ms.`,
  ]);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
