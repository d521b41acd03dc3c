/**
 * The test object every spec imports: Playwright's, with the base URL of the server that
 * global-setup started, a tab kept from test to test (support/kept-tab.ts), and a failure on any
 * error the page logs.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { keepAfter, newTab, resetTab, type KeptTab } from './support/kept-tab';

export const test = base.extend<{ pageErrors: string[]; tab: KeptTab }, { keptTab: { tab?: KeptTab } }>({
  // Playwright fixtures take their dependencies as a destructured object, here none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
  // The tab the worker's last test left, if it may go on.
  keptTab: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const kept: { tab?: KeptTab } = {};
      await use(kept);
      await kept.tab?.context.close().catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  // The context options a tab was made with decide whether a test may have it (test.use changes
  // some); a new context takes them from the project and the spec, as Playwright's own does.
  tab: async (
    { browser, keptTab, baseURL, viewport, hasTouch, isMobile, javaScriptEnabled, reducedMotion, locale, colorScheme, timezoneId, userAgent, deviceScaleFactor, contextOptions, storageState, extraHTTPHeaders, permissions, geolocation, offline, serviceWorkers },
    use,
    testInfo,
  ) => {
    const key = JSON.stringify({ baseURL, viewport, hasTouch, isMobile, javaScriptEnabled, reducedMotion, locale, colorScheme, timezoneId, userAgent, deviceScaleFactor, contextOptions, storageState, extraHTTPHeaders, permissions, geolocation, offline, serviceWorkers });
    let tab = keptTab.tab;
    keptTab.tab = undefined;
    if (tab && (tab.key !== key || testInfo.retry > 0 || !(await resetTab(tab)))) {
      await tab.context.close().catch(() => undefined);
      tab = undefined;
    }
    if (!tab) {
      tab = await newTab(await browser.newContext(), key, baseURL!);
      awaitHydration(tab.page);
    }
    await use(tab);
    if (keepAfter(tab, testInfo)) keptTab.tab = tab;
    else await tab.context.close().catch(() => undefined);
  },
  context: async ({ tab }, use) => {
    await use(tab.context);
  },
  page: async ({ tab }, use) => {
    await use(tab.page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // A 4xx answer the app handles (401 from auth/me/ when signed out) is logged by the
        // browser itself; it is not an error of the page.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * `page.goto` and `page.reload` return once the app has hydrated (the root layout marks <html>
 * with data-hydrated): prerendered markup is on screen before React owns it, and a click or a
 * scroll in between would be lost or race the hydration. `waitUntil: 'commit'` opts out, for
 * tests that look at the page before any script runs.
 */
function awaitHydration(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit' && !new URL(url, 'http://app').pathname.startsWith('/api/')) await waitForApp(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await waitForApp(page);
    return response;
  };
}

export { expect };

/** Waits until the app in the page has hydrated (or rendered) and run its first effects. */
export async function waitForApp(page: Page) {
  // Awaited as the event it is: the mark's change, seen by a MutationObserver. Polled instead
  // (waitForFunction's default), the wait asked the page for a frame every 16 ms, and the browser
  // drew and composited each one: CPU the run spent on every page load.
  const hydrated = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const root = document.documentElement;
          if (root.dataset.hydrated === 'true') return resolve();
          const observer = new MutationObserver(() => {
            if (root.dataset.hydrated !== 'true') return;
            observer.disconnect();
            resolve();
          });
          observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
        }),
    );
  try {
    await hydrated();
  } catch (error) {
    // The page moved on to another document while we waited (a redirect of the app's own): wait
    // in the new one.
    if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error;
    await page.waitForLoadState('domcontentloaded');
    await hydrated();
  }
}

/** Opens a page with the interface language already chosen, as a returning visitor would have it. */
export async function gotoIn(page: Page, language: 'ru' | 'en', path: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await page.goto(path);
}

/**
 * A dish's card on /delivery, brought on screen as a guest scrolls to it. In one column (a phone)
 * the menu lays a card out only as it comes near the screen (product-grid.module.css), and until
 * then Chromium reports what is inside it as not visible, so Playwright would wait for the card to
 * show instead of scrolling to it. The card's list item is there all along, a card's height tall.
 */
export async function dishCard(page: Page, name: string) {
  const card = page.getByTestId('product-card').filter({ hasText: name }).first();
  await page.getByTestId('product-grid').locator('li').filter({ has: card }).scrollIntoViewIfNeeded();
  return card;
}
