/**
 * Promo codes end to end (issue 23, point 4; decision 043): staff create a code on /admin/promo; a
 * guest types it in lower case in the cart, sees the discount in the totals and pays the total
 * after it; the order keeps the code, and the code's uses count it. English at 1280 px, Russian at
 * 375 px; each project has a code of its own.
 */
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { saveCard } from '../support/cards';
import { CLIENT_TOKEN, createUserAndLogin, login } from '../support/users';
import { lookAt } from '../support/shots';

const headers = { 'x-client-token': CLIENT_TOKEN };

const texts = {
  en: { paid: 'Payment successful!', saved: 'Promo code saved', uses: '1 of 50' },
  ru: { paid: 'Оплата прошла успешно!', saved: 'Промокод сохранён', uses: '1 из 50' },
} as const;

test('staff create a promo code; a guest applies it in the cart and pays the total after it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const mobile = testInfo.project.name === 'mobile';
  const language = mobile ? 'ru' : 'en';
  const t = texts[language];
  const shot = (name: string, fullPage = true) => lookAt(page, `promo-${name}`, { fullPage });
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`.slice(0, 32);

  // Staff: 10 % off delivery, at most 50 uses.
  await login(page, SUPERUSER);
  await gotoIn(page, language, '/admin/promo');
  await expect(page.getByTestId('admin-promo')).toBeVisible();
  await page.getByTestId('promo-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('promo-field-code').fill(code.toLowerCase());
  await dialog.getByTestId('promo-field-value').fill('10');
  await dialog.getByTestId('promo-field-scope').selectOption('delivery');
  await dialog.getByTestId('promo-field-max_uses').fill('50');
  await shot('form', false);
  await dialog.getByTestId('promo-save').click();
  await expect(page.getByText(t.saved)).toBeVisible();
  const row = page.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toBeVisible();
  await shot('list');

  // The guest: an address and a card, two dishes in the cart.
  await createUserAndLogin(page, { language });
  const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Home', address: 'ул. Советская, 1' } });
  expect(address.status()).toBe(201);
  await saveCard(page);
  await gotoIn(page, language, '/delivery');
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  await cards.nth(0).getByTestId('add-to-cart').click();
  await cards.nth(1).getByTestId('add-to-cart').click();
  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/delivery\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const before = await page.getByTestId('order-total').textContent();

  // The code in lower case: the server knows it, the totals show the discount.
  await page.getByTestId('promo-input').fill(code.toLowerCase());
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-applied')).toContainText(code);
  await expect(page.getByTestId('promo-discount')).toContainText(code);
  await expect(page.getByTestId('order-total')).not.toHaveText(before ?? '');
  await page.getByTestId('promo-applied').scrollIntoViewIfNeeded();
  await shot('cart', false);

  const paid = page.getByText(t.paid).waitFor({ timeout: 20_000 });
  await page.getByTestId('pay-button').click();
  await paid;
  await expect(page).toHaveURL(/\/account\/orders$/);
  const orders = (await (await page.request.get('/api/v1/delivery/orders/', { headers })).json()) as { promo_code: string | null; promo_discount: number; summary: { items: number } }[];
  expect(orders[0]).toMatchObject({ promo_code: code });
  expect(orders[0]!.promo_discount).toBe(Math.floor(orders[0]!.summary.items / 10));

  // Staff see the use counted.
  await login(page, SUPERUSER);
  await gotoIn(page, language, '/admin/promo');
  await expect(page.getByTestId('promo-row').filter({ hasText: code }).getByTestId('promo-uses')).toContainText(t.uses);
});

const plusDays = (days: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('a guest applies a code for rooms on the payment step, books, and finds the code on the booking', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const mobile = testInfo.project.name === 'mobile';
  const language = mobile ? 'ru' : 'en';
  const shot = (name: string, fullPage = true) => lookAt(page, `promo-${name}`, { fullPage });
  const code = `ROOMS${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`.slice(0, 32);
  await login(page, SUPERUSER);
  const created = await page.request.post('/api/v1/admin/promo/', { headers, data: { code, kind: 'percent', value: 20, scope: 'rooms' } });
  expect(created.status()).toBe(201);

  // Nights of its own for each project (other specs keep to other nights).
  const arrival = plusDays(mobile ? 262 : 256);
  await createUserAndLogin(page, { language });
  await saveCard(page);
  await gotoIn(page, language, `/hotel/rooms?checkIn=${arrival}&checkOut=${plusDays(mobile ? 264 : 258)}&guests=1`);
  const variant = page.getByTestId('variant-card').first();
  await variant.getByRole('button', { name: language === 'ru' ? 'Забронировать' : 'Book' }).click();
  await page.getByRole('button', { name: language === 'ru' ? 'Продолжить' : 'Continue' }).click();
  await expect(page).toHaveURL(/\/hotel\/payment$/);
  const summary = page.getByTestId('booking-summary');
  const before = (await summary.getByTestId('summary-total').textContent())!.trim();
  await page.getByTestId('promo-form').scrollIntoViewIfNeeded();
  await shot('payment-field', false);
  await page.getByTestId('promo-input').fill(code.toLowerCase());
  await page.getByTestId('promo-apply').click();
  await expect(summary.getByTestId('summary-promo')).toContainText(code);
  await expect(summary.getByTestId('summary-total')).not.toHaveText(before);
  const after = (await summary.getByTestId('summary-total').textContent())!.trim();
  await shot('payment');
  await page.getByTestId('book-button').click();

  await expect(page).toHaveURL(/\/account\/reservations$/);
  const reservations = (await (await page.request.get('/api/v1/hotel/reservations/', { headers })).json()) as { id: number; promo_code: string | null; price: number; promo_discount: number }[];
  const booked = reservations.find((reservation) => reservation.promo_code === code)!;
  expect(booked.promo_discount).toBe(Math.floor((booked.price + booked.promo_discount) / 5));
  const card = page.getByTestId('reservation-card').filter({ hasText: after }).first();
  await card.getByRole('button', { name: language === 'ru' ? 'Подробнее' : 'Details' }).click();
  const promoLine = page.getByTestId('reservation-details').getByTestId('details-promo');
  await expect(promoLine).toContainText(code);
  await promoLine.scrollIntoViewIfNeeded();
  await shot('account', false);
});
