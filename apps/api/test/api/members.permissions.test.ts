import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import { closeApp, createActors } from '../helpers/booking-fixtures.ts';

type F = { ownerId: string };

let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const everyone = ['anonymous', 'owner', 'another owner', 'provider', 'another provider'] as const;
const denied = (as: (typeof everyone)[number]) => (as === 'anonymous' ? 401 : 403);

/** Each admin route: every non-admin is refused (401 without a session, else 403). */
function adminOnly(
  method: string,
  path: MatrixRow<F>['path'],
  ok: number,
  payload?: MatrixRow<F>['payload'],
): MatrixRow<F>[] {
  return [
    ...everyone.map((as) => ({ method, path, as, expect: denied(as), payload })),
    { method, path, as: 'admin' as const, expect: ok, payload },
  ];
}

runPermissionMatrix<F>(
  'members and audit routes (admins only)',
  () => ({ t, actors, fixtures: { ownerId: actors.owner.id } }),
  [
    ...adminOnly('GET', '/api/admin/members', 200),
    ...adminOnly('GET', '/api/admin/members?search=first&role=user&is_paid=false', 200),
    ...adminOnly('GET', (f) => `/api/admin/members/${f.ownerId}`, 200),
    ...adminOnly('GET', (f) => `/api/admin/members/${f.ownerId}/audit`, 200),
    ...adminOnly('PUT', (f) => `/api/user/${f.ownerId}`, 200, { is_verified: true }),
    {
      method: 'PUT',
      path: (f) => `/api/user/${f.ownerId}`,
      as: 'owner',
      expect: 403,
      payload: { is_paid: true },
      note: 'a member may not set their own paid flag',
    },
  ],
);
