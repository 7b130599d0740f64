import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';
import { newId } from '../../src/lib/ids.ts';
import { redeemCouponOnce } from '../../src/modules/coupons/index.ts';

let t: TestApp;
let admin: TestUser;
let buyers: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  buyers = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
});
afterAll(() => closeApp(t));

async function couponWithMax(code: string, maxRedemptions: number) {
  const res = await call(t, 'POST', '/api/coupons', admin, {
    code,
    kind: 'percent',
    value: 10,
    maxRedemptions,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

/** One payment's fulfilment: its own transaction, as billing runs it. */
const redeem = (couponId: string, paymentId: string, userId: string) =>
  t.app.db.transaction().execute((trx) => redeemCouponOnce(trx, { couponId, userId, paymentId }));

async function redemptionsShown(couponId: string) {
  const list = await call(t, 'GET', '/api/coupons?page=1', admin);
  return list.json().data.find((c: { _id: string }) => c._id === couponId).redemptions as number;
}

describe('coupon redemption under concurrency', () => {
  it('50 concurrent redemptions of a coupon with max 10 → exactly 10 succeed', async () => {
    const couponId = await couponWithMax('RUSH10', 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => redeem(couponId, newId(), buyers[i % 5]!.id)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await redemptionsShown(couponId)).toBe(10);
    const quote = await call(
      t,
      'GET',
      '/api/coupons/quote?code=rush10&amountCents=1000',
      buyers[0]!,
    );
    expect(quote.statusCode).toBe(409);
    const rows = await t.app.db
      .selectFrom('coupon_redemptions')
      .select('id')
      .where('coupon_id', '=', couponId)
      .execute();
    expect(rows).toHaveLength(10);
  });

  it('the same payment fulfilled twice, even at once, redeems once', async () => {
    const couponId = await couponWithMax('TWICE5', 5);
    const paymentId = newId();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => redeem(couponId, paymentId, buyers[0]!.id)),
    );
    expect(results.some((r) => r.status === 'fulfilled' && r.value)).toBe(true);
    expect(await redeem(couponId, paymentId, buyers[0]!.id)).toBe(true);
    expect(await redemptionsShown(couponId)).toBe(1);
  });
});
