import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';
import { newId } from '../../src/lib/ids.ts';
import { redeemCouponOnce } from '../../src/modules/coupons/index.ts';

/* An admin's create or edit may not leave a coupon that contradicts itself (DESIGN §5). */

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  buyer = await createUser(t.app);
});
afterAll(() => closeApp(t));

const day = 24 * 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function create(body: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/coupons', admin, { kind: 'percent', value: 5, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; code: string };
}
const edit = (id: string, body: Record<string, unknown>) =>
  call(t, 'PUT', `/api/coupons/${id}`, admin, body);
const stored = (id: string) =>
  t.app.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('maxRedemptions on edit', () => {
  it('refuses a maximum below the uses already taken (409 naming the field and the count)', async () => {
    const c = await create({ code: 'FOURUSED', maxRedemptions: 10 });
    for (let i = 0; i < 4; i++)
      await t.app.db
        .transaction()
        .execute((trx) =>
          redeemCouponOnce(trx, { couponId: c._id, userId: buyer.id, paymentId: newId() }),
        );
    const res = await edit(c._id, { maxRedemptions: 1 });
    expect(res.statusCode).toBe(409);
    const message =
      'The maximum number of redemptions cannot be 1: the coupon has already been used 4 times';
    expect(res.json()).toMatchObject({ message, errors: [{ path: 'maxRedemptions', message }] });
    expect(await stored(c._id)).toMatchObject({ max_redemptions: 10, redemptions: 4 });

    // Down to the count, unlimited, and edits of other fields all still work.
    expect((await edit(c._id, { maxRedemptions: 4 })).json().data.maxRedemptions).toBe(4);
    expect((await edit(c._id, { value: 7 })).statusCode).toBe(200);
    expect((await edit(c._id, { maxRedemptions: null })).json().data.maxRedemptions).toBeNull();
  });
});

describe('two admins editing one coupon', () => {
  it("refuses an edit made on a screen another admin's save has overtaken (409), keeping that save", async () => {
    const c = await create({ code: 'TWOADMINS', kind: 'amount', value: 500 });
    const seen = (await stored(c._id)).updated_at;
    // B saves first, from the coupon as both read it.
    const first = await edit(c._id, { value: 600, updatedAt: seen });
    expect(first.statusCode, first.body).toBe(200);
    // A saves from the same, now stale, screen: refused, B's $6.00 kept.
    const second = await edit(c._id, { value: 400, updatedAt: seen });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'This coupon was changed by another admin since you opened it; reload it and make your change again',
    );
    expect((await stored(c._id)).value).toBe(600);
    // Read again, A's edit goes through; without updatedAt the last save wins, as before.
    const again = await edit(c._id, { value: 400, updatedAt: first.json().data.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
    expect((await edit(c._id, { value: 450 })).statusCode).toBe(200);
    expect((await edit(c._id, { value: 1, updatedAt: 'yesterday' })).statusCode).toBe(400);
  });
});

describe('coupon dates', () => {
  it.each(['1', '2001', 'May 1, 2030', '2030-02-30', '2030-13-01'])(
    'refuses validTo %j on create: only real ISO 8601 dates and date-times pass',
    async (validTo) => {
      const res = await call(t, 'POST', '/api/coupons', admin, {
        code: `BADDATE${Math.random().toString(36).slice(2, 7)}`,
        kind: 'percent',
        value: 5,
        validTo,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'validTo', message: 'Must be a date (ISO 8601)' },
      ]);
    },
  );

  it('takes what the web form sends: whole UTC days as date-times', async () => {
    const c = await create({
      code: 'WEBDATES',
      validFrom: '2030-05-01T00:00:00.000Z',
      validTo: '2030-05-31T23:59:59.999Z',
    });
    expect(await stored(c._id)).toMatchObject({
      valid_from: '2030-05-01T00:00:00.000Z',
      valid_to: '2030-05-31T23:59:59.999Z',
    });
    const plain = await create({ code: 'PLAINDAY', validTo: '2030-06-01' });
    expect((await stored(plain._id)).valid_to).toBe('2030-06-01T23:59:59.999Z');
  });

  it('reads a date alone as the whole day: validFrom its start, validTo its end', async () => {
    const c = await create({ code: 'ONEDAY', validFrom: '2030-06-01', validTo: '2030-06-01' });
    expect(await stored(c._id)).toMatchObject({
      valid_from: '2030-06-01T00:00:00.000Z',
      valid_to: '2030-06-01T23:59:59.999Z',
    });
    const moved = await edit(c._id, { validTo: '2030-06-03' });
    expect(moved.json().data).toMatchObject({ validTo: '2030-06-03T23:59:59.999Z' });
    // Date-times keep their own time.
    const timed = await edit(c._id, { validTo: '2030-06-03T12:00' });
    expect(timed.json().data).toMatchObject({ validTo: '2030-06-03T12:00:00.000Z' });

    const today = new Date().toISOString().slice(0, 10);
    await create({ code: 'ENDSTODAY', validFrom: today, validTo: today });
    const quote = await call(t, 'GET', '/api/coupons/quote?code=ENDSTODAY&amountCents=1000', buyer);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ discountCents: 50, finalCents: 950 });
  });

  it('refuses validTo before validFrom on create', async () => {
    const res = await call(t, 'POST', '/api/coupons', admin, {
      code: 'BACKWARDS',
      kind: 'percent',
      value: 5,
      validFrom: at(2 * day),
      validTo: at(day),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'validTo', message: 'validTo must be after validFrom' },
    ]);
  });

  it('judges one end sent alone against the stored other end, naming the field sent', async () => {
    const c = await create({ code: 'WINDOW1', validFrom: at(day), validTo: at(10 * day) });
    const late = await edit(c._id, { validFrom: at(20 * day) });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([
      { path: 'validFrom', message: 'validTo must be after validFrom' },
    ]);
    const early = await edit(c._id, { validTo: at(-day) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { path: 'validTo', message: 'validTo must be after validFrom' },
    ]);
    const bad = await edit(c._id, { validFrom: '1' });
    expect(bad.statusCode).toBe(400);
    const stillThere = await stored(c._id);
    expect(Date.parse(stillThere.valid_to!)).toBeGreaterThan(Date.parse(stillThere.valid_from!));
    expect((await edit(c._id, { validTo: at(30 * day) })).statusCode).toBe(200);
  });
});
