import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createCoupon, createPackage } from '../helpers/billing-fixtures.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';

/*
 * Stripe charges no card less than $0.50 (USD, docs.stripe.com/currencies), so neither gateway is
 * asked to: a booking's card part is nothing or at least 50 cents (else 400 naming the credits that
 * would do), and a coupon leaves a subscription's price at 50 cents rather than under it.
 */

const gateways = [
  ['the sandbox', false],
  ['Stripe', true],
] as const;

describe.each(gateways)('with %s', (_, isStripe) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>> | null = null;
  let owner: Owner;
  let sitter: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    if (isStripe) fake = await startFakeStripe();
    t = await createTestApp(
      fake ? { STRIPE_SECRET_KEY: 'sk_test_pawsy', STRIPE_API_BASE: fake.base } : {},
    );
    owner = await createOwner(t.app);
    sitter = await createProvider(t.app);
    admin = await createUser(t.app, { user_type: 'admin' });
    await grant(t.app, owner.id, 100_000);
  }, 60_000);
  afterAll(async () => {
    await closeApp(t);
    await fake?.close();
  });

  /** A 2-hour Dog walking request to the sitter ($20/h: $40.00) with `credits` applied. */
  const book = (credits: number) =>
    call(t, 'POST', '/api/booking/', owner, {
      ...bookingBody(owner, { provider_id: sitter.id, creditsToApply: credits }),
    });
  const bookings = async () =>
    (await t.app.db.selectFrom('bookings').select('id').where('owner_id', '=', owner.id).execute())
      .length;

  it('refuses a card part under $0.50 and says which credits would do, writing nothing', async () => {
    const before = await bookings();
    for (const credits of [3999, 3951]) {
      const res = await book(credits);
      expect(res.statusCode, res.body).toBe(400);
      const message =
        'The card part must be at least $0.50: apply $39.50 or less in credits, or all $40.00';
      expect(res.json()).toMatchObject({
        message,
        errors: [{ path: 'creditsToApply', message }],
      });
    }
    expect(await bookings()).toBe(before);
  });

  it('takes a card part of exactly $0.50, or none', async () => {
    const fifty = await book(3950);
    expect(fifty.statusCode, fifty.body).toBe(201);
    expect(fifty.json().data.payment).toMatchObject({ cardCents: 50, creditsCents: 3950 });
    const none = await book(4000);
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().data.payment).toMatchObject({ cardCents: 0, creditsCents: 4000 });
  });

  it("caps a coupon so a subscription's price stays at $0.50, in the quote and the checkout", async () => {
    const pkg = await createPackage(t, admin, { priceCents: 900 });
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 99 });
    const body = { packageId: pkg._id, couponCode: coupon.code };
    const quote = await call(t, 'POST', '/api/stripe/quote', owner, body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({
      priceCents: 900,
      discountCents: 850,
      finalCents: 50,
    });
    const res = await call(t, 'POST', '/api/stripe/create-subscription', owner, body);
    expect(res.statusCode, res.body).toBe(200);
    const payment = await t.app.db
      .selectFrom('payments')
      .select(['amount_cents', 'discount_cents'])
      .where('id', '=', res.json().data.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ amount_cents: 50, discount_cents: 850 });
    // A coupon that takes everything still makes it free; one leaving $0.50 or more is untouched.
    const free = await createCoupon(t, admin, { kind: 'percent', value: 100 });
    const half = await createCoupon(t, admin, { kind: 'amount', value: 850 });
    for (const [code, finalCents] of [
      [free.code, 0],
      [half.code, 50],
    ] as const) {
      const answer = await call(t, 'POST', '/api/stripe/quote', owner, {
        packageId: pkg._id,
        couponCode: code,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.finalCents).toBe(finalCents);
    }
  });
});
