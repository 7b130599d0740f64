import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_FOR_OWNERS } from '@pawsy/contract';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';

/**
 * Separation of duties: what an admin decides about members, they do not decide about
 * themselves. Their own KYC, credits and trust flags take another admin, who may.
 */
let t: TestApp;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  other = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => closeApp(t));

const as = (who: TestUser, method: 'PUT' | 'POST', url: string, payload: object) =>
  t.call({ method, url, token: who.token, payload });
const profile = async () =>
  (await t.call({ method: 'GET', url: '/api/user/user-profile', token: admin.token })).json().data;
const balance = async () =>
  (
    await t.call({
      method: 'GET',
      url: `/api/userCredit/user-credits/${admin.id}`,
      token: admin.token,
    })
  ).json().data.balance;

describe('an admin acting on their own account', () => {
  it('cannot decide their own KYC; another admin can', async () => {
    expect((await submitKyc(t, admin, { text: 'ID' }, [doc(PNG_1PX, 'id.png')])).statusCode).toBe(
      201,
    );
    const own = await as(admin, 'PUT', `/api/kyc/verify/${admin.id}`, { action: 'VERIFIED' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Another admin must decide on your own KYC');
    expect((await profile()).KYC_verified).toBe(false);
    const theirs = await as(other, 'PUT', `/api/kyc/verify/${admin.id}`, { action: 'VERIFIED' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await profile()).KYC_verified).toBe(true);
  });

  it('cannot grant themselves credits, nor receive any (credits are for owners)', async () => {
    const body = { userId: admin.id, amount: 100_000, reason: 'Bonus' };
    const own = await as(admin, 'POST', '/api/userCredit/user-credits', body);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Another admin must grant credits to you');
    expect(await balance()).toBe(0);
    // Nor from another admin: credits pay for bookings, which admins do not make.
    const theirs = await as(other, 'POST', '/api/userCredit/user-credits', body);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(CREDITS_FOR_OWNERS);
    expect(await balance()).toBe(0);
  });

  it('cannot set their own trust or paid flags; another admin can', async () => {
    const own = await as(admin, 'PUT', `/api/user/${admin.id}`, { is_paid: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Another admin must change your own flags');
    expect((await profile()).is_paid).toBe(false);
    const theirs = await as(other, 'PUT', `/api/user/${admin.id}`, { is_paid: true });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await profile()).is_paid).toBe(true);
  });
});
