import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, createOwner, createProvider, type Owner } from '../helpers/booking-fixtures.ts';
import { assignedBooking } from '../helpers/chat-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/*
 * A field left out reads "<field> is required" in the top-level message and in its `errors`
 * entry alike, whichever check refused it: a route's schema, or a service parsing a form
 * (`validationFailure` in plugins/errors.ts builds both).
 */

let t: TestApp;
let owner: Owner;
let admin: TestUser;
let bookingId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
  bookingId = await assignedBooking(t, owner, await createProvider(t.app));
}, 60_000);
afterAll(() => t.close());

type Case = [string, string, 'owner' | 'admin', Record<string, unknown> | null, string];
const cases: Case[] = [
  ['POST', '/api/dispute/', 'owner', { reason: 'x' }, 'bookingId'],
  ['POST', '/api/auth/login', 'owner', {}, 'email'],
  ['POST', '/api/userCredit/user-credits', 'admin', {}, 'userId'],
  ['POST', '/api/booking/', 'owner', {}, 'service'],
  ['PUT', '/api/kyc/verify/:owner', 'admin', {}, 'action'],
  ['POST', '/api/crud/:booking/Review/create', 'owner', {}, 'columns'],
  // The owner must name the sitter invited; the service checks it with the contract's schema.
  ['POST', '/api/booking/:booking/send-request', 'owner', {}, 'providerId'],
  ['POST', '/api/booking/:booking/send-request', 'owner', null, 'providerId'],
];

describe('a field left out', () => {
  it.each(cases)('%s %s (%s): "<field> is required" on top and in errors', async (...c) => {
    const [method, path, who, payload, field] = c;
    const url = path.replace(':owner', owner.id).replace(':booking', bookingId);
    const res = await call(t, method, url, who === 'admin' ? admin : owner, payload ?? undefined);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors: { path: string; message: string }[] };
    expect(body.message).toBe(`${field} is required`);
    expect(body.errors[0]).toEqual({ path: field, message: `${field} is required` });
    for (const e of body.errors) expect(e.message).toBe(`${e.path} is required`);
  });

  it('a schema whose own message says so reads the same ("reason is required")', async () => {
    const res = await call(t, 'POST', '/api/dispute/', owner, { bookingId });
    expect(res.json()).toMatchObject({
      message: 'reason is required',
      errors: [{ path: 'reason', message: 'reason is required' }],
    });
  });
});

/** Empty, white space, a zero-width space: all three are a value left out. */
const BLANKS = ['', '%20', '%20%09', '%E2%80%8B'];

describe('an empty or blank path parameter', () => {
  type PathCase = [string, string, 'owner' | 'admin', Record<string, unknown> | undefined, string];
  const paths: PathCase[] = [
    // SPEC §5: fetching pets needs a user id, worded as for adding one.
    ['GET', '/api/pets/user/', 'owner', undefined, 'User ID is required'],
    ['GET', '/api/kyc/user/', 'admin', undefined, 'userId is required'],
    ['PUT', '/api/kyc/verify/', 'admin', { action: 'VERIFIED' }, 'userId is required'],
    ['GET', '/api/booking/:id/requests', 'owner', undefined, 'id is required'],
  ];
  it.each(paths)(
    '%s %s (%s) reads "<param> is required"',
    async (method, path, who, payload, message) => {
      const field = path.includes(':id') ? 'id' : 'userId';
      for (const blank of BLANKS) {
        if (blank === '' && path.includes(':id')) continue; // `/api/booking//requests` is no route
        const url = path.includes(':id') ? path.replace(':id', blank) : path + blank;
        const res = await call(t, method, url, who === 'admin' ? admin : owner, payload);
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json(), url).toMatchObject({ message, errors: [{ path: field, message }] });
      }
    },
  );
});

describe('a blank id in a query or a body is left out', () => {
  it.each(BLANKS)('GET /api/messages/thread?bookingId=%s: "bookingId is required"', async (b) => {
    const res = await call(t, 'GET', `/api/messages/thread?bookingId=${b}`, owner);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'bookingId is required',
      errors: [{ path: 'bookingId', message: 'bookingId is required' }],
    });
  });

  it.each([
    ['POST', '/api/messages/', { text: 'Hello' }, 'bookingId'],
    ['POST', '/api/dispute/', { reason: 'Late' }, 'bookingId'],
    ['POST', '/api/booking/:booking/send-request', {}, 'providerId'],
  ])('%s %s: a blank id reads "<field> is required"', async (method, path, payload, field) => {
    const url = path.replace(':booking', bookingId);
    for (const blank of [' ', '\t \n', '\u200B', '\u00A0\uFEFF']) {
      const res = await call(t, method, url, owner, { ...payload, [field]: blank });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: `${field} is required`,
        errors: [{ path: field, message: `${field} is required` }],
      });
    }
  });
});
