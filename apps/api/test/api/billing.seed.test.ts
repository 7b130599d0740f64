import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { demoSession, openSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const tokenOf = async (email: string) => (await demoSession(t.app, email)).token;

/** An active package other than the member's current plan (her plan's credits come once a period). */
async function anotherPackageThan(token: string): Promise<string> {
  const mine = await t.call({ method: 'GET', url: '/api/payments/subscription', token });
  const packages = await t.call({ method: 'GET', url: '/api/packages', token });
  const list = (packages.json().data ?? packages.json().packages) as { _id: string }[];
  const other = list.find((p) => p._id !== mine.json().data.packageId);
  if (!other) throw new Error('the demo has one package');
  return other._id;
}

describe('demo paid members', () => {
  it('each paid member has the active subscription and paid payment behind is_paid', async () => {
    const paid = await t.app.db
      .selectFrom('users')
      .select(['id', 'email', 'user_type'])
      .where('is_paid', '=', 1)
      .execute();
    expect(paid.length).toBeGreaterThanOrEqual(2);
    // Owners only: a package's credits pay for bookings, which sitters do not make.
    expect(paid.map((u) => u.user_type)).toEqual(paid.map(() => 'user'));
    let endingSoon = 0;
    for (const user of paid) {
      const token = await openSession(t.app, user);
      const res = await t.call({ method: 'GET', url: '/api/payments/subscription', token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body, user.email).toMatchObject({ isPaid: true, data: { status: 'active' } });
      expect(new Date(body.data.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
      if (body.data.cancelAtPeriodEnd) endingSoon++;
      // The package's credits are in the ledger, as a real checkout leaves them.
      const included = await t.app.db
        .selectFrom('credit_entries')
        .select('amount')
        .where('user_id', '=', user.id)
        .where('reason', 'like', 'Credits included in %')
        .execute();
      expect(
        included.map((e) => Number(e.amount)),
        user.email,
      ).toEqual([1000]);
    }
    expect(endingSoon).toBe(1);
  });

  it('olivia, a paid demo owner, can start a checkout for another package', async () => {
    const token = await tokenOf('olivia@pawsy.test');
    const res = await t.call({
      method: 'POST',
      url: '/api/stripe/create-subscription',
      token,
      // Her plan is the first package; another one is open to her.
      payload: { packageId: await anotherPackageThan(token), couponCode: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toContain('/api/payments/sandbox/');
  });
});
