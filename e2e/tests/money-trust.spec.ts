/**
 * Money the hotel can trust, in the browser (issue 20; docs/decisions/025-payments-hardening.md):
 * while the sandbox is the provider every page shows the "test payments" ribbon, in the page's
 * language; and a dish whose price staff change while a guest's cart holds it is never charged at
 * the new price without the guest seeing it and agreeing. Both projects run each test: 1280 and
 * 375 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '@hotel/domain';
import { dishCard, expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { CLIENT_TOKEN, createUserAndLogin } from '../support/users';
import { lookAt } from '../support/shots';
import { expectedOrderTotal } from '../support/orders';

const headers = { 'x-client-token': CLIENT_TOKEN };

const texts = {
  ru: {
    ribbon: 'Тестовые платежи: деньги не списываются',
    pricesChanged: 'Цены изменились, пока вы собирали корзину. Проверьте новые цены и итог и оплатите снова.',
    update: 'Обновить корзину',
    pay: 'Оплатить',
    paid: 'Оплата прошла успешно!',
    details: 'Подробнее',
    awaiting: 'Ожидает оплаты',
    accepted: 'Принят',
  },
  en: {
    ribbon: 'Test payments: no money moves, cards are not charged',
    pricesChanged: 'The prices have changed since you filled the cart. Check the new prices and the total, then pay again.',
    update: 'Update the cart',
    pay: 'Pay',
    paid: 'Payment successful!',
    details: 'Details',
    awaiting: 'Awaiting payment',
    accepted: 'Accepted',
  },
} as const;

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`the sandbox's "test payments" ribbon is on every page, prerendered and rendered alike (${language})`, async ({ page }) => {
    test.setTimeout(60_000);
    // In the HTML the server sends, before any script runs: the provider is its configuration.
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<html data-payments="sandbox"/);
    await createUserAndLogin(page, { language });
    await gotoIn(page, language, '/');
    for (const path of ['/', '/hotel', '/restaurant', '/delivery', '/terms', '/contacts', '/delivery/cart', '/account/orders', '/account/payments']) {
      await page.goto(path);
      const ribbon = page.getByTestId('test-payments-ribbon');
      await expect(ribbon, path).toBeVisible();
      await expect(ribbon, path).toHaveText(t.ribbon);
    }
  });
}

async function signInAsStaff(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login/', { headers, data: SUPERUSER });
  expect(res.status()).toBe(200);
}

async function addCardByRequest(page: Page, number = '4242 4242 4242 4242'): Promise<string> {
  const started = await page.request.post('/api/v1/payments/methods/init/', { headers, data: { return_path: '/delivery/cart' } });
  expect(started.status()).toBe(201);
  const { confirmation_url, payment_method_id } = (await started.json()) as { confirmation_url: string; payment_method_id: string };
  const done = await page.request.post(new URL(confirmation_url).pathname, { form: { decision: 'approve', number, expiry: '12/30', holder: 'ANNA NOVIK' } });
  expect(done.ok()).toBe(true);
  return payment_method_id;
}

const kopecksText = (kopecks: number, language: 'ru' | 'en') =>
  new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { minimumFractionDigits: kopecks % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(kopecks / 100);

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`a dish's price changed in the admin while the cart holds it: the guest sees the change and pays the new total only after agreeing (${language})`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    // A dish of its own per run (the last ones of the menu), so the runs in parallel do not meet;
    // not one with options (they open a dialog) nor one another spec made for itself.
    const menu = ((await (await request.get('/api/v1/delivery/products/', { headers })).json()) as Product[]).filter(
      (product) => product.option_groups.length === 0 && !product.name.en.startsWith('E2E-'),
    );
    const dish = menu[menu.length - 1 - (testInfo.project.name === 'mobile' ? 2 : 0) - (language === 'en' ? 1 : 0)]!;
    const raised = dish.price * 3;
    await signInAsStaff(request);

    try {
      await createUserAndLogin(page, { language });
      expect((await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Home', address: 'ул. Советская, 1' } })).status()).toBe(201);
      await addCardByRequest(page);

      await gotoIn(page, language, '/delivery');
      const card = await dishCard(page, dish.name[language]);
      await card.getByTestId('add-to-cart').click();
      await page.goto('/delivery/cart');
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expect(page.getByTestId('pay-button')).toBeEnabled();

      // Staff raise the price while the guest looks at the cart.
      const changed = await request.put(`/api/v1/admin/menu/products/${dish.id}/`, { headers, data: { price: raised } });
      expect(changed.status(), await changed.text()).toBe(200);

      await page.getByTestId('pay-button').click();
      await expect(page.getByText(t.pricesChanged)).toBeVisible();
      await expect(page.getByTestId('price-changed')).toContainText(kopecksText(raised, language));
      await expect(page.getByTestId('order-total')).toContainText(kopecksText(raised + 139_00, language));
      await expect(page.getByTestId('pay-button')).toBeDisabled();
      await lookAt(page, `price-changed-${language}`, { fullPage: true });

      // The guest agrees to the new prices, then pays the new total.
      await page.getByRole('button', { name: t.update }).click();
      await expect(page.getByTestId('pay-button')).toContainText(kopecksText(raised + 139_00, language));
      const paid = page.getByText(t.paid).waitFor({ timeout: 20_000 });
      await page.getByTestId('pay-button').click();
      await paid;
      await expect(page).toHaveURL(/\/account\/orders$/);
      await expect(page.getByTestId('order-card').first()).toContainText(kopecksText(raised + 139_00, language));
    } finally {
      await request.put(`/api/v1/admin/menu/products/${dish.id}/`, { headers, data: { price: dish.price } });
    }
  });
}

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`"Pay" on an unpaid order with a card that asks for 3-D Secure comes back to /account/orders and shows the order paid (${language})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const [dish] = (await (await request.get('/api/v1/delivery/products/', { headers })).json()) as Product[];
    await createUserAndLogin(page, { language });
    const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Home', address: 'ул. Советская, 1' } });
    expect(address.status()).toBe(201);
    const card = await addCardByRequest(page, '4000 0000 0000 3220');
    // An order left unpaid: placed, never paid.
    const placed = await page.request.post('/api/v1/orders/', {
      headers,
      data: { address_id: ((await address.json()) as { id: number }).id, payment_method_id: card, items: [{ product_id: String(dish!.id), quantity: 1 }], comment: '', expected_total: await expectedOrderTotal(page, [{ product_id: String(dish!.id), quantity: 1 }]) },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await gotoIn(page, language, '/account/orders');
    const order = page.getByTestId('order-card').first();
    await expect(order.getByTestId('order-status')).toHaveText(t.awaiting);
    await order.getByRole('button', { name: t.details }).click();
    const details = page.getByTestId('order-details');
    await expect(details.getByTestId('pay-order-card')).toContainText('3220');
    await details.getByTestId('pay-order-button').click();

    // The bank's confirmation (the sandbox's page), then back where "Pay" was pressed.
    await expect(page.getByTestId('sandbox-card')).toContainText('3220');
    const paid = page.getByText(t.paid).waitFor({ timeout: 20_000 });
    await page.locator('button[value="approve"]').click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await paid;
    await expect(page.getByTestId('order-card').first().getByTestId('order-status')).toHaveText(t.accepted);
    await lookAt(page, `paid-after-3ds-${language}`, { fullPage: true });
  });
}
