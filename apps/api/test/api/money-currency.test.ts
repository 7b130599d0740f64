import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createCoupon, createPackage } from '../helpers/billing-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createProvider,
  ownerAndSitter,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/* DESIGN §3: money on the wire is integer cents with a currency code next to it. */

let t: TestApp;
let admin: TestUser;
let owner: Owner;
let sitter: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  ({ owner, sitter } = await ownerAndSitter(t.app));
}, 60_000);
afterAll(() => closeApp(t));

async function get(url: string, who: TestUser) {
  const res = await call(t, 'GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('coupons carry the currency they are charged in', () => {
  it('lists an amount coupon with its currency, the one a package checkout is priced in', async () => {
    const amount = await createCoupon(t, admin, { kind: 'amount', value: 500 });
    const list = await get('/api/coupons?page=1', admin);
    const listed = list.data.find((c: { _id: string }) => c._id === amount._id);
    expect(listed).toMatchObject({ kind: 'amount', value: 500, amountOff: 500, currency: 'USD' });

    const pkg = await createPackage(t, admin, { priceCents: 2000 });
    const res = await call(t, 'POST', '/api/stripe/quote', owner, {
      packageId: pkg._id,
      couponCode: amount.code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ discountCents: 500, currency: listed.currency });
  });

  it('quotes discount and final price with the currency', async () => {
    const amount = await createCoupon(t, admin, { kind: 'amount', value: 700 });
    const quote = await get(`/api/coupons/quote?code=${amount.code}&amountCents=2000`, owner);
    expect(quote.data).toEqual({
      couponId: amount._id,
      code: amount.code,
      discountCents: 700,
      finalCents: 1300,
      currency: 'USD',
    });
    const percent = await createCoupon(t, admin, { kind: 'percent', value: 10 });
    const pctQuote = await get(`/api/coupons/quote?code=${percent.code}&amountCents=2000`, owner);
    expect(pctQuote.data).toMatchObject({ discountCents: 200, finalCents: 1800, currency: 'USD' });
  });
});

describe('the admin dashboard names the currency of its sums', () => {
  it('gives revenue in the payments’ currency and credits granted in the credits’', async () => {
    const d = (await get('/api/admin-dashboard', admin)).data;
    expect(d.revenue).toEqual({ last30DaysCents: expect.any(Number), currency: 'USD' });
    const credits = (await get(`/api/userCredit/user-credits/${owner.id}`, owner)).data;
    expect(d.creditsGranted).toEqual({
      last30DaysCents: expect.any(Number),
      currency: credits.currency,
    });
  });
});

describe('booking money carries its currency', () => {
  it('names the currency of a booking’s payment block', async () => {
    const b = await postBooking(t, owner, { provider_id: sitter.id, creditsToApply: 1000 });
    const { booking } = await get(`/api/booking/${b._id}`, owner);
    expect(booking.payment).toMatchObject({ creditsCents: 1000, currency: 'USD' });
  });

  it('gives a member’s bookings their price’s currency, null while unpriced', async () => {
    const euroSitter = await createProvider(t.app, undefined, { currency: 'EUR' });
    const priced = await postBooking(t, owner, { provider_id: euroSitter.id });
    const open = await postBooking(t, owner);
    const detail = (await get(`/api/admin/members/${owner.id}`, admin)).data;
    const byId = new Map(detail.bookings.map((x: { _id: string }) => [x._id, x]));
    expect(byId.get(priced._id)).toMatchObject({ priceCents: 4000, currency: 'EUR' });
    expect(byId.get(open._id)).toMatchObject({ priceCents: null, currency: null });
  });
});

describe('credits carry the currency they are kept in', () => {
  it('names it beside a grant’s balance and entry, and beside the dashboard’s balance', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/userCredit/user-credits',
      token: admin.token,
      payload: { userId: owner.id, amount: 700, reason: 'Welcome' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const grant = res.json().data;
    const ledger = (await get(`/api/userCredit/user-credits/${owner.id}`, owner)).data;
    expect(grant).toMatchObject({ balance: ledger.balance, currency: ledger.currency });
    expect(grant.entry).toMatchObject({ amount: 700 });
    expect(ledger.currency).toMatch(/^[A-Z]{3}$/);

    const dashboard = (await get(`/api/user/dashboard/${owner.id}`, owner)).data;
    expect(dashboard).toMatchObject({ creditsBalance: ledger.balance, currency: ledger.currency });
  });
});
