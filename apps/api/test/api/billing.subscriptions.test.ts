import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp, createOwner, createProvider } from '../helpers/booking-fixtures.ts';
import { readMails } from '../helpers/mail.ts';
import {
  balanceOf,
  createCoupon,
  createPackage,
  sandboxClick,
  subscriptionOf,
} from '../helpers/billing-fixtures.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';

let t: TestApp;
let admin: TestUser;
let pkg: Awaited<ReturnType<typeof createPackage>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  pkg = await createPackage(t, admin, { priceCents: 2000, creditsIncluded: 1500 });
});
afterAll(() => closeApp(t));

const subscribe = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/stripe/create-subscription', user, body);

describe('subscribing through the local sandbox', () => {
  it("holds a coupon's use from checkout on: a used-up coupon refuses the next checkout, a cancelled one gives its use back", async () => {
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 100, maxRedemptions: 1 });
    const [first, second] = [await createOwner(t.app), await createOwner(t.app)];
    const body = { packageId: pkg._id, couponCode: coupon.code };
    const opened = await subscribe(first, body);
    expect(opened.statusCode, opened.body).toBe(200);
    const refused = await subscribe(second, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Coupon has reached its maximum number of redemptions');
    // The first member leaves the checkout: the use is free again.
    expect((await sandboxClick(t, opened.json().url, 'cancel')).statusCode).toBe(303);
    const reopened = await subscribe(second, body);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await sandboxClick(t, reopened.json().url, 'pay')).statusCode).toBe(303);
    const list = (await call(t, 'GET', '/api/coupons?page=1', admin)).json().data;
    expect(list.find((c: { _id: string }) => c._id === coupon._id).redemptions).toBe(1);
    // A second payment with it cannot be opened any more.
    expect((await subscribe(first, body)).statusCode).toBe(409);
  });

  it("holds one use per member: a member's new checkout with a coupon closes their earlier one", async () => {
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 50, maxRedemptions: 2 });
    const [hoarder, second, third] = [
      await createOwner(t.app),
      await createOwner(t.app),
      await createOwner(t.app),
    ];
    const body = { packageId: pkg._id, couponCode: coupon.code };
    const opened = [];
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(hoarder, body);
      expect(res.statusCode, res.body).toBe(200);
      opened.push(res.json());
    }
    // The hoarder holds one use, so one is left for somebody else, and then none.
    expect((await subscribe(second, body)).statusCode).toBe(200);
    const refused = await subscribe(third, body);
    expect(refused.statusCode).toBe(409);
    // The earlier checkouts are closed: paying one sends the browser back as cancelled.
    const stale = await sandboxClick(t, opened[0].url, 'pay');
    expect(stale.headers.location).toContain('/payment-cancel');
    expect((await subscriptionOf(t, hoarder)).isPaid).toBe(false);
    // The newest one still pays, with its discount.
    const paid = await sandboxClick(t, opened[2].url, 'pay');
    expect(paid.headers.location).toContain('/payment-success');
    expect((await subscriptionOf(t, hoarder)).isPaid).toBe(true);
    const list = (await call(t, 'GET', '/api/coupons?page=1', admin)).json().data;
    expect(list.find((c: { _id: string }) => c._id === coupon._id).redemptions).toBe(2);
  });

  it('serves the sandbox page with a CSP that admits its own inline style and nothing else', async () => {
    const member = await createOwner(t.app);
    const opened = await subscribe(member, { packageId: pkg._id, couponCode: null });
    const url = new URL(opened.json().url);
    const page = await t.call({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      noSecret: true,
    });
    expect(page.statusCode).toBe(200);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(style).toContain('.pay{');
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).not.toContain('<script');
  });

  it('quotes the discounted price before paying', async () => {
    const member = await createOwner(t.app);
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 25 });
    const res = await call(t, 'POST', '/api/stripe/quote', member, {
      packageId: pkg._id,
      couponCode: coupon.code.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { priceCents: 2000, discountCents: 500, finalCents: 1500 },
    });
    const none = await call(t, 'POST', '/api/stripe/quote', member, {
      packageId: pkg._id,
      couponCode: null,
    });
    expect(none.json().data).toMatchObject({
      discountCents: 0,
      finalCents: 2000,
      couponCode: null,
    });
  });

  it('Pay fulfils once: active subscription, is_paid, credits, coupon counted, receipt mailed', async () => {
    const member = await createOwner(t.app);
    const coupon = await createCoupon(t, admin, { kind: 'amount', value: 500, maxRedemptions: 5 });
    const res = await subscribe(member, { packageId: pkg._id, couponCode: coupon.code });
    expect(res.statusCode, res.body).toBe(200);
    // The envelope, with the checkout url also at the top where SPEC §7's client reads it.
    expect(res.json()).toEqual({
      success: true,
      data: {
        url: expect.any(String),
        paymentId: expect.any(String),
        subscriptionId: expect.any(String),
      },
      url: res.json().data.url,
    });
    const { url, paymentId } = res.json().data;
    expect(url).toContain(`/api/payments/sandbox/${paymentId}?`);

    const page = await t.call({
      method: 'GET',
      url: new URL(url).pathname + new URL(url).search,
      noSecret: true,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Pay $15.00');
    expect((await subscriptionOf(t, member)).isPaid).toBe(false);

    // Two confirmations racing and a third later: fulfilled exactly once.
    const [a, b] = await Promise.all([sandboxClick(t, url, 'pay'), sandboxClick(t, url, 'pay')]);
    const c = await sandboxClick(t, url, 'pay');
    for (const r of [a, b, c]) {
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toMatch(new RegExp(`/payment-success\\?paymentId=${paymentId}$`));
    }
    const sub = await subscriptionOf(t, member);
    expect(sub.isPaid).toBe(true);
    expect(sub.data).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(new Date(sub.data!.currentPeriodEnd!).getTime()).toBeGreaterThan(
      Date.now() + 27 * 864e5,
    );
    expect(await balanceOf(t, member)).toBe(1500);
    const paymentRes = (await call(t, 'GET', `/api/payments/${paymentId}`, member)).json();
    expect(paymentRes.success).toBe(true);
    const payment = paymentRes.data;
    expect(payment).toMatchObject({ status: 'paid', amountCents: 1500, discountCents: 500 });
    const list = (await call(t, 'GET', '/api/coupons?page=1', admin)).json().data;
    expect(list.find((x: { _id: string }) => x._id === coupon._id).redemptions).toBe(1);
    const receipts = readMails(t.dataDir, member.email).filter(
      (m) => m.subject === 'Your Pawsy receipt',
    );
    expect(receipts).toHaveLength(1);
    // The same package again while it runs: its credits come once per period.
    const again = await subscribe(member, { packageId: pkg._id, couponCode: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      / runs until \w{3} \d{1,2} \w{3} \d{4}; you can buy it again once it ends$/,
    );
    // The coupon again, on another package: once per member.
    const other = await createPackage(t, admin, { priceCents: 1000, creditsIncluded: 700 });
    const reuse = await subscribe(member, { packageId: other._id, couponCode: coupon.code });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe('You have already used this coupon');
    // Another package while one is active: once paid it replaces the old one at its period end.
    const second = (await subscribe(member, { packageId: other._id, couponCode: null })).json()
      .data;
    await sandboxClick(t, second.url, 'pay');
    const now = await subscriptionOf(t, member);
    expect(now).toMatchObject({ isPaid: true, data: { _id: second.subscriptionId } });
    expect(await balanceOf(t, member)).toBe(2200);
    // Switched away from, the first still runs to its end: buying it back waits for that.
    const back = await subscribe(member, { packageId: pkg._id, couponCode: null });
    expect(back.statusCode).toBe(409);
    const old = await t.app.db
      .selectFrom('subscriptions')
      .select('cancel_at_period_end')
      .where('id', '=', res.json().data.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(old.cancel_at_period_end).toBe(1);
  });

  it('keeps one checkout open per member: a double submit is paid once, and holds one coupon use', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'percent', value: 50, maxRedemptions: 2 });
    const [member, other] = [await createOwner(t.app), await createOwner(t.app)];
    const body = { packageId: pkg._id, couponCode: coupon.code };
    const answers = await Promise.all(Array.from({ length: 8 }, () => subscribe(member, body)));
    for (const answer of answers) {
      expect([200, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409)
        expect(answer.json().message).toBe(
          'You have another checkout open: finish or cancel it, then try again',
        );
    }
    const opened = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data);
    expect(opened.length).toBeGreaterThan(0);
    // The member holds one of the coupon's two uses, whatever the race: one is left for others.
    expect((await subscribe(other, body)).statusCode).toBe(200);
    const landed = [];
    for (const checkout of opened)
      landed.push((await sandboxClick(t, checkout.url, 'pay')).headers.location);
    expect(landed.filter((l) => String(l).includes('/payment-success'))).toHaveLength(1);
    expect(await balanceOf(t, member)).toBe(1500);
  });

  it('grants the credits the checkout sold, though an admin changed the package meanwhile', async () => {
    const own = await createPackage(t, admin, { priceCents: 1900, creditsIncluded: 2500 });
    const member = await createOwner(t.app);
    const opened = (await subscribe(member, { packageId: own._id, couponCode: null })).json().data;
    const edited = await call(t, 'PUT', `/api/packages/${own._id}`, admin, {
      priceCents: 1000,
      creditsIncluded: 100,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await sandboxClick(t, opened.url, 'pay')).headers.location).toContain(
      '/payment-success',
    );
    const payment = (await call(t, 'GET', `/api/payments/${opened.paymentId}`, member)).json();
    expect(payment.data).toMatchObject({ status: 'paid', amountCents: 1900 });
    expect(await balanceOf(t, member)).toBe(2500);
  });

  it('Cancel lands on /payment-cancel with nothing charged or granted', async () => {
    const member = await createOwner(t.app);
    // No body at all: no coupon, the first package on offer.
    const started = await call(t, 'POST', '/api/stripe/create-subscription', member);
    expect(started.statusCode, started.body).toBe(200);
    const { url, paymentId } = started.json().data;
    const res = await sandboxClick(t, url, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/\/payment-cancel\?paymentId=/);
    // Paying after cancelling changes nothing either.
    await sandboxClick(t, url, 'pay');
    expect(await subscriptionOf(t, member)).toMatchObject({ isPaid: false, data: null });
    expect(await balanceOf(t, member)).toBe(0);
    const payment = (await call(t, 'GET', `/api/payments/${paymentId}`, member)).json().data;
    expect(payment.status).toBe('cancelled');
  });

  it('refuses forged or tampered sandbox links', async () => {
    const member = await createOwner(t.app);
    const { url } = (await subscribe(member, { couponCode: null })).json();
    const forged = new URL(url);
    forged.searchParams.set('token', 'x'.repeat(43));
    expect((await sandboxClick(t, forged.toString(), 'pay')).statusCode).toBe(403);
    const redirected = new URL(url);
    redirected.searchParams.set('success', '/elsewhere');
    expect((await sandboxClick(t, redirected.toString(), 'pay')).statusCode).toBe(403);
    expect((await subscriptionOf(t, member)).isPaid).toBe(false);
  });

  it('cancel at period end keeps is_paid until the period is over, then clears it', async () => {
    const member = await createOwner(t.app);
    const { url } = (await subscribe(member, { packageId: pkg._id, couponCode: null })).json();
    await sandboxClick(t, url, 'pay');
    const res = await call(t, 'POST', '/api/payments/subscription/cancel', member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isPaid: true, data: { cancelAtPeriodEnd: true } });
    expect((await call(t, 'POST', '/api/payments/subscription/cancel', member)).statusCode).toBe(
      409,
    );
    // The period ends (time moved on).
    await t.app.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    expect(await subscriptionOf(t, member)).toMatchObject({ isPaid: false, data: null });
    const me = await call(t, 'GET', '/api/user/user-profile', member);
    expect(JSON.stringify(me.json())).toMatch(/"is_paid":false/);
  });

  it('a sandbox subscription lapses at the end of its period (the sandbox never bills again)', async () => {
    const member = await createOwner(t.app);
    const { url } = (await subscribe(member, { packageId: pkg._id, couponCode: null })).json();
    await sandboxClick(t, url, 'pay');
    expect((await subscriptionOf(t, member)).isPaid).toBe(true);
    await t.app.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    expect(await subscriptionOf(t, member)).toMatchObject({ isPaid: false, data: null });
    // Lapsed, the member may subscribe again.
    expect((await subscribe(member, { packageId: pkg._id, couponCode: null })).statusCode).toBe(
      200,
    );
  });

  it('answers bad input with a 4xx and a message', async () => {
    const member = await createOwner(t.app);
    const cases: [Record<string, unknown>, number][] = [
      [{ packageId: 'nope', couponCode: null }, 400],
      [{ packageId: '0'.repeat(24), couponCode: null }, 404],
      [{ packageId: pkg._id, couponCode: 'NO-SUCH-CODE' }, 404],
      [{ packageId: pkg._id, couponCode: 42 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await subscribe(member, body);
      expect([status, res.json().message]).toEqual([status, expect.any(String)]);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const expired = await createCoupon(t, admin, {
      validTo: new Date(Date.now() - 864e5).toISOString(),
      validFrom: new Date(Date.now() - 2 * 864e5).toISOString(),
    });
    const res = await subscribe(member, { packageId: pkg._id, couponCode: expired.code });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

let actors: Actors;
let fixtures: { paymentId: string };
describe('permissions', () => {
  beforeAll(async () => {
    actors = {
      owner: await createOwner(t.app),
      'another owner': await createOwner(t.app),
      provider: await createProvider(t.app),
      'another provider': await createProvider(t.app),
      admin,
    };
    const res = await subscribe(actors.owner, { packageId: pkg._id, couponCode: null });
    fixtures = { paymentId: res.json().data.paymentId };
  });
  runPermissionMatrix('billing routes', () => ({ t, actors, fixtures }), [
    {
      method: 'POST',
      path: '/api/stripe/create-subscription',
      as: 'anonymous',
      expect: 401,
      payload: { couponCode: null },
    },
    {
      method: 'POST',
      path: '/api/stripe/create-subscription',
      as: 'another owner',
      expect: 200,
      payload: { couponCode: null },
    },
    // A package's credits pay for bookings, which only owners make (SPEC §6: a user buys one).
    ...(['provider', 'admin'] as const).flatMap((as) =>
      (['/api/stripe/create-subscription', '/api/stripe/quote'] as const).map((path) => ({
        method: 'POST' as const,
        path,
        as,
        expect: 403,
        payload: { packageId: '0'.repeat(24), couponCode: null },
      })),
    ),
    {
      method: 'POST',
      path: '/api/stripe/quote',
      as: 'anonymous',
      expect: 401,
      payload: { packageId: '0'.repeat(24) },
    },
    { method: 'GET', path: '/api/payments/subscription', as: 'anonymous', expect: 401 },
    { method: 'GET', path: '/api/payments/subscription', as: 'another owner', expect: 200 },
    { method: 'POST', path: '/api/payments/subscription/cancel', as: 'anonymous', expect: 401 },
    {
      method: 'POST',
      path: '/api/payments/subscription/cancel',
      as: 'another owner',
      expect: 404,
      note: 'no subscription',
    },
    { method: 'GET', path: (f) => `/api/payments/${f.paymentId}`, as: 'anonymous', expect: 401 },
    { method: 'GET', path: (f) => `/api/payments/${f.paymentId}`, as: 'owner', expect: 200 },
    {
      method: 'GET',
      path: (f) => `/api/payments/${f.paymentId}`,
      as: 'another owner',
      expect: 404,
    },
    { method: 'GET', path: (f) => `/api/payments/${f.paymentId}`, as: 'provider', expect: 404 },
    { method: 'GET', path: (f) => `/api/payments/${f.paymentId}`, as: 'admin', expect: 200 },
  ]);
});
