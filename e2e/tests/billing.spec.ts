import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, createVerifiedUserViaApi, loginAndWait, readRuntimeConfig } from './support';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)) }));
}

/** What the API says of the signed-in member: paid or not, and the credit balance. */
async function memberState(page: Page) {
  const { secretKey, apiBase } = await readRuntimeConfig(page);
  const token = await page.evaluate(() => sessionStorage.getItem('authToken') ?? '');
  const headers = { 'secret-key': secretKey, 'x-auth-token': token };
  const sub = await (
    await page.request.get(`${apiBase}/api/payments/subscription`, { headers })
  ).json();
  const profile = await (
    await page.request.get(`${apiBase}/api/user/user-profile`, { headers })
  ).json();
  const credits = await (
    await page.request.get(`${apiBase}/api/userCredit/user-credits/${profile.data._id}`, {
      headers,
    })
  ).json();
  return {
    isPaid: sub.isPaid as boolean,
    balance: (credits.data?.balance ?? credits.balance) as number,
  };
}

async function startSubscription(page: Page, coupon?: string) {
  await page.goto('/packages');
  await page.getByRole('link', { name: 'Subscribe to Monthly Care' }).click();
  await expect(page).toHaveURL(/\/subscribe\?packageId=/);
  await expect(page.getByRole('heading', { name: 'Monthly Care' })).toBeVisible();
  if (coupon) {
    await page.getByRole('textbox', { name: /Coupon code/ }).fill(coupon);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(page.getByTestId('subscribe-discount')).toContainText('−$9.50');
    await expect(page.getByTestId('subscribe-total')).toHaveText('Total today: $9.50');
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment sandbox' })).toBeVisible();
  // Its own styles apply (the page's CSP admits them by hash).
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toHaveCSS(
    'background-color',
    'rgb(178, 58, 18)',
  );
  expect(await seriousViolations(page)).toEqual([]);
}

test('admin creates a coupon; a member subscribes with it through the sandbox and is paid with the credits', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await newPage(browser);
  await loginAndWait(admin, ADMIN.email, ADMIN.password, '/dashboard');
  await admin.goto('/coupons');
  await admin.getByRole('button', { name: 'New coupon' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New coupon' });
  const code = `HALF${Date.now().toString(36).toUpperCase()}`;
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
  await dialog.getByRole('textbox', { name: /Percent off/ }).fill('50');
  await dialog.getByRole('textbox', { name: /Maximum redemptions/ }).fill('5');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(
    admin
      .getByRole('table', { name: 'Coupons, newest first', exact: true })
      .getByRole('row')
      .filter({ hasText: code }),
  ).toContainText('0 / 5');

  const page = await newPage(browser);
  const member = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, member.email, member.password, '/kyc');
  await startSubscription(page, code.toLowerCase());
  await page.getByRole('button', { name: 'Pay $9.50' }).click();

  await expect(page).toHaveURL(/\/payment-success\?paymentId=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('We received $9.50.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toContainText('you are a paid member');
  await expect(page.getByTestId('credits-balance')).toHaveText('$25.00');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await memberState(page)).toEqual({ isPaid: true, balance: 2500 });

  // Cancel at the end of the period from Settings: still paid until then.
  await page.goto('/Settings');
  const section = page.getByRole('region', { name: 'Subscription' });
  await expect(section.getByText('Monthly Care')).toBeVisible();
  await section.getByRole('button', { name: 'Cancel subscription' }).click();
  await section.getByRole('button', { name: 'Yes, cancel at period end' }).click();
  await expect(page.getByText(/Your subscription will end on/).first()).toBeVisible();
  await expect(section.getByTestId('subscription-renewal')).toContainText('it will not renew');
  expect(await memberState(page)).toEqual({ isPaid: true, balance: 2500 });
});

test('cancelling in the sandbox lands on /payment-cancel with nothing charged', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await newPage(browser);
  const member = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, member.email, member.password, '/kyc');
  await startSubscription(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment-cancel\?paymentId=/);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByText('Nothing was charged.', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await memberState(page)).toEqual({ isPaid: false, balance: 0 });
});
