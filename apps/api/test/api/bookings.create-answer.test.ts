import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/**
 * A new booking's answer is made from the rows its request wrote rather than read back: it must
 * be exactly what reading the booking gives, whichever parts it has.
 */
let t: TestApp;
let owner: Owner;
let sitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  await grant(t.app, owner.id, 100_000);
}, 60_000);
afterAll(() => closeApp(t));

async function createdAndRead(extra: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/booking/', owner, bookingBody(owner, extra));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().data as { _id: string };
  const read = await call(t, 'GET', `/api/booking/${created._id}`, owner);
  expect(read.statusCode, read.body).toBe(200);
  return { created, read: read.json().booking as object };
}

describe('the answer to POST /api/booking/', () => {
  it('is the booking as read back: a direct request with a card part', async () => {
    const { created, read } = await createdAndRead({ provider_id: sitter.id, creditsToApply: 500 });
    expect(created).toMatchObject({ payment: { status: 'awaiting', cardCents: 3500 } });
    expect(created).toEqual(read);
  });

  it('is the booking as read back: a direct request paid in credits', async () => {
    const { created, read } = await createdAndRead({
      provider_id: sitter.id,
      creditsToApply: 4000,
    });
    expect(created).toMatchObject({ payment: { status: 'none', creditsCents: 4000 } });
    expect(created).toEqual(read);
  });

  it('is the booking as read back: an open booking without a sitter', async () => {
    const { created, read } = await createdAndRead({});
    expect(created).toMatchObject({ provider: null, status: 'pending' });
    expect(created).toEqual(read);
  });
});
