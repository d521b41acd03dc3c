/**
 * A tap made before the app is live does what it says (issue 26, decision 029). The test holds
 * the app's scripts back (route interception), taps what the server-rendered page shows, then lets
 * the scripts through and looks at the result.
 */
import type { Page } from '@playwright/test';
import { dishCard, expect, test, waitForApp } from '../fixtures';

/** Holds every script of the app (not boot.js, which is in the page's head) until `release()`. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('"+" on a dish tapped before the app is live puts the dish in the cart once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/delivery', { waitUntil: 'commit' });
  const plus = page.getByTestId('add-to-cart').first();
  await plus.click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await expect(plus).toHaveAttribute('aria-busy', 'true');
  release();
  await waitForApp(page);
  await expect(page.getByTestId('add-to-cart').first()).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('cartState') ?? '{}') as { items?: unknown[] }).items?.length ?? 0)).toBe(1);
});

test('"+" on a dish with options tapped before the app is live opens its options once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/delivery', { waitUntil: 'commit' });
  const plus = (await dishCard(page, 'Колдуны с мясом')).getByTestId('add-to-cart');
  await plus.click();
  await expect(plus).toHaveAttribute('aria-busy', 'true');
  release();
  await waitForApp(page);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Колдуны с мясом' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /8 штук/ })).toBeChecked();
  // Nothing is in the cart until the guest chooses and adds.
  expect(await page.evaluate(() => localStorage.getItem('cartState'))).toBeNull();
});

test('"Найти номер" tapped before the app is live lands on the results for the dates shown', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/hotel', { waitUntil: 'commit' });
  const form = page.getByTestId('room-search');
  const checkIn = await form.locator('input[name="checkIn"]').inputValue();
  const checkOut = await form.locator('input[name="checkOut"]').inputValue();
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/hotel/rooms\\?checkIn=${checkIn}&checkOut=${checkOut}&guests=1$`));
  release();
  await waitForApp(page);
  // The results for those dates (or, with every room taken by other tests, the screen that says so).
  await expect(page.getByTestId('variant-card').or(page.getByTestId('no-variants')).first()).toBeVisible();
});

test('the burger tapped before the app is live opens the menu once it is', async ({ page, viewport }) => {
  // At 1280 px the header shows its links and no burger: the phone's case is the one to check.
  // Told by the width, not by looking: just after the address commits, the page may not be drawn
  // yet, and a look then skipped the test on phones now and then.
  test.skip((viewport?.width ?? 1280) >= 768, 'the burger shows on phones');
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const burger = page.locator('header [aria-controls="side-menu"]');
  await expect(burger).toBeVisible();
  await burger.click();
  release();
  await waitForApp(page);
  await expect(page.locator('#side-menu')).toBeVisible();
});

test('the language switch tapped before the app is live turns the page English once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/restaurant', { waitUntil: 'commit' });
  // The header's switch, or on a phone the footer's (the header keeps it in the side menu there).
  await page.getByTestId('language-toggle').locator('visible=true').first().click();
  release();
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/[а-яё]/i);
});

test('a category tapped before the app is live shows that category once it is', async ({ page }) => {
  // The categories' list: on a phone it is folded behind a toggle the app opens, so the wide layout.
  await page.setViewportSize({ width: 1280, height: 800 });
  const release = await holdScripts(page);
  await page.goto('/delivery', { waitUntil: 'commit' });
  const soups = page.getByTestId('category-nav').getByRole('link', { name: 'Супы', exact: true });
  await soups.click();
  await expect(soups).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/delivery$/);
  release();
  await waitForApp(page);
  await expect(page).toHaveURL(/\/delivery\?category=\d+$/);
  await expect(soups).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('delivery-catalogue').getByRole('heading', { level: 2, name: 'Супы' })).toBeVisible();
});

test('DEL-19: an anonymous visitor opening the cart is on the sign-in screen at once, told why', async ({ page }) => {
  const response = await page.goto('/delivery/cart');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/delivery\/cart$/);
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  await expect(page.getByTestId('auth-reason')).toHaveText(/Чтобы оформить заказ/);
});

for (const language of ['ru', 'en'] as const) {
  test(`DEL-07 (issue 48, point 12): letters typed into the menu search before the app is live are searched once it is (${language})`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(language === 'en' ? '/delivery?lang=en' : '/delivery', { waitUntil: 'commit' });
    const box = page.getByTestId('menu-search');
    await box.pressSequentially(language === 'en' ? 'kalduny' : 'колдуны');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    release();
    await waitForApp(page);
    await expect(box).toHaveValue(language === 'en' ? 'kalduny' : 'колдуны');
    await expect(page.getByTestId('menu-search-status')).toHaveText(language === 'en' ? /^Dishes found: \d+/ : /^Найдено блюд: \d+/);
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    for (const name of await cards.getByRole('heading').allTextContents()) expect(name.toLowerCase()).toContain(language === 'en' ? 'kalduny' : 'колдуны');
    await page.screenshot({ path: test.info().outputPath(`menu-search-early-${language}-${test.info().project.name}.png`) });
  });
}

test('issue 47: what a guest types into the table form before the app is live is still there once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/restaurant/book', { waitUntil: 'commit' });
  const form = page.getByTestId('table-booking-form');
  await form.getByLabel('Имя').pressSequentially('Анна Ковалёва');
  await form.getByLabel('Телефон').pressSequentially('+375291234567');
  await form.getByLabel('Пожелания').pressSequentially('У окна');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  release();
  await waitForApp(page);
  await expect(form.getByLabel('Имя')).toHaveValue('Анна Ковалёва');
  await expect(form.getByLabel('Телефон')).toHaveValue('+375291234567');
  await expect(form.getByLabel('Пожелания')).toHaveValue('У окна');
  // The form's library has them too, not only the boxes: a letter more is added to what was typed.
  await form.getByLabel('Имя').press('End');
  await form.getByLabel('Имя').pressSequentially('!');
  await expect(form.getByLabel('Имя')).toHaveValue('Анна Ковалёва!');
});
