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
import { startFakeStripe } from '../helpers/fake-stripe.ts';

/**
 * The card part of a booking through Stripe (its servers stood in for): the booking, its charge
 * and its pending payment are written in one transaction, the Checkout Session is asked for after
 * the commit, and a gateway that fails leaves the booking cancelled with every credit back.
 */
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let owner: Owner;
let sitter: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_pawsy', STRIPE_API_BASE: fake.base });
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  await grant(t.app, owner.id, 10_000);
}, 60_000);
afterAll(async () => {
  await closeApp(t);
  await fake.close();
});

const balance = async () =>
  (await call(t, 'GET', `/api/userCredit/user-credits/${owner.id}`, owner)).json().data
    .balance as number;

/** A direct Dog walking request (2 h × $20 = $40) with $15 of credits applied. */
const book = (hours: number) =>
  call(t, 'POST', '/api/booking/', owner, {
    ...bookingBody(owner, { provider_id: sitter.id, creditsToApply: 1500 }),
    startDate: new Date(Date.now() + hours * 3600_000).toISOString(),
    endDate: new Date(Date.now() + (hours + 2) * 3600_000).toISOString(),
  });

const stored = async (bookingId: string) => {
  const db = t.app.db;
  const booking = await db
    .selectFrom('bookings')
    .select(['status', 'credits_refunded'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const charge = await db
    .selectFrom('booking_charges')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('reference_id', '=', bookingId)
    .execute();
  return { booking, charge, payments };
};

describe('a booking paid partly by card through Stripe', () => {
  it('writes the charge and its pending payment together, then stores the Checkout url', async () => {
    const before = await balance();
    const res = await book(30);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data as { _id: string; payment: { checkoutUrl: string | null } };
    expect(b.payment.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const { booking, charge, payments } = await stored(b._id);
    expect(booking.status).toBe('pending');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: 'pending',
      gateway: 'stripe',
      amount_cents: 2500,
      user_id: owner.id,
    });
    expect(payments[0]!.gateway_ref).toMatch(/^cs_test_/);
    expect(charge).toMatchObject({
      state: 'awaiting',
      payment_id: payments[0]!.id,
      card_cents: 2500,
      checkout_url: b.payment.checkoutUrl,
    });
    const session = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form.get('client_reference_id')).toBe(payments[0]!.id);
    expect(await balance()).toBe(before - 1500);
  });

  it('cancels the booking, its payment and gives the credits back when Stripe fails', async () => {
    const before = await balance();
    fake.state.failCheckouts = true;
    try {
      const res = await book(60);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.json().message).toMatch(/payment provider/i);
    } finally {
      fake.state.failCheckouts = false;
    }
    const mine = await t.app.db
      .selectFrom('bookings')
      .select('id')
      .where('owner_id', '=', owner.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { booking, charge, payments } = await stored(mine.id);
    expect(booking).toEqual({ status: 'cancelled', credits_refunded: 1500 });
    expect(charge.state).toBe('cancelled');
    expect(charge.checkout_url).toBeNull();
    expect(payments.map((p) => p.status)).toEqual(['cancelled']);
    expect(await balance()).toBe(before);
  });
});
