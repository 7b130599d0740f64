import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, createVerifiedUserViaApi, DEMO, loginAndWait, readRuntimeConfig } from './support';

// A 1×1 PNG: the API checks an upload's type from its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  // Mantine's FileInput: the labelled control is a button over a hidden file input.
  await page
    .getByRole('form', { name: 'Upload KYC documents' })
    .locator('input[type="file"]')
    .setInputFiles(files);
}

async function profileFlags(page: Page) {
  const { secretKey, apiBase } = await readRuntimeConfig(page);
  const token = await page.evaluate(() => sessionStorage.getItem('authToken') ?? '');
  const res = await page.request.get(`${apiBase}/api/user/user-profile`, {
    headers: { 'secret-key': secretKey, 'x-auth-token': token },
  });
  const { data } = (await res.json()) as { data: { KYC_verified: boolean; is_verified: boolean } };
  return { KYC_verified: data.KYC_verified, is_verified: data.is_verified };
}

test('KYC: submit, rejected with a reason, resubmit, approved; the badge and flags follow', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await newPage(browser);
  const member = await createVerifiedUserViaApi(user, 'user');
  await loginAndWait(user, member.email, member.password, '/kyc');
  await expect(user.getByRole('heading', { name: 'Identity verification' })).toBeVisible();
  await expect(user.getByTestId('kyc-status')).toHaveText('Not submitted');
  await upload(user, [
    { name: 'passport.png', mimeType: 'image/png', buffer: PNG },
    { name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await user.getByLabel(/Note for the reviewer/).fill('Passport and a utility bill');
  await user.getByRole('button', { name: 'Submit documents' }).click();
  await expect(user.getByTestId('kyc-status')).toHaveText('Pending review');

  const admin = await newPage(browser);
  await loginAndWait(admin, ADMIN.email, ADMIN.password, '/dashboard');
  await admin.goto('/kyclisting');
  await admin.getByLabel('Search by name or email').fill(member.email);
  await admin.getByRole('link', { name: `${member.firstName} ${member.lastName}` }).click();
  await expect(admin.getByRole('heading', { name: /^Verification of/ })).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Document: passport.webp' })).toBeVisible();
  await admin.getByRole('button', { name: 'bill.pdf' }).click();
  await expect(admin.locator('iframe[title="Document: bill.pdf"]')).toBeVisible();
  // The PDF is framed from a blob: URL, which the CSP has to allow (frame-src blob:): a blocked
  // frame holds Chromium's error page instead.
  await expect
    .poll(() => admin.frames().some((frame) => frame.url().startsWith('blob:')))
    .toBe(true);
  await expect(admin.getByRole('link', { name: 'Download bill.pdf' })).toBeVisible();
  await admin.getByRole('button', { name: 'Reject', exact: true }).click();
  await admin.getByLabel(/Reason for rejection/).fill('The passport photo is unreadable');
  await admin.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(admin.getByText('KYC rejected successfully')).toBeVisible();

  await user.reload();
  await expect(user.getByTestId('kyc-status')).toHaveText('Rejected');
  await expect(user.getByText('Reason: The passport photo is unreadable')).toBeVisible();
  await upload(user, [{ name: 'passport-2.png', mimeType: 'image/png', buffer: PNG }]);
  await user.getByRole('button', { name: 'Resubmit documents' }).click();
  await expect(user.getByTestId('kyc-status')).toHaveText('Pending review');
  expect(await profileFlags(user)).toEqual({ KYC_verified: false, is_verified: false });

  await admin.getByRole('button', { name: 'Refresh' }).click();
  await expect(admin.getByRole('img', { name: 'Document: passport-2.webp' })).toBeVisible();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('KYC verified successfully')).toBeVisible();

  await user.reload();
  await expect(user.getByTestId('kyc-status')).toHaveText('Verified');
  await expect(user.getByText('You are verified')).toBeVisible();
  expect(await profileFlags(user)).toEqual({ KYC_verified: true, is_verified: true });
  await user.goto('/user-dashboard');
  await expect(user.getByText('Identity verified')).toBeVisible();
});

async function blockingViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)) }));
}

test('the KYC screens have no serious or critical accessibility violations', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await newPage(browser);
  await loginAndWait(user, DEMO.unverifiedOwner.email, DEMO.unverifiedOwner.password, '/kyc');
  await expect(user.getByTestId('kyc-status')).toHaveText('Pending review');
  expect(await blockingViolations(user)).toEqual([]);

  const admin = await newPage(browser);
  await loginAndWait(admin, ADMIN.email, ADMIN.password, '/dashboard');
  await admin.goto('/kyclisting');
  await expect(admin.getByRole('link', { name: 'Priya Shah' })).toBeVisible();
  expect(await blockingViolations(admin)).toEqual([]);
  await admin.getByRole('link', { name: 'Priya Shah' }).click();
  await expect(admin.getByRole('heading', { name: 'Verification of Priya Shah' })).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Document: passport.webp' })).toBeVisible();
  expect(await blockingViolations(admin)).toEqual([]);
  await admin.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(admin.getByLabel(/Reason for rejection/)).toBeFocused();
  // Scan once the modal has faded in: mid-transition text is measured against a half-drawn page.
  await expect(admin.getByRole('dialog')).toHaveCSS('opacity', '1');
  expect(await blockingViolations(admin)).toEqual([]);
});
