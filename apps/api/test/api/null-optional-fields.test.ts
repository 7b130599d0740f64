import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signupPayload } from '../helpers/auth-flows.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/**
 * An optional field a client fills with null means "not given" (as `couponCode: null` does on
 * create-subscription), not "Invalid input"; a required one left out reads "<field> is required".
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => closeApp(t));

describe('null for an optional field', () => {
  it('signs up with primery_services null, as with it left out', async () => {
    const res = await call(t, 'POST', '/api/auth/signup', null, {
      ...signupPayload(),
      primery_services: null,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('logs in with rememberMe null, as without it', async () => {
    const user = await createUser(t.app);
    const res = await call(t, 'POST', '/api/auth/login', null, {
      email: user.email,
      password: user.password,
      rememberMe: null,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sets one flag and leaves a null one as it was', async () => {
    const member = await createUser(t.app, { kyc_verified: 1 });
    const res = await call(t, 'PUT', `/api/user/${member.id}`, admin, {
      is_verified: true,
      KYC_verified: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.app.db
      .selectFrom('users')
      .select(['is_verified', 'kyc_verified'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_verified: 1, kyc_verified: 1 });
    const none = await call(t, 'PUT', `/api/user/${member.id}`, admin, { is_paid: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Provide is_verified, KYC_verified or is_paid');
  });
});

describe('a required number left out', () => {
  it("reads 'value is required' on a coupon, as every field left out does", async () => {
    const res = await call(t, 'POST', '/api/coupons', admin, { code: 'NOVALUE', kind: 'percent' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'value', message: 'value is required' }]);
  });
});
