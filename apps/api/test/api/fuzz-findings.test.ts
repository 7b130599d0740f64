import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { closeApp, multipart, walkDates } from '../helpers/booking-fixtures.ts';
import { createFixtures, fuzzEnv, problemsOf, type Fixtures } from '../helpers/fuzz.ts';

/**
 * What the fuzzer (test/helpers/fuzz.ts, npm run bench:fuzz) found, one row each, on both
 * engines. NUL in text: PostgreSQL cannot store U+0000 (a 500 from the driver), so no text field
 * of the API may hold one — JSON bodies, query strings, path parameters and multipart fields alike.
 */
let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  t = await createTestApp(fuzzEnv());
  fx = await createFixtures(t);
}, 60_000);
afterAll(() => closeApp(t), 60_000);

const NUL = 'a\u0000b';

type Row = {
  name: string;
  method: string;
  url: () => string;
  as: 'owner' | 'admin' | null;
  payload?: () => object;
  multipartFields?: Record<string, string>;
  field: string;
};
const rows: Row[] = [
  {
    name: 'chat message text',
    method: 'POST',
    url: () => '/api/messages/',
    as: 'owner',
    payload: () => ({ bookingId: fx.ids.at(-4), text: NUL }),
    field: 'text',
  },
  {
    name: 'booking notes',
    method: 'POST',
    url: () => '/api/booking/',
    as: 'owner',
    payload: () => ({
      service: 'Dog walking',
      pets: [fx.ids[5]],
      ...walkDates(300),
      notes: NUL,
    }),
    field: 'notes',
  },
  {
    name: 'nearby search by name',
    method: 'GET',
    url: () => `/api/user/nearby?name=${encodeURIComponent(NUL)}`,
    as: 'owner',
    field: 'query.name',
  },
  {
    name: 'admin member search',
    method: 'GET',
    url: () => `/api/admin/members?search=${encodeURIComponent(NUL)}`,
    as: 'admin',
    field: 'query.search',
  },
  {
    name: 'KYC search',
    method: 'GET',
    url: () => `/api/kyc?search=${encodeURIComponent(NUL)}`,
    as: 'admin',
    field: 'query.search',
  },
  {
    name: 'coupon quote code',
    method: 'GET',
    url: () => `/api/coupons/quote?code=${encodeURIComponent(NUL)}&amountCents=100`,
    as: 'owner',
    field: 'query.code',
  },
  {
    name: 'profile form (multipart)',
    method: 'PUT',
    url: () => '/api/user/update-profile',
    as: 'owner',
    multipartFields: { firstName: NUL },
    field: 'firstName',
  },
  {
    name: 'pet form (multipart)',
    method: 'POST',
    url: () => '/api/pets',
    as: 'owner',
    multipartFields: { name: NUL, species: 'dog' },
    field: 'name',
  },
];

describe('fuzz findings stay fixed', () => {
  for (const row of rows) {
    it(`${row.name}: NUL in text is a 400 naming the field`, async () => {
      const form = row.multipartFields
        ? multipart({ ...row.multipartFields, userId: fx.actors.owner.id })
        : null;
      const res = await t.call({
        method: row.method,
        url: row.url(),
        token: row.as ? fx.actors[row.as].token : undefined,
        ...(form ? { payload: form.payload, headers: form.headers } : {}),
        ...(row.payload ? { payload: row.payload() } : {}),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(`${row.field}: Text may not contain NUL characters`);
      expect(problemsOf(res)).toEqual([]);
    });
  }

  it('a JSON body nested 20,000 deep is a 400, not a stack overflow (500)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: '['.repeat(20_000) + ']'.repeat(20_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(problemsOf(res)).toEqual([]);
  });

  it('a clean twin of a row still passes the NUL check', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/user/nearby?name=ab',
      token: fx.actors.owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
