import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from './support';

test.describe('public pages have no serious or critical accessibility violations', () => {
  for (const route of PUBLIC_PAGES) {
    test(route, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('#root')).not.toBeEmpty();
      // Lazily loaded screens render after the shell: wait for the main landmark's content.
      await expect(page.locator('main').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      const blocking = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => ({
            target: n.target.join(' '),
            html: n.html.slice(0, 160),
            why: n.failureSummary?.split('\n').slice(1).join(' ').slice(0, 200),
          })),
        }));
      expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
    });
  }
});
