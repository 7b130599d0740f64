import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { call } from './booking-fixtures.ts';

/** A package created through the admin API. */
export async function createPackage(
  t: TestApp,
  admin: TestUser,
  body: Record<string, unknown> = {},
): Promise<{ _id: string; name: string; priceCents: number; creditsIncluded: number }> {
  const res = await call(t, 'POST', '/api/packages', admin, {
    name: `Plan ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 2000,
    interval: 'month',
    creditsIncluded: 1500,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A coupon created through the admin API. */
export async function createCoupon(
  t: TestApp,
  admin: TestUser,
  body: Record<string, unknown> = {},
): Promise<{ _id: string; code: string }> {
  const res = await call(t, 'POST', '/api/coupons', admin, {
    code: `C${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
    kind: 'percent',
    value: 25,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export async function balanceOf(t: TestApp, user: TestUser): Promise<number> {
  const res = await call(t, 'GET', `/api/userCredit/user-credits/${user.id}`, user);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return (body.data?.balance ?? body.balance) as number;
}

export async function subscriptionOf(t: TestApp, user: TestUser) {
  const res = await call(t, 'GET', '/api/payments/subscription', user);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json() as {
    isPaid: boolean;
    data: null | { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null };
  };
}

/** Clicks Pay or Cancel on the sandbox page a checkout url leads to, as its HTML form would. */
export async function sandboxClick(t: TestApp, checkoutUrl: string, button: 'pay' | 'cancel') {
  const url = new URL(checkoutUrl);
  return t.call({
    method: 'POST',
    url: `${url.pathname}/${button}`,
    noSecret: true,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: url.searchParams.toString(),
  });
}
