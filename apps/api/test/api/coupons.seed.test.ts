import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { demoSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const tokenOf = async (email: string) => (await demoSession(t.app, email)).token;

describe('demo coupons and packages', () => {
  it('offers active packages and has coupons that are valid, expired and used up', async () => {
    const packages = (await t.call({ method: 'GET', url: '/api/packages' })).json();
    expect(packages.data.map((p: { name: string }) => p.name)).toEqual([
      'Starter',
      'Monthly Care',
      'Yearly Care',
    ]);

    const admin = await tokenOf('admin@pawsy.test');
    const list = (await t.call({ method: 'GET', url: '/api/coupons?page=1', token: admin })).json();
    expect(list.total).toBeGreaterThanOrEqual(3);

    const olivia = await tokenOf('olivia@pawsy.test');
    const quote = (code: string) =>
      t.call({
        method: 'GET',
        url: `/api/coupons/quote?code=${code}&amountCents=1900`,
        token: olivia,
      });
    expect((await quote('welcome20')).json().data).toMatchObject({
      discountCents: 380,
      finalCents: 1520,
    });
    expect((await quote('SUMMER25')).json().message).toBe('Coupon has expired');
    expect((await quote('LAUNCH50')).statusCode).toBe(409);
  });
});
