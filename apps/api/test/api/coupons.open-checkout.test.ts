import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp, createOwner } from '../helpers/booking-fixtures.ts';
import { createCoupon, createPackage } from '../helpers/billing-fixtures.ts';

/*
 * A member's own open checkout holds a use of its coupon; opening another checkout moves that
 * use to the new one (decisions.md, Coupons). So the use they hold must not make the coupon
 * "used up" for them (checkout and both quotes), while everybody else still meets the cap.
 */

let t: TestApp;
let admin: TestUser;
let starter: Awaited<ReturnType<typeof createPackage>>;
let plus: Awaited<ReturnType<typeof createPackage>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  starter = await createPackage(t, admin, { priceCents: 1900 });
  plus = await createPackage(t, admin, { priceCents: 2900 });
});
afterAll(() => closeApp(t));

const USED_UP = 'Coupon has reached its maximum number of redemptions';
const subscribe = (user: TestUser, packageId: string, couponCode: string) =>
  call(t, 'POST', '/api/stripe/create-subscription', user, { packageId, couponCode });
const couponQuote = (user: TestUser, code: string) =>
  call(t, 'GET', `/api/coupons/quote?code=${code}&amountCents=1900`, user);
const packageQuote = (user: TestUser, packageId: string, couponCode: string) =>
  call(t, 'POST', '/api/stripe/quote', user, { packageId, couponCode });

async function couponState(couponId: string) {
  const coupon = await t.app.db
    .selectFrom('coupons')
    .select('redemptions')
    .where('id', '=', couponId)
    .executeTakeFirstOrThrow();
  return coupon.redemptions;
}
const paymentsOf = (userId: string, couponId: string) =>
  t.app.db
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('coupon_id', '=', couponId)
    .execute();

describe('a member holding the last use of a coupon', () => {
  it('may quote it and reopen checkout with it (same or another package); others may not', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 10, maxRedemptions: 1 });
    const [member, other] = [await createOwner(t.app), await createOwner(t.app)];
    const first = await subscribe(member, starter._id, coupon.code);
    expect(first.statusCode, first.body).toBe(200);

    const quoted = await couponQuote(member, coupon.code);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ discountCents: 190, finalCents: 1710 });
    const pkgQuoted = await packageQuote(member, plus._id, coupon.code);
    expect(pkgQuoted.statusCode, pkgQuoted.body).toBe(200);
    expect(pkgQuoted.json().data).toMatchObject({ discountCents: 290, finalCents: 2610 });

    const second = await subscribe(member, plus._id, coupon.code);
    expect(second.statusCode, second.body).toBe(200);
    const third = await subscribe(member, starter._id, coupon.code);
    expect(third.statusCode, third.body).toBe(200);
    expect(await couponState(coupon._id)).toBe(1);
    const payments = await paymentsOf(member.id, coupon._id);
    expect(payments.filter((p) => p.status === 'pending').map((p) => p.id)).toEqual([
      third.json().data.paymentId,
    ]);

    // Everybody else still meets the cap.
    for (const res of [
      await couponQuote(other, coupon.code),
      await packageQuote(other, starter._id, coupon.code),
      await subscribe(other, starter._id, coupon.code),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USED_UP);
    }
    expect(await paymentsOf(other.id, coupon._id)).toEqual([]);
  });

  it('a used (paid) use still counts against its member', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 10, maxRedemptions: 1 });
    const member = await createOwner(t.app);
    const opened = await subscribe(member, starter._id, coupon.code);
    expect(opened.statusCode, opened.body).toBe(200);
    await t.app.db
      .updateTable('payments')
      .set({ status: 'paid' })
      .where('id', '=', opened.json().data.paymentId)
      .execute();
    expect((await couponQuote(member, coupon.code)).statusCode).toBe(409);
    expect((await subscribe(member, plus._id, coupon.code)).statusCode).toBe(409);
  });

  it('under concurrency: the holder reopens while others race for the use; the cap holds', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 10, maxRedemptions: 1 });
    const member = await createOwner(t.app);
    const others = await Promise.all(Array.from({ length: 6 }, () => createOwner(t.app)));
    expect((await subscribe(member, starter._id, coupon.code)).statusCode).toBe(200);

    const [mine, ...theirs] = await Promise.all([
      subscribe(member, plus._id, coupon.code),
      ...others.map((o) => subscribe(o, starter._id, coupon.code)),
    ]);
    expect(mine!.statusCode, mine!.body).toBe(200);
    expect(theirs.map((r) => r.statusCode)).toEqual(others.map(() => 409));
    expect(await couponState(coupon._id)).toBe(1);

    // The member racing themself: never more than one open checkout, never above the cap.
    const own = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        subscribe(member, i % 2 ? plus._id : starter._id, coupon.code),
      ),
    );
    expect(own.some((r) => r.statusCode === 200)).toBe(true);
    for (const r of own) expect([200, 409]).toContain(r.statusCode);
    expect(await couponState(coupon._id)).toBe(1);
    const pending = (await paymentsOf(member.id, coupon._id)).filter((p) => p.status === 'pending');
    expect(pending).toHaveLength(1);
    const held = await t.app.db
      .selectFrom('coupon_redemptions')
      .select('payment_id')
      .where('coupon_id', '=', coupon._id)
      .execute();
    expect(held.map((h) => h.payment_id)).toEqual([pending[0]!.id]);
  });
});
