/** axe finds no serious or critical violation on any public page, in either language. */
import AxeBuilder from '@axe-core/playwright';
import { expect, gotoIn, test } from '../fixtures';

const PATHS = ['/', '/restaurant', '/cafe', '/banquet', '/events', '/terms', '/contacts', '/delivery'];

for (const path of PATHS) {
  for (const language of ['ru', 'en'] as const) {
    test(`axe: ${path} in ${language} has no serious or critical violations`, async ({ page }) => {
      await gotoIn(page, language, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).not.toHaveClass(/lang-pending/);
      // Bring lazy parts (map, carousels) into the page before checking.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, 0));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(' | ')}`);
      expect(serious).toEqual([]);
    });
  }
}
