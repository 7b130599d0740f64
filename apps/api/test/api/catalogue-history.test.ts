import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';

/*
 * GET /api/admin/audit?targetType=coupon|package: who changed which coupon or package, when,
 * before and after — the audit rows no member's page shows (they concern no member).
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let sitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin', first_name: 'Ada', last_name: 'Admin' });
  owner = await createUser(t.app);
  sitter = await createUser(t.app, { user_type: 'provider' });
});
afterAll(() => closeApp(t));

describe('the coupons and packages history', () => {
  it('lists each change of its kind, newest first, with who, before and after', async () => {
    const made = await call(t, 'POST', '/api/coupons', admin, {
      code: 'HISTORY1',
      kind: 'percent',
      value: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data._id as string;
    const edited = await call(t, 'PUT', `/api/coupons/${id}`, admin, { value: 25 });
    expect(edited.statusCode, edited.body).toBe(200);
    const pkg = await call(t, 'POST', '/api/packages', admin, {
      name: 'History plan',
      priceCents: 1200,
      interval: 'month',
      creditsIncluded: 500,
    });
    expect(pkg.statusCode, pkg.body).toBe(201);

    const coupons = await call(t, 'GET', '/api/admin/audit?targetType=coupon', admin);
    expect(coupons.statusCode, coupons.body).toBe(200);
    const body = coupons.json();
    expect(body.success).toBe(true);
    expect(body.meta).toMatchObject({ page: 1, total: 2 });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'coupon.update',
      'coupon.create',
    ]);
    expect(body.data[0]).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada Admin',
      targetType: 'coupon',
      targetId: id,
      subjectUserId: null,
    });
    expect(body.data[0].before).toMatchObject({ value: 10 });
    expect(body.data[0].after).toMatchObject({ value: 25 });

    const packages = await call(t, 'GET', '/api/admin/audit?targetType=package', admin);
    expect(packages.json().data.map((e: { action: string }) => e.action)).toEqual([
      'package.create',
    ]);
    // Pages as every list does.
    const second = await call(t, 'GET', '/api/admin/audit?targetType=coupon&page=2&limit=1', admin);
    expect(second.json().data.map((e: { action: string }) => e.action)).toEqual(['coupon.create']);
  });

  it('is for admins only, and names what it lists', async () => {
    for (const who of [owner, sitter]) {
      const res = await call(t, 'GET', '/api/admin/audit?targetType=coupon', who);
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await t.call({ method: 'GET', url: '/api/admin/audit?targetType=coupon' });
    expect(anonymous.statusCode).toBe(401);
    const missing = await call(t, 'GET', '/api/admin/audit', admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('targetType is required');
    // A member's history is on the member's page, not here.
    const user = await call(t, 'GET', '/api/admin/audit?targetType=user', admin);
    expect(user.statusCode).toBe(400);
    expect(user.json().errors).toEqual([
      { path: 'targetType', message: 'targetType must be one of "coupon" or "package"' },
    ]);
  });
});
