/**
 * Issue 48, points 6–8, at 1280 px and 375 px in both languages: the rate calendar and the payments
 * page never make the page scroll sideways (the document is no wider than the window); on a phone
 * the nights tapped on the rate calendar bring the price form with a bar at the foot of the screen;
 * the staff's extras and menu write money as every other screen does ("25 BYN", never "Br"); a
 * guest's order reads its times on the hotel's clock in a browser set to UTC.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { saveCard } from '../support/cards';
import { withExpectedTotal } from '../support/orders';
import { lookAt } from '../support/shots';
import { CLIENT_TOKEN, createUserAndLogin, login } from '../support/users';

const headers = { 'x-client-token': CLIENT_TOKEN };

const languages = ['ru', 'en'] as const;

const texts = {
  ru: { toForm: 'Задать цену или правило', price: 'Цена за ночь, BYN' },
  en: { toForm: 'Set a price or a rule', price: 'Price per night, BYN' },
} as const;

/** How far the page scrolls sideways: 0 when the document is no wider than the window. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The month after this one, "YYYY-MM": every night of it can take a rule. */
function nextMonth(): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
}

for (const language of languages) {
  test(`issue 48: the rate calendar stays inside the window, and on a phone the nights tapped bring the price form (${language})`, async ({ page }, testInfo) => {
    const mobile = testInfo.project.name === 'mobile';
    const t = texts[language];
    await login(page, SUPERUSER);
    const month = nextMonth();
    await gotoIn(page, language, `/admin/hotel?tab=rates&month=${month}`);
    const calendar = page.getByTestId('rate-calendar');
    await expect(calendar.getByTestId('rate-cell').first()).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await lookAt(page, `staff-rates-${language}`);

    const row = calendar.getByTestId('rates-room').first();
    await row.locator(`[data-testid="rate-cell"][data-date="${month}-10"]`).click();
    await row.locator(`[data-testid="rate-cell"][data-date="${month}-12"]`).click();
    const bar = page.getByTestId('rate-to-form');
    const form = page.getByTestId('rate-form');
    if (mobile) {
      // The form is far below the list of nights; the bar is on screen beside them.
      await expect(form).not.toBeInViewport();
      await expect(bar).toBeInViewport();
      await lookAt(page, `staff-rates-selected-${language}`);
      await bar.getByRole('button', { name: t.toForm }).click();
      await expect(form.getByLabel(t.price)).toBeInViewport();
      await expect(form.getByLabel(t.price)).toBeFocused();
      await lookAt(page, `staff-rates-form-${language}`);
    } else {
      // Beside the grid the form is on screen already: the bar is the phone's.
      await expect(bar).toBeHidden();
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test(`issue 48: the payments page with its per-day totals stays inside the window (${language})`, async ({ page }) => {
    // An order of a few thousand roubles paid today: today's totals then hold four-digit sums,
    // the widest a day's line takes ("1 234,56 BYN").
    await createUserAndLogin(page);
    const card = await saveCard(page);
    const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Дом', address: 'ул. Советская, 1' } });
    const addressId = ((await address.json()) as { id: number }).id;
    const products = (await (await page.request.get('/api/v1/delivery/products/', { headers })).json()) as { id: number; price: number }[];
    const dearest = products.toSorted((a, b) => b.price - a.price).slice(0, 3);
    const placed = await page.request.post('/api/v1/orders/', {
      headers,
      data: await withExpectedTotal(page, { address_id: addressId, payment_method_id: card, items: dearest.map((product) => ({ product_id: String(product.id), quantity: 10 })) }),
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { id: number }).id;
    const paid = await page.request.post('/api/v1/payments/create/', { headers, data: { order_id: orderId, payment_method_id: card } });
    expect(paid.ok(), await paid.text()).toBe(true);
    await page.context().clearCookies();
    await login(page, SUPERUSER);
    await gotoIn(page, language, '/admin/payments');
    await expect(page.getByTestId('payments-totals')).toContainText(/\d[\s,]\d{3}[.,]?\d*\sBYN/);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await lookAt(page, `staff-payments-${language}`);
  });

  test(`issue 48: the extras and the menu of the staff write money as everywhere else, "BYN" (${language})`, async ({ page }) => {
    await login(page, SUPERUSER);
    await gotoIn(page, language, '/admin/hotel?tab=extras');
    const extra = page.getByTestId('admin-extra-card').first();
    await expect(extra).toContainText(/\d\sBYN/);
    await expect(extra).not.toContainText(/\bBr\b/);
    await gotoIn(page, language, '/admin/delivery');
    const dish = page.getByTestId('admin-product-card').first();
    await expect(dish).toContainText(/\d\sBYN/);
    await expect(dish).not.toContainText(/\bBr\b/);
    await lookAt(page, `staff-menu-${language}`);
  });
}

test.describe('in a browser set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  for (const language of languages) {
    test(`issue 48: a guest's order shows the time it was placed on the hotel's clock (Europe/Minsk), not the browser's (${language})`, async ({ page }) => {
      await createUserAndLogin(page);
      const card = await saveCard(page);
      const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Дом', address: 'ул. Советская, 1' } });
      const addressId = ((await address.json()) as { id: number }).id;
      const products = (await (await page.request.get('/api/v1/delivery/products/', { headers })).json()) as { id: number }[];
      const placed = await page.request.post('/api/v1/orders/', {
        headers,
        data: await withExpectedTotal(page, { address_id: addressId, payment_method_id: card, items: [{ product_id: String(products[0]!.id), quantity: 1 }] }),
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const orders = (await (await page.request.get('/api/v1/delivery/orders/', { headers })).json()) as { created_at: string }[];
      const createdAt = orders[0]!.created_at;
      const clock = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(createdAt));

      await gotoIn(page, language, '/account/orders');
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
      await page.getByRole('button', { name: language === 'ru' ? 'Подробнее' : 'Details' }).first().click();
      const details = page.getByTestId('order-details');
      await expect(details).toContainText(`, ${clock('Europe/Minsk')}`);
      await expect(details).not.toContainText(`, ${clock('UTC')}`);
      await lookAt(page, `guest-order-time-${language}`);
    });
  }
});
