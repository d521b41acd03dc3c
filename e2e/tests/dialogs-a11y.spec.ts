/**
 * axe finds no serious or critical violation in any dialog of the public site and the account, in
 * either language (issue 26): one test per width, opening each dialog in turn.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { saveCard } from '../support/cards';
import { CLIENT_TOKEN, createUser, createUserAndLogin, login, uniqueEmail } from '../support/users';
import { expectedOrderTotal } from '../support/orders';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** A calendar day counted from today on the hotel's clock (Europe/Minsk), "YYYY-MM-DD". */
function day(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(Date.now() + offset * 86_400_000);
}

/** The open dialog's serious and critical violations, named with where they are. */
async function dialogViolations(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The opening animation over: axe reads colours as they end up.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  return seriousViolations(page, '[role="dialog"]');
}

interface Opening {
  name: string;
  path: string;
  open(page: Page): Promise<void>;
  phoneOnly?: boolean;
}

const OPENINGS: Opening[] = [
  { name: 'side menu', path: '/', phoneOnly: true, open: (page) => page.locator('header [aria-controls="side-menu"]').click() },
  { name: 'cart: new address', path: '/delivery/cart', open: (page) => page.getByTestId('add-address').click() },
  { name: 'account: new address', path: '/account/addresses', open: (page) => page.getByRole('button', { name: /^\+?\s*(Добавить адрес|Add address)$/ }).click() },
  { name: 'account: stay details', path: '/account/reservations', open: (page) => page.getByTestId('reservation-card').first().getByRole('button', { name: /^(Подробнее|Details)$/ }).click() },
  {
    name: 'account: order details',
    path: '/account/orders',
    async open(page) {
      await page.getByRole('button', { name: /^(Подробнее|Details)$/ }).first().click();
      // An order not paid yet offers to pay it with a saved card: its button is disabled (half
      // transparent) until the cards have come, and axe must see it as it ends up.
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const pay = dialog.getByTestId('pay-order-button');
      if (await pay.isVisible()) await expect(pay).toBeEnabled();
    },
  },
  { name: 'account: delete a card', path: '/account/payments', open: (page) => page.getByRole('button', { name: /^(Удалить|Delete)/ }).first().click() },
  { name: 'account: more', path: '/account/profile', phoneOnly: true, open: (page) => page.getByRole('button', { name: /^(Ещё|More)$/ }).click() },
  {
    // A new address in the profile opens the e-mail change: password, then the code.
    name: 'account: new e-mail',
    path: '/account/profile',
    async open(page) {
      const form = page.getByTestId('profile-form');
      // The rest of the profile filled in as the form asks, so that saving reaches the e-mail.
      await form.getByLabel(/^(Никнейм|Nickname)$/).fill('olga');
      await form.getByLabel(/^(Фамилия|Last name)$/).fill('Новик');
      await form.getByLabel(/^(Телефон|Phone)$/).fill('+375291234567');
      await form.getByLabel('E-mail').fill(uniqueEmail('moved'));
      await form.getByRole('button', { name: /^(Сохранить|Save)$/ }).click();
    },
  },
];

test('axe: every dialog of the public site and the account, in Russian and English, has no serious or critical violation', async ({ page, browser, viewport }) => {
  test.setTimeout(240_000);
  const phone = (viewport?.width ?? 1280) < 768;

  // A guest with a card, an address, a stay and an order, and a dish in the cart.
  await createUserAndLogin(page, { firstName: 'Ольга' });
  const card = await saveCard(page);
  const address = await page.request.post('/api/v1/account/addresses/', { headers, data: { label: 'Дом', address: 'ул. Советская, 1' } });
  const addressId = ((await address.json()) as { id: number }).id;
  const products = (await (await page.request.get('/api/v1/delivery/products/', { headers })).json()) as { id: number }[];
  const placed = await page.request.post('/api/v1/orders/', {
    headers,
    data: { address_id: addressId, payment_method_id: card, items: [{ product_id: String(products[0]!.id), quantity: 1 }], expected_total: await expectedOrderTotal(page, [{ product_id: String(products[0]!.id), quantity: 1 }]) },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const rooms = (await (await page.request.get('/api/v1/hotel/rooms/', { headers })).json()) as { id: number }[];
  // Far ahead, a night per width, room and try, so the two widths' runs, a retry and a repeat
  // (--repeat-each) do not take each other's.
  const attempt = test.info().repeatEachIndex * 2 + test.info().retry;
  const night = (phone ? 300 : 302) + attempt * 4;
  const booked = await page.request.post('/api/v1/hotel/reservations/', {
    headers,
    data: { room_id: rooms.at(phone ? -1 : -2)!.id, arrival: day(night), departure: day(night + 1), payment_method_id: card },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await page.goto('/delivery');
  await page.getByTestId('add-to-cart').first().click();

  const found: string[] = [];
  for (const language of ['ru', 'en'] as const) {
    for (const opening of OPENINGS) {
      if (opening.phoneOnly && !phone) continue;
      await gotoIn(page, language, opening.path);
      await opening.open(page);
      for (const violation of await dialogViolations(page)) found.push(`${opening.name} (${language}): ${violation}`);
      await page.keyboard.press('Escape');
    }
  }

  // The activation code's dialog, for a guest who has not entered it yet.
  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
  try {
    const newcomer = await context.newPage();
    const user = await createUser(context.request, { activate: false });
    await login(newcomer, user);
    for (const language of ['ru', 'en'] as const) {
      await gotoIn(newcomer, language, '/account/profile');
      await newcomer.getByRole('button', { name: /^(Ввести код|Enter code)$/ }).click();
      for (const violation of await dialogViolations(newcomer)) found.push(`activation code (${language}): ${violation}`);
    }
  } finally {
    await context.close();
  }

  expect(found).toEqual([]);
});
