/**
 * The bill of a stay (issue 45, points 4 and 5), at 375 and 1280 px, in Russian and English: a
 * guest in the house puts room service on the room's bill, reception sees it on the stay's bill
 * from the reservations board, takes the balance in cash, and prints the paid invoice.
 *
 * A stay in progress began before today's check-in hour, which the site never books: as
 * room-service.spec does, this spec runs a server of its own on a fresh PostgreSQL database and
 * writes the stay there, from yesterday to the day after tomorrow.
 */
import { type APIRequestContext, type Browser } from '@playwright/test';
import type pg from 'pg';
import { expect, test, waitForApp } from '../fixtures';
import type { RunningServer } from '../support/server';
import { hotelDay, POSTGRES, startServerOnPostgres, watched, type ServerOnPostgres } from '../support/server-on-postgres';
import { CLIENT_TOKEN, createUser, type TestUser } from '../support/users';
import { lookAt } from '../support/shots';

const headers = { 'x-client-token': CLIENT_TOKEN };

let own: ServerOnPostgres;
let db: pg.Client;
let server: RunningServer;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.skip(!POSTGRES, 'needs a PostgreSQL server: set TEST_DATABASE_URL (or E2E_DATABASE_URL)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startServerOnPostgres('folio', { ORDERS_ANY_HOUR: 'true', REVIEW_LETTERS_INTERVAL_SECONDS: '0', CHECK_IN_INTERVAL_SECONDS: '0' });
  ({ db, server, api } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

let stays = 0;

/** The guest's stay in progress, in a room of its own, two nights at 150 BYN: answers its id. */
async function stayInProgress(email: string): Promise<number> {
  const room = stays++;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reservations (user_id, room_id, stay, guest_count, price_per_night, price, night_prices)
     SELECT u.id, (SELECT id FROM rooms ORDER BY id OFFSET $4 LIMIT 1), daterange($2::date, $3::date), 1, 15000, 30000, ARRAY[15000, 15000]
     FROM users u WHERE lower(u.email) = lower($1)
     RETURNING id`,
    [email, hotelDay(-1), hotelDay(1), room],
  );
  return rows[0]!.id;
}

async function signedIn(browser: Browser, viewport: { width: number; height: number }, language: 'ru' | 'en', user: Pick<TestUser, 'email' | 'password'>) {
  const context = await browser.newContext({ viewport, baseURL: server.url, locale: language === 'ru' ? 'ru-RU' : 'en-GB' });
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const login = await context.request.post('/api/v1/auth/login/', { headers, data: { email: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  const page = await context.newPage();
  return { context, page, errors: watched(page) };
}

const texts = {
  ru: { settled: 'Оплачен', submit: 'Принять оплату', invoice: 'Оплаченный счёт', roomService: 'Обслуживание в номере', save: 'Сохранить', ready: 'Регистрация пройдена', card: 'Регистрационная карта' },
  en: { settled: 'Settled', submit: 'Take payment', invoice: 'Paid invoice', roomService: 'Room service', save: 'Save', ready: 'Checked in online', card: 'Registration card' },
} as const;

/** A stay of the guest's arriving in `days` days. */
async function stayAhead(email: string, days: number): Promise<number> {
  const room = stays++;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reservations (user_id, room_id, stay, guest_count, price_per_night, price)
     SELECT u.id, (SELECT id FROM rooms ORDER BY id OFFSET $4 LIMIT 1), daterange($2::date, $3::date), 1, 15000, 15000
     FROM users u WHERE lower(u.email) = lower($1)
     RETURNING id`,
    [email, hotelDay(days), hotelDay(days + 1), room % 8],
  );
  return rows[0]!.id;
}

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`issue 45.4–5: room service on the room bill, the balance taken in cash at the desk, the paid invoice printed (${language})`, async ({ browser }, testInfo) => {
    test.setTimeout(150_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const firstName = `${language === 'ru' ? 'Вера' : 'Vera'}${testInfo.project.name.replace(/\W/g, '')}`;
    const guest = await createUser(api, { language, firstName });
    const stay = await stayInProgress(guest.email);

    // The guest puts a dish on the room's bill (the account's session; the cart sends the same).
    const visit = await signedIn(browser, viewport, language, guest);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM products WHERE NOT hidden ORDER BY id LIMIT 1');
    const order = { destination: { kind: 'room', reservation_id: stay, on_room_bill: true }, items: [{ product_id: String(rows[0]!.id), quantity: 1 }], comment: '' };
    let placed = await visit.context.request.post('/api/v1/orders/', { headers, data: { ...order, expected_total: 0 } });
    if (placed.status() === 409) placed = await visit.context.request.post('/api/v1/orders/', { headers, data: { ...order, expected_total: (await placed.json()).total } });
    expect(placed.status(), await placed.text()).toBe(201);
    await visit.context.close();

    // Reception opens the stay on the board: the bill has the nights and the room service, a balance due.
    const staff = await createUser(api, { language, firstName: 'Desk' });
    await db.query(`INSERT INTO staff_roles (user_id, role) SELECT id, 'manager' FROM users WHERE lower(email) = lower($1)`, [staff.email]);
    const desk = await signedIn(browser, viewport, language, staff);
    await desk.page.goto('/admin/reservations');
    await waitForApp(desk.page);
    await desk.page.getByTestId('board-bar').filter({ hasText: firstName }).first().click();
    const folio = desk.page.getByTestId('folio');
    await expect(folio.getByTestId('folio-line').filter({ hasText: t.roomService })).toBeVisible({ timeout: 20_000 });
    await expect(folio.getByTestId('folio-balance')).not.toHaveText(t.settled);
    await lookAt(desk.page, `folio-bill-${language}`, { fullPage: true });

    // The balance in cash: the amount is already the balance.
    await folio.getByRole('button', { name: t.submit }).click();
    await expect(folio.getByTestId('folio-balance')).toHaveText(t.settled);
    await expect(folio.getByTestId('folio-payment')).toHaveCount(1);

    // The paid invoice, as the browser prints it.
    await desk.page.goto(`/admin/invoice?id=${stay}`);
    await waitForApp(desk.page);
    const document = desk.page.getByTestId('folio-document');
    await expect(document.getByRole('heading', { level: 1 })).toContainText(t.invoice);
    await expect(document.getByTestId('document-balance')).toHaveText(/^0\s/);
    await lookAt(desk.page, `folio-invoice-${language}`, { fullPage: true });
    await desk.page.emulateMedia({ media: 'print' });
    await expect(desk.page.getByTestId('print')).toBeHidden();
    await lookAt(desk.page, `folio-invoice-print-${language}`, { fullPage: true });
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });
}

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`issue 45.6: the guest checks in online in the account; the registration card prints it (${language})`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const guest = await createUser(api, { language, firstName: language === 'ru' ? 'Ольга' : 'Olga' });
    const stay = await stayAhead(guest.email, 20 + stays);
    const visit = await signedIn(browser, viewport, language, guest);
    await visit.page.goto(`/account/check-in?id=${stay}`);
    await waitForApp(visit.page);
    const form = visit.page.getByTestId('check-in-form');
    await form.locator('input[name="last_name"]').fill('Novik');
    await form.locator('input[name="first_name"]').fill('Olga');
    await form.locator('input[name="birth_date"]').fill('1988-03-14');
    await form.locator('input[name="citizenship"]').fill(language === 'ru' ? 'Беларусь' : 'Belarus');
    await form.locator('input[name="document_number"]').fill('MP7654321');
    await form.locator('input[name="arrival_time"]').fill('16:30');
    await form.getByRole('button', { name: t.save }).click();
    await expect(visit.page.getByTestId('check-in-state')).toHaveText(t.ready);
    await lookAt(visit.page, `folio-check-in-${language}`, { fullPage: true });
    expect(visit.errors).toEqual([]);
    await visit.context.close();

    const staff = await createUser(api, { language, firstName: 'Desk' });
    await db.query(`INSERT INTO staff_roles (user_id, role) SELECT id, 'manager' FROM users WHERE lower(email) = lower($1)`, [staff.email]);
    const desk = await signedIn(browser, viewport, language, staff);
    await desk.page.goto(`/admin/registration-card?id=${stay}`);
    await waitForApp(desk.page);
    const card = desk.page.getByTestId('registration-card');
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(t.card);
    await expect(card).toContainText('MP7654321');
    await lookAt(desk.page, `folio-registration-card-${language}`, { fullPage: true });
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });
}
