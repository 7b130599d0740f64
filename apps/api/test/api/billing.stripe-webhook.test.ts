import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp, createOwner } from '../helpers/booking-fixtures.ts';
import {
  balanceOf,
  createCoupon,
  createPackage,
  subscriptionOf,
} from '../helpers/billing-fixtures.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import { startCheckout } from '../../src/modules/billing/index.ts';

const WEBHOOK_SECRET = 'whsec_test_pawsy_webhook_secret';
const stripe = new Stripe('sk_test_pawsy');

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let admin: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_pawsy',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base,
  });
  admin = await createUser(t.app, { user_type: 'admin' });
  pkg = await createPackage(t, admin, {
    priceCents: 3000,
    creditsIncluded: 2000,
    interval: 'year',
  });
});
afterAll(async () => {
  await closeApp(t);
  await fake.close();
});

let eventSeq = 0;
function event(type: string, object: Record<string, unknown>) {
  eventSeq += 1;
  return JSON.stringify({
    id: `evt_test_${Date.now()}_${eventSeq}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}
const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

/** Posted as Stripe posts it: no secret-key header, the signature over the raw body. */
const deliver = (payload: string, signature?: string) =>
  t.call({
    method: 'POST',
    url: '/api/stripe/webhook',
    noSecret: true,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });

async function subscribeWithStripe(member: TestUser, couponCode: string | null = null) {
  const res = await call(t, 'POST', '/api/stripe/create-subscription', member, {
    packageId: pkg._id,
    couponCode,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; paymentId: string; subscriptionId: string };
}

const completed = (paymentId: string, sessionId: string, subscription: string) =>
  event('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: paymentId,
    payment_status: 'paid',
    mode: 'subscription',
    subscription,
    metadata: { kind: 'subscription' },
  });

describe('Stripe checkout', () => {
  it('opens a Checkout Session in subscription mode with a recurring price and the coupon', async () => {
    const member = await createOwner(t.app);
    const coupon = await createCoupon(t, admin, { kind: 'amount', value: 1000 });
    const { url, paymentId } = await subscribeWithStripe(member, coupon.code);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('client_reference_id')).toBe(paymentId);
    expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe('3000');
    expect(session.form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(session.form.get('success_url')).toMatch(/\/payment-success\?paymentId=/);
    expect(session.form.get('cancel_url')).toMatch(/\/payment-cancel\?paymentId=/);
    const stripeCoupon = fake.calls.filter((c) => c.path === '/v1/coupons').at(-1)!;
    expect(stripeCoupon.form.get('amount_off')).toBe('1000');
    expect(session.form.get('discounts[0][coupon]')).toMatch(/^co_test_/);
  });

  it("expires a member's earlier page before cancelling it; one Stripe will not expire stays payable, alone", async () => {
    const member = await createOwner(t.app);
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 20 });
    const payments = async () =>
      t.app.db
        .selectFrom('payments')
        .select(['id', 'status', 'gateway_ref'])
        .where('user_id', '=', member.id)
        .execute();
    const first = await subscribeWithStripe(member, coupon.code);
    const firstRef = (await payments()).find((p) => p.id === first.paymentId)!.gateway_ref;
    // Stripe refuses to expire the first page (it was paid meanwhile): it stays pending for its
    // webhook instead of being cancelled under a payment Stripe took, and no second page opens
    // beside it (both could be paid).
    fake.state.failExpires = true;
    try {
      const refused = await call(t, 'POST', '/api/stripe/create-subscription', member, {
        packageId: pkg._id,
        couponCode: coupon.code,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'You have another checkout open: finish or cancel it, then try again',
      );
    } finally {
      fake.state.failExpires = false;
    }
    expect(fake.calls.map((c) => c.path)).toContain(`/v1/checkout/sessions/${firstRef}/expire`);
    expect((await payments()).find((p) => p.id === first.paymentId)!.status).toBe('pending');
    expect(await payments()).toHaveLength(1);
    // Once Stripe expires it, the next checkout cancels it and gives its use to the new page.
    const third = await subscribeWithStripe(member, coupon.code);
    const rows = await payments();
    expect(rows.filter((p) => p.status === 'pending').map((p) => p.id)).toEqual([third.paymentId]);
  });
});

describe('Stripe one-time checkout (what bookings charge through)', () => {
  it('opens a Checkout Session in payment mode for the exact amount, without a recurring price', async () => {
    const member = await createOwner(t.app);
    const { url, paymentId } = await startCheckout(t.app, {
      userId: member.id,
      email: member.email,
      kind: 'booking',
      referenceId: '0'.repeat(24),
      amountCents: 1234,
      description: 'Dog walking with Sam',
      successPath: '/booking-details/x?paid=1',
      cancelPath: '/booking-details/x',
    });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form.get('mode')).toBe('payment');
    expect(session.form.get('client_reference_id')).toBe(paymentId);
    expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe('1234');
    expect(session.form.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(session.form.get('success_url')).toMatch(/\/booking-details\/x\?paid=1&paymentId=/);
    await expect(
      startCheckout(t.app, {
        userId: member.id,
        email: member.email,
        kind: 'booking',
        referenceId: '0'.repeat(24),
        amountCents: 0,
        description: 'Nothing',
        successPath: '/',
        cancelPath: '/',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('Stripe webhook', () => {
  it('accepts a signed checkout.session.completed once and fulfils the subscription', async () => {
    const member = await createOwner(t.app);
    const { paymentId } = await subscribeWithStripe(member);
    const sessionId = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const payload = completed(paymentId, `cs_test_${sessionId}`, `sub_${paymentId}`);
    const signature = sign(payload);
    const first = await deliver(payload, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await subscriptionOf(t, member)).toMatchObject({
      isPaid: true,
      data: { status: 'active' },
    });
    expect(await balanceOf(t, member)).toBe(2000);

    // The same event again (Stripe re-sending after a lost 2xx, or a replay within the
    // tolerance): answered 2xx so Stripe stops retrying, marked duplicate, nothing granted twice.
    const replay = await deliver(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // The same session under a new event id: the payment is already fulfilled.
    const again = completed(paymentId, `cs_test_${sessionId}`, `sub_${paymentId}`);
    expect((await deliver(again, sign(again))).statusCode).toBe(200);
    expect(await balanceOf(t, member)).toBe(2000);
  });

  it('rejects tampered, stale, unsigned and wrongly signed events', async () => {
    const member = await createOwner(t.app);
    const { paymentId } = await subscribeWithStripe(member);
    const payload = completed(paymentId, 'cs_test_x', 'sub_x');
    const tampered = payload.replace('"payment_status":"paid"', '"payment_status":"paid" ');
    const rejected = [
      await deliver(tampered, sign(payload)),
      await deliver(payload, sign(payload, Math.floor(Date.now() / 1000) - 301)),
      await deliver(payload),
      await deliver(
        payload,
        stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }),
      ),
    ];
    for (const res of rejected) {
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await subscriptionOf(t, member)).toMatchObject({ isPaid: false, data: null });
    expect(await balanceOf(t, member)).toBe(0);
  });

  it('answers a signed body that is not an event with a 400, not a 500', async () => {
    const notEvents = [
      JSON.stringify({
        id: 'evt_probe_null',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: null },
      }),
      JSON.stringify({ id: 'evt_probe_nodata', object: 'event', type: 'invoice.paid' }),
      '{"id": "evt_probe_cut", "type": ',
    ];
    for (const payload of notEvents) {
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe(
        'Not a Stripe event: an id, a type and data.object are required',
      );
    }
  });

  it('renews on invoice.paid (credits again, period extended) and ends on subscription.deleted', async () => {
    const member = await createOwner(t.app);
    const { paymentId } = await subscribeWithStripe(member);
    const subRef = `sub_renew_${paymentId}`;
    const done = completed(paymentId, 'cs_test_renew', subRef);
    expect((await deliver(done, sign(done))).statusCode).toBe(200);
    const periodEnd = Math.floor(Date.now() / 1000) + 2 * 365 * 86400;
    const renewal = event('invoice.paid', {
      id: `in_${paymentId}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 3000,
      currency: 'usd',
      parent: { subscription_details: { subscription: subRef } },
      lines: { data: [{ period: { end: periodEnd } }] },
    });
    expect((await deliver(renewal, sign(renewal))).statusCode).toBe(200);
    expect(await balanceOf(t, member)).toBe(4000);
    const sub = await subscriptionOf(t, member);
    expect(sub.data!.currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());

    // Cancel at period end goes to Stripe; Stripe's deletion event then clears is_paid.
    const cancel = await call(t, 'POST', '/api/payments/subscription/cancel', member);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ path: `/v1/subscriptions/${subRef}` });
    expect(fake.calls.at(-1)!.form.get('cancel_at_period_end')).toBe('true');
    expect((await subscriptionOf(t, member)).isPaid).toBe(true);
    const deleted = event('customer.subscription.deleted', {
      id: subRef,
      object: 'subscription',
      status: 'canceled',
    });
    expect((await deliver(deleted, sign(deleted))).statusCode).toBe(200);
    expect(await subscriptionOf(t, member)).toMatchObject({ isPaid: false, data: null });
  });

  it('needs no secret-key header but is not a way around the signature', async () => {
    const res = await deliver('{"id":"evt_x","object":"event"}', 't=1,v1=abc');
    expect(res.statusCode).toBe(400);
  });
});
