import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, createVerifiedUserViaApi, loginAndWait } from './support';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)) }));
}

test("admin finds a member, toggles a flag, sees it confirmed and in the member's audit log", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const memberPage = await (await browser.newContext()).newPage();
  const member = await createVerifiedUserViaApi(memberPage, 'user');

  const page = await (await browser.newContext()).newPage();
  await loginAndWait(page, ADMIN.email, ADMIN.password, '/dashboard');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await page.getByLabel('Search by name or email').fill(member.email);
  const link = page.getByRole('link', { name: `${member.firstName} ${member.lastName}` });
  await expect(link).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await link.click();

  await expect(page).toHaveURL(/\/dashboard\/member\/[a-f0-9]{24}$/);
  await expect(
    page.getByRole('heading', { name: `${member.firstName} ${member.lastName}` }),
  ).toBeVisible();
  await expect(page.getByText('No admin actions yet.')).toBeVisible();
  const paid = page.getByRole('switch', { name: 'Paid subscription' });
  await expect(paid).not.toBeChecked();
  await paid.click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Member updated' });
  await expect(toast).toBeVisible();
  await expect(paid).toBeChecked();
  // The toast opens below the header: the bell and the account menu stay uncovered.
  const header = (await page.locator('header').first().boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

  const log = page.getByRole('table', { name: /Admin actions concerning this member/ });
  const row = log.getByRole('row').filter({ hasText: 'Flags changed' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid: no');
  await expect(row).toContainText('Paid: yes');
  expect(await seriousViolations(page)).toEqual([]);

  // It survives a reload: the entry comes from the server's audit log, not local state.
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: /Admin actions concerning this member/ })
      .getByRole('row')
      .filter({ hasText: 'Flags changed' }),
  ).toHaveCount(1);
});
