/**
 * SPEC §5's own words where a call lacks a token or a user id: "Subscription creation requires a
 * token, otherwise 'Missing auth token'"; "KYC submission requires a token and a user id,
 * otherwise 'Missing authentication credentials or user ID'"; everything else keeps "No
 * authentication token found".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';

let t: TestApp;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

describe('POST /api/stripe/create-subscription', () => {
  it("answers 401 'Missing auth token' without a token", async () => {
    const res = await call(t, 'POST', '/api/stripe/create-subscription', null, {
      couponCode: null,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Missing auth token');
  });
});

describe('POST /api/kyc', () => {
  const KYC_MISSING = 'Missing authentication credentials or user ID';

  it('answers 401 with the KYC message without a token', async () => {
    const res = await submitKyc(t, undefined, { userId: user.id, text: 'ID' }, [
      doc(PNG_1PX, 'a.png'),
    ]);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(KYC_MISSING);
  });

  it.each([
    ['left out', undefined],
    ['empty', ''],
  ])('answers 400 with the KYC message when userId is %s', async (_, userId) => {
    const res = await submitKyc(t, user, { userId, text: 'ID' }, [doc(PNG_1PX, 'a.png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: KYC_MISSING,
      errors: [{ path: 'userId', message: KYC_MISSING }],
    });
  });

  it("still refuses another user's id (403) and takes the caller's own (201)", async () => {
    const forOther = await submitKyc(t, user, { userId: other.id }, [doc(PNG_1PX, 'a.png')]);
    expect(forOther.statusCode).toBe(403);
    const own = await submitKyc(t, user, { userId: user.id }, [doc(PNG_1PX, 'a.png')]);
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe('every other route', () => {
  it.each([
    ['GET', '/api/user/user-profile'],
    ['GET', '/api/notifications/all'],
    ['GET', '/api/kyc'],
    ['POST', '/api/stripe/quote'],
  ])("%s %s says 'No authentication token found'", async (method, url) => {
    const res = await call(t, method, url, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('No authentication token found');
  });
});
