import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp, createOwner } from '../helpers/booking-fixtures.ts';
import { newId } from '../../src/lib/ids.ts';
import { redeemCouponOnce } from '../../src/modules/coupons/index.ts';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  owner = await createOwner(t.app);
});
afterAll(() => closeApp(t));

const day = 24 * 3600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function create(body: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/coupons', admin, { kind: 'percent', value: 20, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; code: string; redemptions: number };
}
const quote = (code: string, amountCents = 2000) =>
  call(
    t,
    'GET',
    `/api/coupons/quote?code=${encodeURIComponent(code)}&amountCents=${amountCents}`,
    owner,
  );

describe('admin coupon calls', () => {
  it('creates a coupon with every field and lists it first, in the { data, page, pages, total } shape', async () => {
    const created = await create({
      code: 'Spring25',
      kind: 'amount',
      value: 500,
      validFrom: at(-day),
      validTo: at(30 * day),
      maxRedemptions: 3,
    });
    expect(created).toMatchObject({ code: 'Spring25', redemptions: 0 });
    const newer = await create({ code: 'NEWEST1' });
    const list = await call(t, 'GET', '/api/coupons?page=1', admin);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ page: 1, pages: 1 });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.data[0]._id).toBe(newer._id);
    expect(body.data[1]).toMatchObject({
      _id: created._id,
      kind: 'amount',
      value: 500,
      maxRedemptions: 3,
      active: true,
    });
  });

  it('pages by limit when given (20 unless, at most 100), newest first with no gap or repeat', async () => {
    for (let i = 0; i < 3; i++) await create({ code: `PAGED${i}` });
    const all = (await call(t, 'GET', '/api/coupons?page=1&limit=100', admin)).json();
    expect(all.data.length).toBe(Math.min(all.total, 100));
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call(t, 'GET', `/api/coupons?page=${page}&limit=2`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page, pages: Math.ceil(all.total / 2), total: all.total });
      expect(body.data.length).toBeLessThanOrEqual(2);
      pages.push(...body.data.map((c: { _id: string }) => c._id));
    }
    expect(pages).toEqual(all.data.slice(0, 6).map((c: { _id: string }) => c._id));
    const clamped = (await call(t, 'GET', '/api/coupons?page=1&limit=500', admin)).json();
    expect(clamped.pages).toBe(Math.ceil(all.total / 100));
    const bad = await call(t, 'GET', '/api/coupons?page=1&limit=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit must be a whole number from 1/);
  });

  it('refuses a code that differs from an existing one only in case (409)', async () => {
    await create({ code: 'CaseCode' });
    const res = await call(t, 'POST', '/api/coupons', admin, {
      code: 'casecode',
      kind: 'percent',
      value: 5,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A coupon with this code already exists');
    const other = await create({ code: 'OtherCode' });
    const renamed = await call(t, 'PUT', `/api/coupons/${other._id}`, admin, { code: 'CASECODE' });
    expect(renamed.statusCode).toBe(409);
  });

  it('takes percentOff / amountOff and common aliases, and answers both names', async () => {
    const pct = await call(t, 'POST', '/api/coupons', admin, {
      code: 'ALIAS1',
      percentOff: 12,
      expiresAt: at(10 * day),
      usageLimit: 4,
      isActive: true,
    });
    expect(pct.statusCode, pct.body).toBe(201);
    expect(pct.json().data).toMatchObject({
      kind: 'percent',
      value: 12,
      percentOff: 12,
      amountOff: null,
      maxRedemptions: 4,
      active: true,
    });
    const amt = await call(t, 'POST', '/api/coupons', admin, {
      code: 'ALIAS2',
      discountType: 'fixed',
      discountValue: 250,
    });
    expect(amt.json().data).toMatchObject({ kind: 'amount', value: 250, amountOff: 250 });
    const upd = await call(t, 'PUT', `/api/coupons/${amt.json().data._id}`, admin, {
      amountOff: 300,
    });
    expect(upd.json().data).toMatchObject({ kind: 'amount', value: 300 });
  });

  it('refuses discount fields that contradict each other, naming the field (never a silent pick)', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ percentOff: 30, amountOff: 100 }, 'amountOff', 'Send percentOff or amountOff, not both'],
      [{ kind: 'amount', percentOff: 30 }, 'percentOff', "percentOff cannot go with kind 'amount'"],
      [
        { discountType: 'percentage', amountOff: 500 },
        'amountOff',
        "amountOff cannot go with kind 'percent'",
      ],
    ];
    for (const [fields, path, message] of cases) {
      const res = await call(t, 'POST', '/api/coupons', admin, { code: 'CLASH1', ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ path, message }] });
    }
    const created = await create({ code: 'CLASH2', kind: 'percent', value: 10 });
    const edit = await call(t, 'PUT', `/api/coupons/${created._id}`, admin, {
      percentOff: 50,
      amountOff: 100,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Send percentOff or amountOff, not both');
  });

  it('writes each create and edit to the audit log with who, before and after', async () => {
    const c = await create({ code: 'AUDITED1', value: 10 });
    await call(t, 'PUT', `/api/coupons/${c._id}`, admin, { value: 40 });
    const rows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', c._id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.actor_id, r.target_type])).toEqual([
      ['coupon.create', admin.id, 'coupon'],
      ['coupon.update', admin.id, 'coupon'],
    ]);
    expect(JSON.parse(rows[1]!.before!).value).toBe(10);
    expect(JSON.parse(rows[1]!.after!).value).toBe(40);
  });

  it('updates only the fields sent and answers the whole coupon', async () => {
    const c = await create({ code: 'EDITME', maxRedemptions: 5 });
    const res = await call(t, 'PUT', `/api/coupons/${c._id}`, admin, { value: 35, active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: c._id,
      code: 'EDITME',
      value: 35,
      active: false,
      maxRedemptions: 5,
    });
  });

  it('changes nothing, not even updatedAt, for an empty body or the stored values sent again', async () => {
    const c = await create({ code: 'SAMEAGAIN', maxRedemptions: 5 });
    const stored = (await call(t, 'GET', '/api/coupons?page=1&limit=100', admin))
      .json()
      .data.find((x: { _id: string }) => x._id === c._id);
    await new Promise((r) => setTimeout(r, 5));
    for (const body of [{}, { code: 'SAMEAGAIN', maxRedemptions: 5, active: true }]) {
      const res = await call(t, 'PUT', `/api/coupons/${c._id}`, admin, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(stored);
    }
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', c._id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['coupon.create']);
  });

  it.each([
    [{ code: 'AB', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'BAD CODE', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'PCT101', kind: 'percent', value: 101 }, 'value'],
    [{ code: 'ZERO1', kind: 'amount', value: 0 }, 'value must be at least 1'],
    // Past 2^53 a number reads as not whole to zod: it is too large, and says so.
    [{ code: 'BIGAMT', kind: 'amount', value: 2 ** 53 + 2 }, 'value must be at most 1000000'],
    [{ code: 'BIGPCT', kind: 'percent', value: 1e20 }, 'value must be at most 1000000'],
    [{ code: 'HALF1', kind: 'amount', value: 1.5 }, 'value must be a whole number'],
    [{ code: 'KIND1', kind: 'free', value: 10 }, 'kind'],
    [
      { code: 'DATES1', kind: 'percent', value: 10, validFrom: at(day), validTo: at(-day) },
      'validTo',
    ],
    [{ code: 'DATES2', kind: 'percent', value: 10, validTo: 'not a date' }, 'validTo'],
    [{ code: 'MAX0', kind: 'percent', value: 10, maxRedemptions: 0 }, 'maxRedemptions'],
  ])('refuses bad input %j with a 400 naming %s', async (body, field) => {
    const res = await call(t, 'POST', '/api/coupons', admin, body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('refuses an update that leaves a percent coupon above 100, and an unknown id with 404', async () => {
    const c = await create({ code: 'AMT2PCT', kind: 'amount', value: 5000 });
    const res = await call(t, 'PUT', `/api/coupons/${c._id}`, admin, { kind: 'percent' });
    expect(res.statusCode).toBe(400);
    const missing = await call(t, 'PUT', `/api/coupons/${newId()}`, admin, { value: 5 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Coupon not found');
  });
});

describe('coupon rules when applied to a price', () => {
  it('takes a percent off, rounded down to the cent, whatever the case of the code', async () => {
    await create({ code: 'WELCOME15', value: 15 });
    const res = await quote('welcome15', 1999);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      code: 'WELCOME15',
      discountCents: 299,
      finalCents: 1700,
    });
  });

  it('takes an amount off, never more than the price', async () => {
    await create({ code: 'FIVEOFF', kind: 'amount', value: 500 });
    expect((await quote('FIVEOFF', 1200)).json().data).toMatchObject({
      discountCents: 500,
      finalCents: 700,
    });
    expect((await quote('FIVEOFF', 300)).json().data).toMatchObject({
      discountCents: 300,
      finalCents: 0,
    });
  });

  it('unknown → 404, inactive / expired / not yet valid → 400, used up → 409, each with a clear message', async () => {
    await create({ code: 'OFFLINE', active: false });
    await create({ code: 'EXPIRED1', validFrom: at(-10 * day), validTo: at(-day) });
    await create({ code: 'LATER1', validFrom: at(day) });
    const usedUp = await create({ code: 'ONCEONLY', maxRedemptions: 1 });
    await t.app.db
      .transaction()
      .execute((trx) =>
        redeemCouponOnce(trx, { couponId: usedUp._id, userId: owner.id, paymentId: newId() }),
      );
    const cases: [string, number, string][] = [
      ['NOSUCHCODE', 404, 'Coupon not found'],
      ['OFFLINE', 400, 'Coupon is not active'],
      ['EXPIRED1', 400, 'Coupon has expired'],
      ['LATER1', 400, 'Coupon is not valid yet'],
      ['ONCEONLY', 409, 'Coupon has reached its maximum number of redemptions'],
    ];
    for (const [code, status, message] of cases) {
      const res = await quote(code);
      expect([code, res.statusCode, res.json().message]).toEqual([code, status, message]);
    }
  });

  it('a coupon made active again can be used; one past its end date cannot', async () => {
    const c = await create({ code: 'TOGGLE1', active: false });
    expect((await quote('TOGGLE1')).statusCode).toBe(400);
    await call(t, 'PUT', `/api/coupons/${c._id}`, admin, { active: true });
    expect((await quote('TOGGLE1')).statusCode).toBe(200);
    await call(t, 'PUT', `/api/coupons/${c._id}`, admin, { validTo: at(-1000) });
    expect((await quote('TOGGLE1')).json().message).toBe('Coupon has expired');
  });

  it.each([
    ['amountCents=100', 'code is required'],
    ['code=X', 'amountCents: amountCents is required and must be a number of cents'],
    [
      'code=X&amountCents=abc',
      'amountCents: amountCents is required and must be a number of cents',
    ],
    ['code=X&amountCents=1.5', 'amountCents: amountCents must be a whole number of cents'],
    ['code=X&amountCents=-1', 'amountCents: amountCents must be at least 0'],
    ['code=X&amountCents=99999999999999999', 'amountCents: amountCents must be at most 100000000'],
    [`code=${'X'.repeat(101)}&amountCents=100`, 'code: code must be at most 100 characters'],
  ])('needs a code and a whole amount of cents: %s answers 400 %j', async (query, message) => {
    const res = await call(t, 'GET', `/api/coupons/quote?${query}`, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
