import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runPermissionMatrix, type Actors, type MatrixRow } from '../helpers/permission-matrix.ts';
import { call, closeApp, createActors } from '../helpers/booking-fixtures.ts';

type F = { coupon: string; pkg: string; inactivePkg: string };

let t: TestApp;
let actors: Actors;
let fx: F;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.app);
  const coupon = await call(t, 'POST', '/api/coupons', actors.admin, couponBody());
  const pkg = await call(t, 'POST', '/api/packages', actors.admin, packageBody());
  const inactive = await call(t, 'POST', '/api/packages', actors.admin, {
    ...packageBody(),
    active: false,
  });
  fx = {
    coupon: coupon.json().data._id,
    pkg: pkg.json().data._id,
    inactivePkg: inactive.json().data._id,
  };
});
afterAll(() => closeApp(t));

// Every row that may succeed creates a coupon, so each needs a fresh code.
function couponBody() {
  seq += 1;
  return { code: `PERM${seq}`, kind: 'percent', value: 10, maxRedemptions: 5 };
}
// Package names are unique too (in any case).
let packageSeq = 0;
function packageBody() {
  packageSeq += 1;
  return {
    name: `Monthly ${packageSeq}`,
    priceCents: 1500,
    interval: 'month',
    creditsIncluded: 100,
  };
}

const everyone = ['anonymous', 'owner', 'another owner', 'provider', 'another provider'] as const;
const statusFor = (as: string, ok: number) => (as === 'anonymous' ? 401 : ok);

/** Admin-only routes: anonymous 401, every non-admin 403, the admin gets through. */
function adminOnly(
  method: string,
  path: MatrixRow<F>['path'],
  ok: number,
  payload?: MatrixRow<F>['payload'],
): MatrixRow<F>[] {
  return [
    ...everyone.map((as) => ({ method, path, as, payload, expect: statusFor(as, 403) })),
    { method, path, as: 'admin', payload, expect: ok },
  ];
}

/** Routes any signed-in user may call: only anonymous is refused. */
function signedIn(method: string, path: MatrixRow<F>['path'], ok: number): MatrixRow<F>[] {
  return [...everyone, 'admin' as const].map((as) => ({
    method,
    path,
    as,
    expect: statusFor(as, ok),
  }));
}

/** Public routes: everyone, signed in or not, gets the same answer. */
function open(path: MatrixRow<F>['path'], ok: number): MatrixRow<F>[] {
  return [...everyone, 'admin' as const].map((as) => ({ method: 'GET', path, as, expect: ok }));
}

runPermissionMatrix<F>('coupons and packages permissions', () => ({ t, actors, fixtures: fx }), [
  ...adminOnly('GET', '/api/coupons?page=1', 200),
  ...adminOnly('POST', '/api/coupons', 201, () => couponBody()),
  ...adminOnly('PUT', (f) => `/api/coupons/${f.coupon}`, 200, { value: 15 }),
  ...signedIn('GET', (f) => `/api/coupons/quote?code=PERM1&amountCents=1000&_=${f.coupon}`, 200),
  ...open('/api/packages', 200),
  ...open((f) => `/api/packages/${f.pkg}`, 200),
  ...open((f) => `/api/packages/${f.inactivePkg}`, 404),
  ...adminOnly('GET', '/api/packages/all', 200),
  ...adminOnly('POST', '/api/packages', 201, packageBody()),
  ...adminOnly('PUT', (f) => `/api/packages/${f.pkg}`, 200, { creditsIncluded: 120 }),
]);
