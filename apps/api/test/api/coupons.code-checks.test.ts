import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp, createOwner } from '../helpers/booking-fixtures.ts';
import { createCoupon, createPackage } from '../helpers/billing-fixtures.ts';

/*
 * The coupon answers say why a code does not work (not found, not active, expired, used up, not
 * yet valid), which a member paying needs; so every check of a code spends one budget per member
 * (AUTH_RATE_LIMIT_MAX a minute, default 10) shared by the coupon quote, the package quote and
 * checkout, and a member cannot run a dictionary of codes to find unpublished promotions.
 */

const LIMITED = /^Too many coupon codes tried, please try again in \d+ seconds$/;

let t: TestApp;
let admin: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10' });
  admin = await createUser(t.app, { user_type: 'admin' });
  pkg = await createPackage(t, admin, { priceCents: 1900 });
});
afterAll(() => closeApp(t));

const couponQuote = (user: TestUser, code: string) =>
  call(t, 'GET', `/api/coupons/quote?code=${code}&amountCents=1900`, user);
const packageQuote = (user: TestUser, couponCode: string | null) =>
  call(t, 'POST', '/api/stripe/quote', user, { packageId: pkg._id, couponCode });
const subscribe = (user: TestUser, couponCode: string | null) =>
  call(t, 'POST', '/api/stripe/create-subscription', user, { packageId: pkg._id, couponCode });

describe('coupon-code checks per member', () => {
  it('answer 429 past ten a minute, for real codes too; other members keep their own', async () => {
    const real = await createCoupon(t, admin);
    const [guesser, other] = [await createOwner(t.app), await createOwner(t.app)];
    for (let i = 0; i < 10; i++) {
      const res = await couponQuote(guesser, `GUESS${i}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Coupon not found');
    }
    for (const res of [await couponQuote(guesser, real.code), await couponQuote(guesser, 'X')]) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().message).toMatch(LIMITED);
    }
    const fine = await couponQuote(other, real.code);
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('spend one budget across the coupon quote, the package quote and checkout', async () => {
    const expired = await createCoupon(t, admin, { validTo: '2020-01-01T00:00:00.000Z' });
    const member = await createOwner(t.app);
    for (let i = 0; i < 4; i++) expect((await couponQuote(member, `TRY${i}`)).statusCode).toBe(404);
    for (let i = 0; i < 4; i++)
      expect((await packageQuote(member, `TRY${i}`)).statusCode).toBe(404);
    // The purchase path keeps saying why a code does not work, within the budget.
    const refused = await subscribe(member, expired.code);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('Coupon has expired');
    expect((await subscribe(member, 'TRY9')).statusCode).toBe(404);

    for (const res of [
      await couponQuote(member, expired.code),
      await packageQuote(member, expired.code),
      await subscribe(member, expired.code),
    ]) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().message).toMatch(LIMITED);
    }
    // Without a code nothing is checked, so nothing is spent.
    expect((await packageQuote(member, null)).statusCode).toBe(200);
    expect((await subscribe(member, null)).statusCode).toBe(200);
  });
});
