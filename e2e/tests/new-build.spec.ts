/**
 * A guest whose page came before a deployment: the next screen's chunk is gone from the server.
 * The page loads again by itself and carries on in the new build; a chunk that stays missing shows
 * a page in the guest's language with a way on, never React Router's screen for developers; a lost
 * connection is said as such, not met with a reload onto the browser's offline page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';

/**
 * The hotel screen's own code, as the build the tests run against named it (Vite's manifest),
 * which the home page has not loaded yet. Only it: the screen's texts are a chunk too, and a text
 * that fails to load is asked for again for some seconds before the page is drawn.
 */
const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const hotelChunk = `/${manifest['src/routes/hotel/index.tsx']!.file}`;
const HOTEL_CHUNKS = (url: URL) => url.pathname === hotelChunk;

async function openHotelFromHome(page: Page) {
  await page.getByRole('link', { name: /^(Все номера и цены|All rooms and prices)$/ }).click();
}

test('a chunk gone with a deployment loads the page again, and the guest lands on the screen they asked for', async ({ page }) => {
  await page.goto('/');
  // Gone for the page the guest has; the reloaded page is of the new build, which has it.
  // (A document loaded again, not the app's own step to /hotel, which changes the address first.)
  let reloaded = false;
  page.on('load', () => {
    reloaded = true;
  });
  await page.route(HOTEL_CHUNKS, (route) => (reloaded ? route.fallback() : route.fulfill({ status: 404, body: 'Not Found' })));
  const load = page.waitForEvent('load');
  await openHotelFromHome(page);
  await load;
  await expect(page).toHaveURL(/\/hotel$/);
  await expect(page.getByTestId('room-list').getByTestId('room-card').first()).toBeVisible();
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});

for (const [language, texts] of [
  ['ru', { title: 'Что-то пошло не так', reload: 'Обновить страницу', home: 'На главную' }],
  ['en', { title: 'Something went wrong', reload: 'Reload the page', home: 'Home page' }],
] as const) {
  test(`a chunk that stays missing after one reload shows a page in the guest's language, with a reload and a way home (${language})`, async ({ page, pageErrors }) => {
    await gotoIn(page, language, '/');
    await page.route(HOTEL_CHUNKS, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    const load = page.waitForEvent('load');
    await openHotelFromHome(page);
    await load;
    const error = page.getByTestId('route-error');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    await expect(error.getByRole('button', { name: texts.reload })).toBeVisible();
    await expect(page.getByText('Hey developer')).toHaveCount(0);
    // The cause is in the console for whoever looks into it, and only that.
    expect(pageErrors).toEqual([expect.stringMatching(/^TypeError: Failed to fetch dynamically imported module/)]);
    pageErrors.length = 0;

    // Once the server has the chunk again, "home" starts the app afresh.
    await page.unroute(HOTEL_CHUNKS);
    await error.getByRole('link', { name: texts.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('a chunk lost with the connection does not reload onto the browser’s offline page: the page says so, and Reload brings the screen', async ({ page, context, pageErrors }) => {
  // A kept tab's cache may hold the hotel's code from an earlier test (fixtures.ts), and offline the
  // browser still takes a file from its cache: the test is about code the browser does not have.
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await gotoIn(page, 'en', '/');
  // The home page fetches its rooms' carousel when the rooms come near the screen: the connection
  // is lost once it is drawn, so the chunk lost is the hotel's, as the test says. (Waiting for the
  // network to be idle raced the carousel, which comes after the rooms' data.)
  await page.locator('#rooms').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('hotel-preview')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await openHotelFromHome(page);
  const error = page.getByTestId('route-error');
  await expect(error).toContainText('Cannot reach the server. Check your connection.');
  // Offline, the screen's styles fail before its code (Vite says so in its own words), and on a
  // phone the header's search form too; React may say it drew the page again after such an error
  // (its error 520). Each logged error is a chunk that could not be fetched.
  expect(pageErrors.length).toBeGreaterThan(0);
  const chunkErrors = /Unable to preload CSS|Failed to fetch dynamically imported module|Minified React error #520/;
  const otherErrors = () => pageErrors.filter((logged) => !chunkErrors.test(logged));
  expect(otherErrors()).toEqual([]);

  await context.setOffline(false);
  await error.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page).toHaveURL(/\/hotel$/);
  await expect(page.getByTestId('room-list').getByTestId('room-card').first()).toBeVisible();
  // A chunk the offline page asked for may be reported after the check above; the page drawn since
  // has every chunk it needs (its rooms are there), and logged nothing else.
  expect(otherErrors()).toEqual([]);
  pageErrors.length = 0;
});
