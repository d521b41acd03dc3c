import type { Page } from '@playwright/test';

/**
 * Fake timers (`page.clock.install()`) still flow with real time, which drifts under load; this
 * pauses them one second ahead, so the page's time moves only when the test runs it on.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(now + 1000));
}
