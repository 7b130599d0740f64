/**
 * Load test of booking creation (POST /api/booking/) and the owner's list (GET /api/booking/user)
 * on SQLite, plus one 50-way accept race over HTTP.
 * Run: npx tsx bench/bookings/run.ts   (writes its section of docs/performance.md)
 * Loopback only, bounded: four unpaced 10 s runs (API and a bare Fastify baseline for each).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createPopulation, raceAccepts } from './population.ts';

/** BENCH_DRY=1: a 2-second smoke run that leaves docs/performance.md alone. */
const DRY = process.env.BENCH_DRY === '1';
const SECONDS = DRY ? 2 : 10;
const CONNECTIONS = 10;
const OWNERS = 200;
const PROVIDERS = 20;
const SECRET = 'bench-secret-key';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Figures = {
  p50: number;
  p90: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
};
type Req = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

async function load(base: string, next: () => Req): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
  });
  return {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-bench-bookings-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SECRET_KEY: SECRET,
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  });
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
          'secret-key': SECRET,
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
      headers: { 'secret-key': SECRET, 'x-auth-token': pick(pop.owners).token },
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
    const race = await raceAccepts(app, base, SECRET, 50);

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
  const cpus = os.cpus();
  const lines = [
    '## Bookings',
    '',
    `Run ${new Date().toISOString()} by \`npx tsx bench/bookings/run.ts\` on ${cpus[0]?.model ?? 'unknown CPU'} ` +
      `(${cpus.length} logical CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM), Node ${process.version}, ` +
      `${os.type()} ${os.release()}.`,
    '',
    `SQLite (WAL), ${OWNERS} owners with their own tokens used in turn, ${PROVIDERS} sitters. Creation: a ` +
      `priced direct request (one transaction: booking, timeline event, request row; then notification) ` +
      `of ${info.createBytes.toLocaleString('en-US')} bytes; ${info.bookings.toLocaleString('en-US')} bookings existed ` +
      `when the list run started. List: page of 20 with owners, sitter cards with ratings and timelines ` +
      `(${info.listBytes.toLocaleString('en-US')} bytes). autocannon, ${CONNECTIONS} connections, loopback, ` +
      `unpaced, ${SECONDS} s per run; the bare Fastify routes answer the same bytes. Latencies in ms. The ` +
      `machine was shared with other work during the run.`,
    '',
    '| run | p50 | p90 | p99 | req/s | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ([label, f]) =>
        `| ${label} | ${f.p50} | ${f.p90} | ${f.p99} | ${f.rps} | ${f.non2xx} | ${f.errors} |`,
    ),
    '',
    `Accept race: 50 sitters applied to one open booking; the owner sent the 50 acceptances at once over ` +
      `HTTP: ${race.ok} × 200, ${race.conflicts} × 409, ${race.others} other, all answered in ${race.ms} ms.`,
  ];
  const file = path.join(root, 'docs', 'performance.md');
  const start = '<!-- bench:bookings -->';
  const end = '<!-- /bench:bookings -->';
  const section = `${start}\n${lines.join('\n')}\n${end}`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, text);
  console.log(`wrote the bookings section of ${path.relative(root, file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
