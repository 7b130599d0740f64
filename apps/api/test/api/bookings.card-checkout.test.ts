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
  walkDates,
} from '../helpers/booking-fixtures.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';

/**
 * The card part of a booking through Stripe (its servers stood in for): the Checkout Session is
 * asked for first, then the booking, its charge (with the page's url) and its pending payment are
 * written in one transaction. A gateway that fails leaves nothing written; a transaction that
 * fails after the page was opened expires the page, whose url nobody was given.
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

const balance = async (who: Owner = owner) =>
  (await call(t, 'GET', `/api/userCredit/user-credits/${who.id}`, who)).json().data
    .balance as number;

/** A direct Dog walking request (2 h × $20 = $40) with `credits` applied ($15 by default). */
const book = (hours: number, credits = 1500, who: Owner = owner) =>
  call(t, 'POST', '/api/booking/', who, {
    ...bookingBody(who, { provider_id: sitter.id, creditsToApply: credits }),
    ...walkDates(hours),
  });

/** How many bookings and payments the owner has. */
const written = async (who: Owner = owner) => ({
  bookings: (
    await t.app.db.selectFrom('bookings').select('id').where('owner_id', '=', who.id).execute()
  ).length,
  payments: (
    await t.app.db.selectFrom('payments').select('id').where('user_id', '=', who.id).execute()
  ).length,
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

  it('writes nothing when Stripe fails', async () => {
    const before = { balance: await balance(), ...(await written()) };
    fake.state.failCheckouts = true;
    try {
      const res = await book(60);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/payment provider/i);
    } finally {
      fake.state.failCheckouts = false;
    }
    expect({ balance: await balance(), ...(await written()) }).toEqual(before);
  });

  it('expires the opened page when the booking cannot be written', async () => {
    const poor = await createOwner(t.app);
    await grant(t.app, poor.id, 1000);
    const before = { balance: await balance(poor), ...(await written(poor)) };
    const sessions = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    // Less than the price but more than the owner has: refused inside the booking's transaction.
    const res = await book(90, 2000, poor);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/not enough credits/i);
    // One page was opened for it (Stripe names it by the call's sequence number), then expired.
    const opened = fake.calls.map((c) => c.path).lastIndexOf('/v1/checkout/sessions');
    expect(opened + 1).toBeGreaterThan(sessions);
    expect(fake.calls.map((c) => c.path)).toContain(
      `/v1/checkout/sessions/cs_test_${opened + 1}/expire`,
    );
    expect({ balance: await balance(poor), ...(await written(poor)) }).toEqual(before);
  });

  it('cancelling the booking expires its Checkout Session, so it can no longer be paid', async () => {
    const b = (await book(40)).json().data as { _id: string };
    const before = await stored(b._id);
    const ref = before.payments[0]!.gateway_ref!;
    const cancel = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.calls.map((c) => c.path)).toContain(`/v1/checkout/sessions/${ref}/expire`);
    const { booking, charge, payments } = await stored(b._id);
    expect(booking).toMatchObject({ status: 'cancelled', credits_refunded: 1500 });
    expect(charge).toMatchObject({ state: 'cancelled', card_refunded_cents: 0 });
    expect(payments[0]).toMatchObject({ status: 'cancelled', paid_at: null });
  });

  it('leaves the payment to the webhook when Stripe will not expire the session', async () => {
    const b = (await book(50)).json().data as { _id: string };
    fake.state.failExpires = true;
    try {
      const cancel = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
        status: 'cancelled',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
    } finally {
      fake.state.failExpires = false;
    }
    // Paid on Stripe's page meanwhile: its webhook still finds the payment pending, and a payment
    // completed after its booking was cancelled is refunded in full.
    const { booking, charge, payments } = await stored(b._id);
    expect(booking.status).toBe('cancelled');
    expect(charge.state).toBe('cancelled');
    expect(payments[0]!.status).toBe('pending');
  });
});
