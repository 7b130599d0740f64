import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expireSandboxCheckouts,
  SANDBOX_CHECKOUT_TTL_MS,
} from '../../src/modules/billing/sandbox.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import {
  createCoupon,
  createPackage,
  sandboxClick,
  subscriptionOf,
} from '../helpers/billing-fixtures.ts';
import { submitSandbox } from '../helpers/checkout.ts';

/**
 * The local sandbox's checkouts expire after 24 h as Stripe Checkout's sessions do: what they held
 * (a coupon's use, an unpaid booking and its credits, an incomplete subscription) is let go.
 */
let t: TestApp;
let admin: TestUser;
let owner: Owner;
let sitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  await grant(t.app, owner.id, 10_000);
}, 60_000);
afterAll(() => closeApp(t));

const balance = async (who: TestUser): Promise<number> =>
  (await call(t, 'GET', `/api/userCredit/user-credits/${who.id}`, who)).json().data.balance;

describe('sandbox checkouts left open', () => {
  it('expire after 24 hours: the booking ends with its credits back, the coupon use and the subscription are let go', async () => {
    const pkg = await createPackage(t, admin, { priceCents: 2000, creditsIncluded: 500 });
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 50, maxRedemptions: 1 });
    const [member, other] = [await createOwner(t.app), await createOwner(t.app)];
    const subscribe = (who: TestUser) =>
      call(t, 'POST', '/api/stripe/create-subscription', who, {
        packageId: pkg._id,
        couponCode: coupon.code,
      });

    const before = await balance(owner);
    const booked = await call(t, 'POST', '/api/booking/', owner, {
      ...bookingBody(owner, { provider_id: sitter.id, creditsToApply: 1000 }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json().data;
    expect(booking.payment.status).toBe('awaiting');
    const subscribed = await subscribe(member);
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect((await subscribe(other)).statusCode).toBe(409);

    // Nothing is expired a minute short of the 24 hours.
    expect(await expireSandboxCheckouts(t.app, Date.now() + SANDBOX_CHECKOUT_TTL_MS - 60_000)).toBe(
      0,
    );
    expect((await subscribe(other)).statusCode).toBe(409);

    expect(await expireSandboxCheckouts(t.app, Date.now() + SANDBOX_CHECKOUT_TTL_MS + 1000)).toBe(
      2,
    );
    const ended = (await call(t, 'GET', `/api/booking/${booking._id}`, owner)).json().booking;
    expect(ended).toMatchObject({ status: 'cancelled', creditsRefunded: 1000 });
    expect(ended.payment).toMatchObject({ status: 'cancelled', checkoutUrl: null });
    expect(await balance(owner)).toBe(before);
    expect((await subscriptionOf(t, member)).isPaid).toBe(false);
    // The held use is free again: another member's checkout with the coupon opens.
    expect((await subscribe(other)).statusCode).toBe(200);
    // Checkouts opened today are left alone.
    expect(await expireSandboxCheckouts(t.app)).toBe(0);
  });

  it('an expired checkout page says so and its Pay button charges nothing', async () => {
    const pkg = await createPackage(t, admin, { priceCents: 1500, creditsIncluded: 300 });
    const member = await createOwner(t.app);
    const opened = await call(t, 'POST', '/api/stripe/create-subscription', member, {
      packageId: pkg._id,
      couponCode: null,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // Backdate the payment past the 24 hours; the page closes it when it is next opened.
    const dayAgo = new Date(Date.now() - SANDBOX_CHECKOUT_TTL_MS - 1000).toISOString();
    await t.app.db
      .updateTable('payments')
      .set({ created_at: dayAgo })
      .where('user_id', '=', member.id)
      .execute();
    const paid = await submitSandbox(t, opened.json().url, 'Pay').catch((err: Error) => err);
    // The page has no Pay form any more: the checkout is closed.
    expect(paid).toBeInstanceOf(Error);
    expect(String(paid)).toContain('This payment is already cancelled');
    // Posting Pay directly, as a stale form would, sends the browser to the cancel page.
    const forced = await sandboxClick(t, opened.json().url, 'pay');
    expect(forced.statusCode).toBe(303);
    expect(forced.headers.location).toContain('/payment-cancel');
    const sub = await subscriptionOf(t, member);
    expect(sub.isPaid).toBe(false);
    expect(await balance(member)).toBe(0);
  });
});
