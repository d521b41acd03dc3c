/**
 * Room service (issue 24, point 4), at 375 and 1280 px, in Russian and English: a guest whose stay
 * is in progress finds "to my room" chosen in the cart, with no delivery fee and the stay's card,
 * pays, and the account and the staff's order board say "Room service: <room>".
 *
 * A stay in progress began at 14:00 on a day already here: the site books no stay whose check-in
 * has passed, and before 14:00 one arriving today has not begun. So, as reviews.spec does for a
 * finished stay, this spec runs a server of its own on a fresh PostgreSQL database
 * (E2E_DATABASE_URL or TEST_DATABASE_URL) and writes the stay there: from yesterday to the day
 * after tomorrow, guaranteed by the guest's saved card.
 */
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test, waitForApp } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { saveCard } from '../support/cards';
import type { RunningServer } from '../support/server';
import { hotelDay, POSTGRES, startServerOnPostgres, watched, type ServerOnPostgres } from '../support/server-on-postgres';
import { CLIENT_TOKEN, createUser, type TestUser } from '../support/users';
import { lookAt } from '../support/shots';

const headers = { 'x-client-token': CLIENT_TOKEN };

let own: ServerOnPostgres;
let db: pg.Client;
let server: RunningServer;
let api: APIRequestContext;

// One server for the run of this file in a worker: both languages' tests use it, one after the other.
test.describe.configure({ mode: 'serial' });

test.skip(!POSTGRES, 'needs a PostgreSQL server: set TEST_DATABASE_URL (or E2E_DATABASE_URL)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startServerOnPostgres('room_service', { ORDERS_ANY_HOUR: 'true', REVIEW_LETTERS_INTERVAL_SECONDS: '0' });
  ({ db, server, api } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

let stays = 0;

/** The guest's stay in progress, in a room of its own, guaranteed by the card: answers its room's name. */
async function stayInProgress(email: string, cardPublicId: string): Promise<{ ru: string; en: string }> {
  const room = stays++;
  const { rows } = await db.query<{ name: { ru: string; en: string } }>(
    `WITH booked AS (
       INSERT INTO reservations (user_id, room_id, stay, guest_count, price_per_night, price, payment_method_id)
       SELECT u.id, (SELECT id FROM rooms ORDER BY id OFFSET $4 LIMIT 1), daterange($2::date, $3::date), 1, 10000, 30000,
              (SELECT id FROM payment_methods WHERE public_id = $5)
       FROM users u WHERE lower(u.email) = lower($1)
       RETURNING room_id)
     SELECT r.name FROM rooms r JOIN booked ON booked.room_id = r.id`,
    [email, hotelDay(-1), hotelDay(2), room, cardPublicId],
  );
  return rows[0]!.name;
}

/** A browser context on this spec's server, in `language`, signed in as `user`. */
async function signedIn(browser: Browser, viewport: { width: number; height: number }, language: 'ru' | 'en', user: Pick<TestUser, 'email' | 'password'>) {
  const context = await browser.newContext({ viewport, baseURL: server.url, locale: language === 'ru' ? 'ru-RU' : 'en-GB' });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const login = await context.request.post('/api/v1/auth/login/', { headers, data: { email: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  const page = await context.newPage();
  return { context, page, errors: watched(page) };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

const texts = {
  ru: { toRoom: 'В мой номер', noFee: 'Доставка в номер бесплатна.', paid: 'Оплата прошла успешно!', roomService: 'Обслуживание в номере', details: 'Подробнее', accepted: 'Новые' },
  en: { toRoom: 'To my room', noFee: 'No delivery fee for room service.', paid: 'Payment successful!', roomService: 'Room service', details: 'Details', accepted: 'New' },
} as const;

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`issue 24.4: a staying guest orders to the room with no delivery fee; the account and the board name the room (${language})`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const mobile = viewport.width < 1024;
    const guest = await createUser(api, { language, firstName: language === 'ru' ? 'Ирина' : 'Irina' });
    const { context, page, errors } = await signedIn(browser, viewport, language, guest);
    const card = await saveCard(page);
    const room = await stayInProgress(guest.email, card);
    const roomName = room[language];

    // One dish in the cart, from the menu.
    await open(page, '/delivery');
    const dish = page.getByTestId('product-grid').getByTestId('product-card').first();
    await dish.getByTestId('add-to-cart').click();
    await expect(dish.getByTestId('quantity')).toHaveText('1');

    // The cart: "to my room" is chosen first, no delivery fee line, the total is the dishes, the stay's card.
    await open(page, '/delivery/cart');
    const where = page.getByTestId('address-select');
    await expect(where).toHaveValue(/^room:\d+$/);
    await expect(where.locator('option:checked')).toHaveText(`${t.toRoom} (${roomName})`);
    await expect(page.getByTestId('room-no-fee')).toHaveText(t.noFee);
    await expect(page.getByTestId('delivery-fee')).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText((await page.getByTestId('goods-total').textContent())!);
    await expect(page.getByTestId('card-select')).toHaveValue(card);
    await lookAt(page, `room-service-cart-${language}`, { fullPage: true });
    expect(await seriousViolations(page, '[data-testid="checkout-panel"]')).toEqual([]);

    const paid = page.getByText(t.paid).waitFor({ timeout: 20_000 });
    await page.getByTestId('pay-button').click();
    await paid;
    await expect(page).toHaveURL(/\/account\/orders$/);

    // The account's order says where it goes, and charges no delivery.
    await page.getByTestId('order-card').first().getByRole('button', { name: t.details }).click();
    const details = page.getByTestId('order-details');
    await expect(details.getByTestId('order-room')).toHaveText(`${t.roomService}: ${roomName}`);
    await expect(details.getByTestId('summary-delivery')).toHaveText(/^0\s/);
    await lookAt(page, `room-service-order-${language}`, { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // The board names the room instead of an address.
    const staff = await createUser(api, { language, firstName: 'Staff' });
    await db.query(`INSERT INTO staff_roles (user_id, role) SELECT id, 'manager' FROM users WHERE lower(email) = lower($1)`, [staff.email]);
    const board = await signedIn(browser, viewport, language, staff);
    await open(board.page, '/admin/orders');
    if (mobile) await board.page.getByRole('tab', { name: new RegExp(t.accepted) }).click();
    const order = board.page.getByTestId('order-column-accepted').getByTestId('order-card').filter({ hasText: roomName });
    await expect(order).toBeVisible({ timeout: 20_000 });
    await expect(order.getByTestId('order-room')).toHaveText(`${t.roomService}: ${roomName}`);
    await order.scrollIntoViewIfNeeded();
    await lookAt(board.page, `room-service-board-${language}`, { fullPage: true });
    expect(board.errors).toEqual([]);
    await board.context.close();
  });
}
