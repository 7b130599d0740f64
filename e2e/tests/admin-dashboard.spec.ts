import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, loginAndWait } from './support';

test('an admin lands on the dashboard: counts, charts with their figures, last update, refresh', async ({
  page,
}) => {
  await loginAndWait(page, ADMIN.email, ADMIN.password, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance.getByText('KYC pending')).toBeVisible();
  await expect(glance.getByText('Disputes open')).toBeVisible();
  await expect(glance.getByText('Revenue (30 days)')).toBeVisible();
  // The demo month of history draws bars (SVG) in the per-day chart.
  const perDay = page.getByRole('region', { name: 'Bookings per day (30 days)' });
  await expect(perDay.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Users by role' })).toBeVisible();

  // Each figure has room to grow inside its card at 1,024 px: "$36.00" today, "$10,786.00" in a
  // real month (six cards a row left it spilling over the card's edge).
  await page.setViewportSize({ width: 1024, height: 800 });
  const spare = await glance.locator('.mantine-Paper-root').evaluateAll((cards) =>
    cards.map((card) => {
      // The figure's own text (its <p> is as wide as the label above it).
      const text = document.createRange();
      text.selectNodeContents(card.querySelector('p:last-of-type')!);
      return card.getBoundingClientRect().right - text.getBoundingClientRect().right;
    }),
  );
  expect(spare).toHaveLength(6);
  for (const room of spare) expect(room).toBeGreaterThan(80);

  const stamp = page.getByText(/^Last updated/).locator('time');
  const first = await stamp.getAttribute('datetime');
  await page.waitForTimeout(20);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(stamp).not.toHaveAttribute('datetime', first!);

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.html) }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);

  // Keyboard: the Refresh button is reachable and works with Enter.
  await page.getByRole('button', { name: 'Refresh' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
