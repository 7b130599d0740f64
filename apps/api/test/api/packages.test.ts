import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => closeApp(t));

async function create(body: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/packages', admin, {
    interval: 'month',
    creditsIncluded: 100,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string };
}

describe('packages', () => {
  it('lists only active packages publicly, cheapest first; admins see all', async () => {
    const premium = await create({ name: 'Premium', priceCents: 4900, interval: 'year' });
    const basic = await create({ name: 'Basic', priceCents: 900, description: 'Starter' });
    const retired = await create({ name: 'Retired', priceCents: 500, active: false });

    const pub = await call(t, 'GET', '/api/packages', null);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.map((p: { _id: string }) => p._id)).toEqual([basic._id, premium._id]);
    expect(pub.json().data[0]).toMatchObject({
      name: 'Basic',
      description: 'Starter',
      priceCents: 900,
      currency: 'USD',
      interval: 'month',
      creditsIncluded: 100,
      active: true,
    });
    const all = await call(t, 'GET', '/api/packages/all', admin);
    expect(all.json().data.map((p: { _id: string }) => p._id)).toEqual([
      retired._id,
      basic._id,
      premium._id,
    ]);
  });

  it('an admin withdraws a package and it leaves the public list', async () => {
    const p = await create({ name: 'Seasonal', priceCents: 1200 });
    const res = await call(t, 'PUT', `/api/packages/${p._id}`, admin, {
      active: false,
      creditsIncluded: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Seasonal', active: false, creditsIncluded: 50 });
    const pub = await call(t, 'GET', '/api/packages', null);
    expect(pub.json().data.some((x: { _id: string }) => x._id === p._id)).toBe(false);
    expect((await call(t, 'GET', `/api/packages/${p._id}`, null)).statusCode).toBe(404);
  });

  it.each([
    [{ name: '', priceCents: 900, interval: 'month', creditsIncluded: 1 }, 'name'],
    [{ name: 'X', priceCents: 10, interval: 'month', creditsIncluded: 1 }, 'priceCents'],
    [{ name: 'X', priceCents: 9.5, interval: 'month', creditsIncluded: 1 }, 'priceCents'],
    [{ name: 'X', priceCents: 900, interval: 'week', creditsIncluded: 1 }, 'interval'],
    [{ name: 'X', priceCents: 900, interval: 'month', creditsIncluded: -1 }, 'creditsIncluded'],
    [
      { name: 'X', priceCents: 900, interval: 'month', creditsIncluded: 1, currency: 'dollars' },
      'currency',
    ],
  ])('refuses bad input %j with a 400 naming %s', async (body, field) => {
    const res = await call(t, 'POST', '/api/packages', admin, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it.each([
    [{ name: 'x'.repeat(81) }, 'name: name must be at most 80 characters'],
    [{ priceCents: 10_000_001 }, 'priceCents: priceCents must be at most 10000000'],
    [{ priceCents: 'ten' }, 'priceCents: priceCents must be a number'],
    [{ currency: 'eur' }, 'currency: Pawsy charges every package in USD'],
  ])('names what is wrong with %j', async (fields, message) => {
    const body = { name: 'X', priceCents: 900, interval: 'month', creditsIncluded: 1, ...fields };
    const res = await call(t, 'POST', '/api/packages', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses an edit made on a screen another admin's save has overtaken (409), keeping that save", async () => {
    const pkg = await create({ name: 'Shared plan', priceCents: 900 });
    const seen = (await call(t, 'GET', '/api/packages/all', admin)).json();
    const read = seen.data.find((p: { _id: string }) => p._id === pkg._id).updatedAt;
    const first = await call(t, 'PUT', `/api/packages/${pkg._id}`, admin, {
      priceCents: 1000,
      updatedAt: read,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(t, 'PUT', `/api/packages/${pkg._id}`, admin, {
      priceCents: 800,
      updatedAt: read,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'This package was changed by another admin since you opened it; reload it and make your change again',
    );
    const row = await t.app.db
      .selectFrom('packages')
      .select('price_cents')
      .where('id', '=', pkg._id)
      .executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(1000);
  });

  it('refuses a second package of one name, in any letter case, on create and on rename', async () => {
    await create({ name: 'Twin plan', priceCents: 1100 });
    const again = await call(t, 'POST', '/api/packages', admin, {
      name: '  twin PLAN ',
      priceCents: 1200,
      interval: 'month',
      creditsIncluded: 10,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'A package with this name already exists',
      errors: [{ path: 'name', message: 'A package with this name already exists' }],
    });
    const other = await create({ name: 'Other plan', priceCents: 1300 });
    const rename = await call(t, 'PUT', `/api/packages/${other._id}`, admin, { name: 'TWIN plan' });
    expect(rename.statusCode).toBe(409);
    // Its own name, in another case, is no clash.
    const own = await call(t, 'PUT', `/api/packages/${other._id}`, admin, { name: 'OTHER plan' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('holds at most 100 packages, so the lists always show every one', async () => {
    const have = (await call(t, 'GET', '/api/packages/all', admin)).json().data.length;
    for (let i = have; i < 100; i++) await create({ name: `Plan ${i}`, priceCents: 1000 + i });
    const full = await call(t, 'POST', '/api/packages', admin, {
      name: 'One too many',
      priceCents: 999,
      interval: 'month',
      creditsIncluded: 10,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/at most 100 packages/);
    const all = (await call(t, 'GET', '/api/packages/all', admin)).json().data;
    expect(all).toHaveLength(100);
    expect(all.map((p: { name: string }) => p.name)).not.toContain('One too many');
  });

  it('answers 404 for an unknown package and 400 for a malformed id', async () => {
    expect((await call(t, 'GET', '/api/packages/aaaaaaaaaaaaaaaaaaaaaaaa', null)).statusCode).toBe(
      404,
    );
    expect((await call(t, 'GET', '/api/packages/nope', null)).statusCode).toBe(404);
  });
});
