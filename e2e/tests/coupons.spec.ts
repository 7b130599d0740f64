import { expect, test } from '@playwright/test';
import { ADMIN, DEMO, loginAndWait, expectAccessible } from './support';

test('an admin creates a coupon, sees it first, edits it in place; a duplicate is refused', async ({
  page,
}) => {
  // Create, edit and a refused duplicate, then /packages, with four accessibility scans.
  test.setTimeout(90_000);
  await loginAndWait(page, ADMIN.email, ADMIN.password, '/dashboard');
  await page.goto('/coupons');
  await expect(page.getByRole('rowheader', { name: 'WELCOME20' })).toBeVisible();
  await expectAccessible(page);

  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByRole('textbox', { name: /Code/ }).fill(code);
  await dialog.getByRole('textbox', { name: /Percent off/ }).fill('15');
  await dialog.getByRole('textbox', { name: /Maximum redemptions/ }).fill('3');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Coupon created', { exact: true })).toBeVisible();
  await expect(page.getByRole('rowheader').first()).toHaveText(code);

  await page.getByRole('button', { name: `Edit coupon ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit coupon ${code}` });
  await edit.getByRole('textbox', { name: /Percent off/ }).fill('30');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Coupon updated')).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(row.getByText('30% off')).toBeVisible();
  await expect(page.getByRole('rowheader').first()).toHaveText(code);

  await page.getByRole('button', { name: 'New coupon' }).click();
  await dialog.getByRole('textbox', { name: /Code/ }).fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  // The refusal is said on the Code field, which is marked invalid.
  const codeField = dialog.getByRole('textbox', { name: /Code/ });
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(/A coupon with this code already exists/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Packages are managed on /packages, below the ones on offer.
  await page.goto('/packages');
  const manage = page.getByRole('region', { name: 'Manage packages' });
  await expect(manage.getByRole('rowheader', { name: 'Summer 2025' })).toBeVisible();
  await manage.getByRole('button', { name: 'New package' }).click();
  await expect(page.getByRole('dialog', { name: 'New package' })).toBeVisible();
  await expectAccessible(page);
});

test('a member sees the packages on offer and goes to subscribe to one', async ({ page }) => {
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  await page.goto('/packages');
  const monthly = page.getByRole('article', { name: 'Monthly Care' });
  await expect(monthly.getByText('$19.00 / month')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Summer 2025' })).toHaveCount(0);
  await expectAccessible(page);
  await monthly.getByRole('link', { name: 'Subscribe to Monthly Care' }).click();
  await expect(page).toHaveURL(/\/subscribe\?packageId=[a-f0-9]{24}$/);
});
