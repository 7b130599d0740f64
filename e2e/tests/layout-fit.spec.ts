import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  DEMO,
  apiAccess,
  createVerifiedUserViaApi,
  loginAndWait,
  newOwnerWithDog,
  signIn,
} from './support';

// What fits on a 390 px phone and at desktop width, and where Tab goes: the date pickers carry
// their styles on every screen, nothing overflows or is clipped, nothing hidden takes focus.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Whether the element at the point is `selector`'s element or inside it (nothing covers it). */
async function isOnTop(page: Page, selector: string, x: number, y: number) {
  return page.evaluate(
    ([sel, px, py]) => {
      const target = document.querySelector(sel as string);
      const hit = document.elementFromPoint(px as number, py as number);
      return Boolean(target && hit && (target === hit || target.contains(hit)));
    },
    [selector, x, y] as const,
  );
}

test('the sitter search date picker is styled and fits a phone, as the first screen opened', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  await page.goto('/petSitters');
  await page.getByRole('button', { name: 'Dates' }).click();
  const dropdown = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Next month' }) });
  await expect(dropdown).toBeVisible();
  const box = (await dropdown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Escape');
});

test('tabs keep their own styles after logging in on /login and moving on in the app', async ({
  page,
}) => {
  // /login paints a static screen with its style sheet after it; the app's later sheets must
  // still come after it in the cascade, or a plain button's padding wins over a tab's.
  await page.setViewportSize(DESKTOP);
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  await page.getByRole('link', { name: 'Bookings' }).first().click();
  const tab = page.getByRole('tab', { name: 'Pending' });
  await expect(tab).toBeVisible();
  await expect(tab).not.toHaveCSS('padding-left', '0px');
});

for (const [name, viewport] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`weekly hours show the whole time on ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await loginAndWait(page, DEMO.sitter.email, DEMO.sitter.password, '/user-dashboard');
    await page.goto('/profile');
    const calendar = page.getByRole('region', { name: 'Your calendar' });
    await calendar.getByRole('button', { name: 'Add hours on Monday' }).click();
    for (const label of ['Monday window 1 from', 'Monday window 1 to']) {
      const input = calendar.getByLabel(label);
      await expect(input).toBeVisible();
      // The width the field would take for its whole value, against the width it has.
      const { needed, given } = await input.evaluate((el: HTMLInputElement) => {
        const given = el.getBoundingClientRect().width;
        const root = el.parentElement!.parentElement!;
        const savedRoot = root.style.width;
        root.style.width = 'max-content';
        el.style.width = 'auto';
        const needed = el.getBoundingClientRect().width;
        root.style.width = savedRoot;
        el.style.width = '';
        return { needed, given };
      });
      expect(needed, label).toBeLessThanOrEqual(given);
    }
  });
}

test('the unread badge on the bell is shown whole on a phone', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, me, close } = await newOwnerWithDog(browser);
  const admin = await signIn(browser, ADMIN.email, ADMIN.password, '/dashboard');
  const adminApi = await apiAccess(admin.page);
  const grant = await admin.page.request.post(`${adminApi.apiBase}/api/userCredit/user-credits`, {
    headers: adminApi.headers,
    data: { userId: me.userId, amount: 500, reason: 'Badge check' },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  await admin.close();

  await page.setViewportSize(PHONE);
  await page.goto('/bookings');
  const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
  await expect(bell).toBeVisible();
  const badge = bell.locator('.mantine-Indicator-indicator');
  await expect(badge).toBeVisible();
  const box = (await badge.boundingBox())!;
  // Its top edge and its right edge: covered by nothing, clipped by nothing.
  const selector = 'button[aria-label^="Notifications"] .mantine-Indicator-indicator';
  expect(await isOnTop(page, selector, box.x + box.width / 2, box.y + 1)).toBe(true);
  expect(await isOnTop(page, selector, box.x + box.width - 2, box.y + box.height / 2)).toBe(true);
  await close();
});

test('at desktop width Tab goes from the account menu into the page, not a hidden menu', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  const account = page.getByRole('button', { name: /^Account menu/ });
  await account.focus();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const el = document.activeElement!;
    const r = el.getBoundingClientRect();
    return { inMain: Boolean(el.closest('main')), x: r.x, width: r.width };
  });
  expect(focused.inMain).toBe(true);
  expect(focused.x).toBeGreaterThanOrEqual(0);
});

test("on a phone, Tab from the open navigation's last link stays out of the page under it", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const links = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
  await links.last().focus();
  await page.keyboard.press('Tab');
  // The panel covers <main> and the footer: nothing under it takes the focus.
  const inCovered = await page.evaluate(() =>
    Boolean(document.activeElement?.closest('main, footer')),
  );
  expect(inCovered).toBe(false);
  // Closing the panel gives the page back.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main')).not.toHaveAttribute('inert');
});

test('the sitter map markers stay out of the Tab order', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await loginAndWait(page, DEMO.owner.email, DEMO.owner.password, '/user-dashboard');
  await page.goto('/petSitters');
  const marker = page.locator('path.leaflet-interactive').first();
  await marker.scrollIntoViewIfNeeded();
  await expect(marker).toHaveAttribute('tabindex', '-1');
});

test('a 2,000-letter word someone wrote does not widen the page, on a phone or a desktop', async ({
  page,
}) => {
  // A new sitter's bio stands for every text people write (reviews, chat, notes, names): one
  // rule (first-paint.css) lets such a word break anywhere.
  const sitter = await createVerifiedUserViaApi(page, 'provider');
  await loginAndWait(page, sitter.email, sitter.password, '/kyc');
  const me = await apiAccess(page);
  const saved = await page.request.put(`${me.apiBase}/api/user/update-profile`, {
    headers: me.headers,
    multipart: { bio: 'x'.repeat(2000) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/petSitters/${me.userId}`);
    await expect(page.getByText(/^x{2000}$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
  }
});
