import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import { call, closeApp, createActors } from '../helpers/booking-fixtures.ts';

type F = {
  providerId: string;
  ownerId: string;
  adminId: string;
  /** A block of `provider`; only they may remove it (the last row does). */
  blockId: string;
};

let t: TestApp;
let actors: Actors;
let fx: F;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.app);
  const { provider } = actors;
  const made = await call(t, 'POST', '/api/availability/blocks', provider, {
    startDate: day(20),
    endDate: day(22),
  });
  fx = {
    providerId: provider.id,
    ownerId: actors.owner.id,
    adminId: actors.admin.id,
    blockId: made.json().data.id,
  };
}, 30_000);
afterAll(() => closeApp(t));

const everyone = ['owner', 'another owner', 'provider', 'another provider', 'admin'] as const;
const sittersOnly = (
  method: string,
  path: string | ((f: F) => string),
  ok: number,
  payload?: unknown,
): MatrixRow<F>[] => [
  { method, path, as: 'anonymous', expect: 401, payload },
  { method, path, as: 'owner', expect: 403, payload },
  { method, path, as: 'another owner', expect: 403, payload },
  { method, path, as: 'admin', expect: 403, payload },
  { method, path, as: 'provider', expect: ok, payload },
  { method, path, as: 'another provider', expect: ok, payload },
];
let n = 30;
const nextBlock = () => {
  n += 2;
  return { startDate: day(n), endDate: day(n) };
};

runPermissionMatrix<F>('availability routes', () => ({ t, actors, fixtures: fx }), [
  ...sittersOnly('GET', '/api/availability', 200),
  ...sittersOnly('PUT', '/api/availability', 200, { timeZone: 'America/Denver' }),
  ...sittersOnly('POST', '/api/availability/blocks', 201, () => nextBlock()),
  // Removing a block: only its sitter; anyone else's is "not found".
  {
    method: 'DELETE',
    path: (f) => `/api/availability/blocks/${f.blockId}`,
    as: 'anonymous',
    expect: 401,
  },
  {
    method: 'DELETE',
    path: (f) => `/api/availability/blocks/${f.blockId}`,
    as: 'owner',
    expect: 403,
  },
  {
    method: 'DELETE',
    path: (f) => `/api/availability/blocks/${f.blockId}`,
    as: 'admin',
    expect: 403,
  },
  {
    method: 'DELETE',
    path: (f) => `/api/availability/blocks/${f.blockId}`,
    as: 'another provider',
    expect: 404,
    note: 'not theirs',
  },
  {
    method: 'DELETE',
    path: (f) => `/api/availability/blocks/${f.blockId}`,
    as: 'provider',
    expect: 200,
  },
  {
    method: 'DELETE',
    path: (f) => `/api/availability/blocks/${f.blockId}`,
    as: 'provider',
    expect: 404,
    note: 'already removed',
  },
  // A sitter's public calendar: any signed-in user; only live providers have one.
  { method: 'GET', path: (f) => `/api/availability/${f.providerId}`, as: 'anonymous', expect: 401 },
  ...everyone.map((as): MatrixRow<F> => ({
    method: 'GET',
    path: (f) => `/api/availability/${f.providerId}`,
    as,
    expect: 200,
  })),
  { method: 'GET', path: (f) => `/api/availability/${f.ownerId}`, as: 'provider', expect: 404 },
  { method: 'GET', path: (f) => `/api/availability/${f.adminId}`, as: 'owner', expect: 404 },
]);
