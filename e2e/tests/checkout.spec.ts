/**
 * Food orders end to end, in both languages, at 1280 and 375 px, against the built-in sandbox
 * gateway and its page: a guest fills the cart, signs in from it, adds an address and a card,
 * pays and finds the order in the account; a declined card is said so and another card pays; the
 * cart follows across two tabs.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';
import { CLIENT_TOKEN, createUser, createUserAndLogin } from '../support/users';

const headers = { 'x-client-token': CLIENT_TOKEN };

const texts = {
  ru: {
    signIn: 'Войти',
    password: 'Пароль',
    addressTitle: 'Название',
    address: 'Адрес',
    saveAddress: 'Сохранить адрес',
    cardAdded: 'Карта добавлена',
    paid: 'Оплата прошла успешно!',
    declined: 'Оплата не удалась. Попробуйте другой способ оплаты.',
    accepted: 'Принят',
    emptyCart: 'Корзина пуста',
  },
  en: {
    signIn: 'Sign in',
    password: 'Password',
    addressTitle: 'Title',
    address: 'Address',
    saveAddress: 'Save address',
    cardAdded: 'Card added',
    paid: 'Payment successful!',
    declined: 'Payment failed. Try another payment method.',
    accepted: 'Accepted',
    emptyCart: 'Your cart is empty',
  },
} as const;

/** Puts the first two dishes of the menu in the cart: the first twice. */
async function fillCart(page: Page) {
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  await cards.nth(0).getByTestId('add-to-cart').click();
  await cards.nth(0).getByTestId('quantity-stepper').getByRole('button').last().click();
  await cards.nth(1).getByTestId('add-to-cart').click();
  await expect(cards.nth(0).getByTestId('quantity')).toHaveText('2');
}

/** Saves a card through the sandbox's page, with page's own cookies (the API and its page). */
async function addCardByRequest(page: Page, number: string): Promise<string> {
  const started = await page.request.post('/api/v1/payments/methods/init/', { headers, data: { return_path: '/delivery/cart' } });
  expect(started.status()).toBe(201);
  const { confirmation_url, payment_method_id } = (await started.json()) as { confirmation_url: string; payment_method_id: string };
  const done = await page.request.post(new URL(confirmation_url).pathname, { form: { decision: 'approve', number, expiry: '12/30', holder: 'ANNA NOVIK' } });
  expect(done.ok()).toBe(true);
  return payment_method_id;
}

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`checkout: fill the cart, sign in from it, add an address and a card on the sandbox page, pay, see the order (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    const user = await createUser(page.context().request, { language, firstName: language === 'ru' ? 'Анна' : 'Anna' });

    // An anonymous guest fills the cart (DEL-12, DEL-13).
    await gotoIn(page, language, '/delivery');
    await fillCart(page);

    // The cart is for signed-in guests: sign in, come back to it with nothing lost (DEL-19).
    // The server sends an anonymous cart to /auth at once, naming the cart to come back to.
    await page.goto('/delivery/cart');
    await expect(page).toHaveURL((url) => url.pathname === '/auth' && url.searchParams.get('from') === '/delivery/cart');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.getByLabel(t.password, { exact: true }).fill(user.password);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/delivery\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('delivery-fee')).toHaveText('139 BYN');
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    // An address added without leaving the cart (DEL-26).
    await page.getByTestId('add-address').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(new RegExp(`^${t.addressTitle}`)).fill(language === 'ru' ? 'Дом' : 'Home');
    await dialog.getByLabel(new RegExp(`^${t.address}`), { exact: false }).first().fill('ул. Советская, 1');
    await dialog.getByRole('button', { name: t.saveAddress }).click();
    await expect(page.getByTestId('address-select')).toHaveValue(/\d+/);

    // A card typed on the sandbox's page, then back in the cart, chosen (DEL-27, ACC-45..47).
    await page.getByTestId('add-card').click();
    await expect(page.getByTestId('sandbox-page')).toBeVisible();
    await page.locator('input[name="number"]').fill('4242 4242 4242 4242');
    await page.locator('input[name="expiry"]').fill('12/30');
    await page.locator('input[name="holder"]').fill('ANNA NOVIK');
    const added = page.getByText(t.cardAdded).waitFor({ timeout: 20_000 });
    await page.locator('button[value="approve"]').click();
    await expect(page).toHaveURL(/\/delivery\/cart$/);
    await added;
    await expect(page.getByTestId('card-select')).toContainText('•••• 4242');

    // Pay (DEL-29..35).
    await page.getByRole('textbox', { name: language === 'ru' ? 'Комментарий для курьера' : 'Note for the courier' }).fill('Домофон 14');
    const paid = page.getByText(t.paid).waitFor({ timeout: 20_000 });
    await page.getByTestId('pay-button').click();
    await paid;
    await expect(page).toHaveURL(/\/account\/orders$/);
    const order = page.getByTestId('order-card').first();
    await expect(order.getByTestId('order-status')).toHaveText(t.accepted);
    await expect(order.getByTestId('order-thumb')).toHaveCount(2);
    // The cart is written to storage at most once a second (DEL-16): the empty cart follows.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cartState') ?? '{"items":[]}').items.length)).toBe(0);
  });

  test(`checkout: the header's cart link opens the cart (DEL-20); a declined card says so, and another card pays the same order (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    await createUserAndLogin(page, { language });
    const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Home', address: 'ул. Советская, 1' } });
    expect(address.status()).toBe(201);
    const declining = await addCardByRequest(page, '4000 0000 0000 0002');

    await gotoIn(page, language, '/delivery');
    await fillCart(page);
    await page.getByTestId('cart-link').click();
    await expect(page).toHaveURL(/\/delivery\/cart$/);
    await expect(page.getByTestId('card-select')).toHaveValue(declining);

    // The decline is said beside the card choice (and in a toast that leaves).
    const declined = page.getByTestId('checkout-panel').getByText(t.declined).waitFor({ timeout: 20_000 });
    await page.getByTestId('pay-button').click();
    await declined;
    await expect(page.getByTestId('card-select')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('pay-button')).toBeEnabled();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    const good = await addCardByRequest(page, '4242 4242 4242 4242');
    await page.reload();
    await page.getByTestId('card-select').selectOption(good);
    const paid = page.getByText(t.paid).waitFor({ timeout: 20_000 });
    await page.getByTestId('pay-button').click();
    await paid;
    await expect(page).toHaveURL(/\/account\/orders$/);
    // One order: the declined attempt did not place a second one.
    await expect(page.getByTestId('order-card')).toHaveCount(1);
  });
}

test('DEL-17, DEL-18: the cart follows across two tabs, and removing its key empties it', async ({ page, context }) => {
  await page.goto('/delivery');
  const other = await context.newPage();
  await other.goto('/delivery');
  const first = (p: Page) => p.getByTestId('product-grid').getByTestId('product-card').first();

  await first(page).getByTestId('add-to-cart').click();
  await expect(first(other).getByTestId('quantity')).toHaveText('1');
  await first(other).getByTestId('quantity-stepper').getByRole('button').last().click();
  await expect(first(page).getByTestId('quantity')).toHaveText('2');

  await other.evaluate(() => localStorage.removeItem('cartState'));
  await expect(first(page).getByTestId('add-to-cart')).toBeVisible();
  await other.close();
});

test('DEL-20, DEL-37: /cart opens the cart screen; an empty cart says so and leads to the menu', async ({ page }) => {
  await createUserAndLogin(page);
  await page.goto('/cart');
  await expect(page.getByTestId('empty-cart')).toContainText(texts.ru.emptyCart);
  await page.getByTestId('empty-cart').getByRole('link').click();
  await expect(page).toHaveURL(/\/delivery$/);
});
