import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { latestMailCode, loginAndWait, readRuntimeConfig, uniqueEmail } from './support';

const PASSWORD = 'E2e-User-Password-1';

/** A verified user with a first name no other test uses, signed in through the UI. */
async function signUpAndSignIn(browser: Browser, kind: 'user' | 'provider', firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const { secretKey, apiBase } = await readRuntimeConfig(page);
  const headers = { 'secret-key': secretKey };
  const email = uniqueEmail(kind);
  const signup = await page.request.post(`${apiBase}/api/auth/signup`, {
    headers,
    data: {
      email,
      password: PASSWORD,
      firstName,
      lastName: kind === 'provider' ? 'Sitter' : 'Owner',
      phone: '+15555550123',
      term: true,
      userType: kind,
      primery_services: kind === 'provider' ? ['pet-sitting'] : [],
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = await latestMailCode(email);
  const verify = await page.request.post(`${apiBase}/api/auth/verify-otp`, {
    headers,
    data: { email, otp },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  await loginAndWait(page, email, PASSWORD, '/kyc');
  return { page, close: () => context.close() };
}

/** Serious or critical WCAG A/AA violations inside `selector`. */
async function axeViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Days of next month, as the date picker labels them and as the URL carries them. */
function nextMonthDay(day: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day));
  return {
    label: date.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    iso: date.toISOString().slice(0, 10),
  };
}

/** Opens a range picker (by its label) and picks first → last in next month. */
async function pickRange(page: Page, label: string, first: number, last: number) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const day = (n: number) => page.getByRole('button', { name: nextMonthDay(n).label, exact: true });
  // The picker opens on the month of its value, if it has one.
  await page.getByRole('button', { name: 'Next month' }).waitFor();
  if (!(await day(first).isVisible()))
    await page.getByRole('button', { name: 'Next month' }).click();
  await day(first).click();
  await day(last).click();
}

test('a sitter blocks a week; an owner searching that week no longer finds them, another week does', async ({
  browser,
}) => {
  // Two sign-ups, two contexts and three searches: ~29 s on a 2-core VM, against the 30 s default.
  test.setTimeout(90_000);
  const name = `Avail${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const sitter = await signUpAndSignIn(browser, 'provider', name);
  const owner = await signUpAndSignIn(browser, 'user', `Owner${name}`);

  // The sitter blocks the 8th to the 14th of next month from their profile.
  await sitter.page.goto('/profile');
  const calendar = sitter.page.getByRole('region', { name: 'Your calendar' });
  await expect(calendar.getByText(/^Free: /)).toBeVisible();
  await pickRange(sitter.page, 'Dates to block', 8, 14);
  await calendar.getByLabel('Note (optional)').fill('Holiday');
  await calendar.getByRole('button', { name: 'Block dates' }).click();
  await expect(sitter.page.getByText('Dates blocked', { exact: true })).toBeVisible();
  const blocked = calendar.getByRole('list', { name: 'Blocked dates' });
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
  await expect(blocked).toContainText('Holiday');
  await calendar.getByRole('button', { name: 'Add hours on Monday' }).click();
  expect(await axeViolations(sitter.page, 'section[aria-labelledby="profile-calendar"]')).toEqual(
    [],
  );

  // The owner finds the sitter by name, then not for the blocked week.
  const { page } = owner;
  await page.goto('/petSitters');
  await page.getByLabel('Sitter name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article', { name: `${name} S.` });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^Free: /)).toBeVisible();

  await pickRange(page, 'Dates', 9, 12);
  await expect(page).toHaveURL(
    new RegExp(`startDate=${nextMonthDay(9).iso}&endDate=${nextMonthDay(12).iso}`),
  );
  await expect(page.getByText('No sitters found')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await axeViolations(page, 'form[role="search"]')).toEqual([]);

  // The search lives in the address: a reload repeats it.
  await page.reload();
  await expect(page.getByText('No sitters found')).toBeVisible();
  await expect(page.getByLabel('Sitter name')).toHaveValue(name);

  // Another week finds them again; this time the picker is driven by the keyboard alone.
  await page.getByRole('button', { name: 'Dates', exact: true }).focus();
  await page.keyboard.press('Enter');
  const focusedLabel = () =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  for (let i = 0; i < 6 && !/^\d+ \w+ \d{4}$/.test((await focusedLabel()) ?? ''); i += 1)
    await page.keyboard.press('Tab');
  expect(await focusedLabel()).toBe(nextMonthDay(9).label);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`startDate=${nextMonthDay(16).iso}&endDate=${nextMonthDay(23).iso}`),
  );
  await expect(page.getByRole('article', { name: `${name} S.` })).toBeVisible();

  await sitter.close();
  await owner.close();
});
