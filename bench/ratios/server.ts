/**
 * The system under test for run.ts, in its own process so that the load generator does not share
 * its event loop: builds the API on a temp SQLite DATA_DIR with the demo data plus bulk (generated
 * sitters, owners with pets for booking creation), samples every endpoint once, and mounts a bare
 * Fastify server (no hooks, no plugins) with one route per endpoint answering the sampled status
 * and bytes. Reports both addresses and the endpoint list over IPC; exits on disconnect.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../apps/api/src/app.ts';
import { seedDemoData } from '../../apps/api/src/seed/index.ts';
import { DEMO_ADMIN } from '../../apps/api/src/seed/users.seed.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { BENCH_SECRET, benchConfig } from '../lib.ts';
import { generateProviders } from '../nearby/generate.ts';
import { createPopulation } from '../bookings/population.ts';
import { BOOKING_PROBE, bookingRequest, type BookingCast } from './booking.ts';

export type Endpoint = {
  label: string;
  goal: number;
  method: 'GET' | 'POST';
  /** Pawsy path (with query); the bare twin is `/e/<index>`. */
  path: string;
  headers: Record<string, string>;
  /** POST /api/booking/: the owners and sitters that bookingRequest() rotates through. */
  booking?: BookingCast;
  status: number;
  bytes: number;
};
export type ServerReady = {
  base: string;
  bareBase: string;
  endpoints: Endpoint[];
  population: { users: number; bookings: number; messages: number };
};

const BULK_PROVIDERS = Number(process.env.BENCH_BULK_PROVIDERS ?? 5000);
const config = benchConfig('ratios');
const app = await buildApp(config);
await seedDemoData(app);
await generateProviders(app, BULK_PROVIDERS);
const pop = await createPopulation(app, 200, 200, 'ratios-');
// A variant to measure (booking-cpu.ts --sql): statements run once the data is in, e.g. an index
// dropped or a pragma set, so that its cost shows against the unchanged schema.
for (const statement of JSON.parse(process.env.BENCH_SQL ?? '[]') as string[])
  await sql.raw(statement).execute(app.db);

const db = app.db;
const userById = async (id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'user_type'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const tokenOf = async (id: string) => {
  const u = await userById(id);
  return (await openSession(app, u, SESSION_TTL_MS)).token;
};

// The demo cast: the admin, and the owner and sitter of a demo booking with messages.
const admin = await db
  .selectFrom('users')
  .select('id')
  .where('email', '=', DEMO_ADMIN.email)
  .executeTakeFirstOrThrow();
const msg = await db
  .selectFrom('messages')
  .innerJoin('bookings', 'bookings.id', 'messages.booking_id')
  .select(['messages.id', 'messages.booking_id', 'bookings.owner_id', 'bookings.provider_id'])
  .where('bookings.provider_id', 'is not', null)
  .orderBy('messages.created_at', 'desc')
  .executeTakeFirstOrThrow();
const ownerId = msg.owner_id;
const sitterId = msg.provider_id!;
const dispute = await db.selectFrom('disputes').select(['id']).executeTakeFirstOrThrow();
const kyc = await db.selectFrom('kyc_records').select(['id', 'user_id']).executeTakeFirstOrThrow();
const openBooking = await db
  .selectFrom('bookings')
  .select(['id', 'owner_id'])
  .where('status', '=', 'pending')
  .where('provider_id', 'is', null)
  .executeTakeFirst();

const tokens = {
  admin: await tokenOf(admin.id),
  owner: await tokenOf(ownerId),
  sitter: await tokenOf(sitterId),
  opener: openBooking ? await tokenOf(openBooking.owner_id) : null,
};
const h = (token: string | null): Record<string, string> => ({
  'secret-key': BENCH_SECRET,
  ...(token ? { 'x-auth-token': token } : {}),
});

type Spec = Omit<Endpoint, 'status' | 'bytes' | 'headers'> & { token: string | null };
const READ = 0.05;
const specs: Spec[] = [
  { label: 'GET /healthz', goal: 0.6, method: 'GET', path: '/healthz', token: null },
  {
    label: 'GET /api/user/user-profile',
    goal: 0.35,
    method: 'GET',
    path: '/api/user/user-profile',
    token: tokens.owner,
  },
  {
    label: 'GET /api/user/nearby?limit=15',
    goal: 0.15,
    method: 'GET',
    path: '/api/user/nearby?page=1&limit=15',
    token: tokens.owner,
  },
  {
    label: 'POST /api/booking/',
    goal: 0.1,
    method: 'POST',
    path: '/api/booking/',
    token: null, // per-owner tokens are in the bodies' headers below
  },
  ...(
    [
      ['GET /api/user/{id}', `/api/user/${sitterId}`, tokens.owner],
      ['GET /api/user/dashboard/{id}', `/api/user/dashboard/${ownerId}`, tokens.owner],
      ['GET /api/notifications/all', '/api/notifications/all', tokens.owner],
      ['GET /api/pets/user/{userId}', `/api/pets/user/${ownerId}`, tokens.owner],
      ['GET /api/coupons', '/api/coupons?page=1', tokens.admin],
      [
        'GET /api/messages/conversations',
        '/api/messages/conversations?page=1&limit=20',
        tokens.owner,
      ],
      [
        'GET /api/messages/thread',
        `/api/messages/thread?bookingId=${msg.booking_id}&page=1&limit=100`,
        tokens.owner,
      ],
      ['GET /api/messages/{id}', `/api/messages/${msg.id}`, tokens.owner],
      [
        'GET /api/messages/booking/{bookingId}',
        `/api/messages/booking/${msg.booking_id}`,
        tokens.owner,
      ],
      ['GET /api/dispute/', '/api/dispute/', tokens.admin],
      ['GET /api/dispute/{id}', `/api/dispute/${dispute.id}`, tokens.admin],
      ['GET /api/admin-dashboard', '/api/admin-dashboard', tokens.admin],
      ['GET /api/kyc', '/api/kyc', tokens.admin],
      ['GET /api/kyc/user/{userId}', `/api/kyc/user/${kyc.user_id}`, tokens.admin],
      ['GET /api/kyc/{id}', `/api/kyc/${kyc.id}`, tokens.admin],
      [
        'GET /api/userCredit/user-credits/{userId}',
        `/api/userCredit/user-credits/${ownerId}`,
        tokens.owner,
      ],
      ['GET /api/booking/', '/api/booking/', tokens.owner],
      ['GET /api/booking/{id}', `/api/booking/${msg.booking_id}`, tokens.owner],
      ['GET /api/booking/user', '/api/booking/user', tokens.owner],
      [
        'GET /api/booking/provider/in-progress?status=',
        '/api/booking/provider/in-progress?status=accepted',
        tokens.sitter,
      ],
      ...(openBooking
        ? [
            [
              'GET /api/booking/{id}/requests',
              `/api/booking/${openBooking.id}/requests`,
              tokens.opener,
            ],
          ]
        : []),
    ] as [string, string, string | null][]
  ).map(([label, path, token]) => ({ label, goal: READ, method: 'GET' as const, path, token })),
];

const booking = {
  owners: pop.owners.map(({ token, petId }) => ({ token, petId })),
  providers: pop.providers,
};
const probe = bookingRequest(booking, BOOKING_PROBE);

const base = await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
const endpoints: Endpoint[] = [];
for (const [i, spec] of specs.entries()) {
  const isPost = spec.method === 'POST';
  const headers = isPost ? probe.headers : h(spec.token);
  const res = await fetch(`${base}${spec.path}`, {
    method: spec.method,
    headers,
    ...(isPost ? { body: probe.body } : {}),
  });
  const body = await res.text();
  if (res.status >= 300) throw new Error(`${spec.label} answered ${res.status}: ${body}`);
  const type = res.headers.get('content-type') ?? 'application/json';
  const status = res.status;
  const route = `/e/${i}`;
  if (isPost) bare.post(route, async (_req, reply) => reply.status(status).type(type).send(body));
  else bare.get(route, async (_req, reply) => reply.status(status).type(type).send(body));
  const { token: _token, ...rest } = spec;
  endpoints.push({
    ...rest,
    headers,
    ...(isPost ? { booking } : {}),
    status,
    bytes: Buffer.byteLength(body),
  });
}
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const count = async (table: 'users' | 'bookings' | 'messages') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const population = {
  users: await count('users'),
  bookings: await count('bookings'),
  messages: await count('messages'),
};

const stop = async () => {
  await bare.close();
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.send?.({ base, bareBase, endpoints, population } satisfies ServerReady);
