/**
 * A guest whose page came before a deployment: the next screen's chunks are gone from the server.
 * The page loads again by itself and carries on in the new build; chunks that stay missing show a
 * page in the guest's language with a way on, never React Router's screen for developers.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';

/** The hotel screen's chunks (its code, its texts, its rules), which the home page has not loaded yet. */
const HOTEL_CHUNKS = /\/assets\/hotel-[\w-]+\.js$/;

async function openHotelFromHome(page: Page) {
  await page.getByRole('link', { name: /^(Все номера и цены|All rooms and prices)$/ }).click();
}

test('chunks gone with a deployment load the page again, and the guest lands on the screen they asked for', async ({ page }) => {
  await page.goto('/');
  // Gone for the page the guest has; the reloaded page is of the new build, which has them.
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
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
  test(`chunks that stay missing after one reload show a page in the guest's language, with a reload and a way home (${language})`, async ({ page, pageErrors }) => {
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

    // Once the server has the chunks again, "home" starts the app afresh.
    await page.unroute(HOTEL_CHUNKS);
    await error.getByRole('link', { name: texts.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}
