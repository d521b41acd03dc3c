/** axe finds no serious or critical violation on any public page, in either language. */
import { expect, gotoIn, test } from '../fixtures';
import { seriousViolations } from '../support/axe';

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
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
