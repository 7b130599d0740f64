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

type Case = [string, string, 'owner' | 'admin', Record<string, unknown>, string];
const cases: Case[] = [
  ['POST', '/api/dispute/', 'owner', { reason: 'x' }, 'bookingId'],
  ['POST', '/api/auth/login', 'owner', {}, 'email'],
  ['POST', '/api/userCredit/user-credits', 'admin', {}, 'userId'],
  ['POST', '/api/booking/', 'owner', {}, 'service'],
  ['PUT', '/api/kyc/verify/:owner', 'admin', {}, 'action'],
  ['POST', '/api/crud/:booking/Review/create', 'owner', {}, 'columns'],
];

describe('a field left out', () => {
  it.each(cases)('%s %s (%s): "<field> is required" on top and in errors', async (...c) => {
    const [method, path, who, payload, field] = c;
    const url = path.replace(':owner', owner.id).replace(':booking', bookingId);
    const res = await call(t, method, url, who === 'admin' ? admin : owner, payload);
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
