import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  createVerifiedUserViaApi,
  DEMO,
  latestMailCode,
  loginAndWait,
  loginViaUi,
  readRuntimeConfig,
  uniqueEmail,
} from './support';

const PASSWORD = 'E2e-Signup-Password-1';

async function signUpViaUi(page: Page, role: 'sitter' | 'owner', email: string): Promise<void> {
  await page.goto('/SignUp');
  await page.getByLabel(/first name/i).fill('Casey');
  await page.getByLabel(/last name/i).fill(role === 'sitter' ? 'Sitter' : 'Owner');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/phone/i).fill('+15555550100');
  await page.getByLabel(/^password/i).fill(PASSWORD);
  const confirm = page.getByLabel(/confirm password/i);
  if (await confirm.count()) await confirm.fill(PASSWORD);
  await page.getByRole('radio', { name: new RegExp(role, 'i') }).check();
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: /sign ?up|create account/i }).click();
}

async function enterOtp(page: Page, code: string): Promise<void> {
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  // Works for a single code field and for one box per digit (focus moves on by itself).
  await modal.locator('input').first().click();
  await page.keyboard.type(code);
  await modal.getByRole('button', { name: /verify/i }).click();
}

for (const role of ['sitter', 'owner'] as const) {
  test(`a new ${role} signs up, verifies the emailed code, is signed in on /kyc, and logs in again there`, async ({
    page,
  }) => {
    const email = uniqueEmail(role);
    await signUpViaUi(page, role, email);
    const code = await latestMailCode(email);
    await enterOtp(page, code);
    await expect(page.getByText('OTP verified successfully! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/kyc$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    // The code form is gone with the redirect: the new page's heading has the focus, not <body>.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await loginAndWait(page, email, PASSWORD, '/kyc');
  });
}

test('an admin logs in and lands on /dashboard', async ({ page }) => {
  await loginAndWait(page, ADMIN.email, ADMIN.password, '/dashboard');
});

test('a non-admin who opens an admin screen is sent to /kyc', async ({ page }) => {
  const user = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, user.email, user.password, '/kyc');
  for (const adminPath of ['/kyclisting', '/admin/disputes', '/admin/messages']) {
    await page.goto(adminPath);
    await expect(page).toHaveURL(/\/kyc$/);
  }
});

test('logout ends the session and goes to /login', async ({ page }) => {
  const user = await createVerifiedUserViaApi(page, 'provider');
  await loginAndWait(page, user.email, user.password, '/kyc');
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  // The server revoked the session: the old token no longer works either.
  const { secretKey } = await readRuntimeConfig(page);
  const res = await page.request.get('/api/user/user-profile', {
    headers: { 'secret-key': secretKey, 'x-auth-token': token! },
  });
  expect(res.status()).toBe(401);
});

test('an expired session sends a guarded page to /login', async ({ page }) => {
  const user = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, user.email, user.password, '/kyc');
  await page.evaluate(() =>
    sessionStorage.setItem('authExpiresAt', new Date(Date.now() - 60_000).toISOString()),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
});

test('a KYC-verified demo owner logs in and lands on /user-dashboard', async ({ page }) => {
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
});

test('a wrong password shows the server message in the error modal', async ({ page }) => {
  await loginViaUi(page, DEMO.sitter.email, 'not-the-password');
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('alert')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
});

test('a member closes their account from Settings and can no longer log in', async ({ page }) => {
  const member = await createVerifiedUserViaApi(page, 'user');
  await loginAndWait(page, member.email, member.password, '/kyc');
  await page.goto('/Settings');
  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toContainText('This cannot be undone');
  await dialog.getByLabel(/your password/i).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect');
  await dialog.getByLabel(/your password/i).fill(member.password);
  await dialog.getByRole('button', { name: 'Close account' }).click();
  await expect(page.getByText('Your account is closed. Thank you for using Pawsy.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();

  await loginViaUi(page, member.email, member.password);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
