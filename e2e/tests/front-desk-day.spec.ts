/**
 * A whole day at the front desk (issue 45, "checked by"), at 375 and 1280 px: a guest who phones
 * is booked from the reservations board by staff (channel phone), checks in online in the account
 * (in Russian), is checked in at the desk (staff in English), puts room service on the room bill
 * from the cart, gets an extra night, pays the balance in cash and is checked out; the paid
 * invoice's letter is in the mail; the room is dirty on the housekeeping screen, then clean; the
 * day's money at the desk counts the cash; the reports show the stay under "phone".
 *
 * The check-in must be today, so the stay is tonight: in a room no other tonight spec takes
 * (admin-payments.spec books rooms[0] and [1]; front-desk-life.spec the last rooms down), the
 * third for the desktop project and the fourth for the mobile one. A guest checked in at the desk
 * is in the room for room service at once, before 14:00 too (decision 054).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, gotoIn, test, waitForApp } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { SUPERUSER } from '../support/admin';
import { lettersTo } from '../support/mail';
import { lookAt } from '../support/shots';
import { CLIENT_TOKEN, createUserAndLogin, login } from '../support/users';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** The hotel's calendar day `offset` days from today (Europe/Minsk), "YYYY-MM-DD". */
function hotelDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function staffPage(browser: Browser, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await login(page, SUPERUSER);
  return page;
}

interface DeskMoneyAnswer {
  money: { methods: { method: string; count: number; total: number }[] } | null;
}

test('issue 45: a phone guest’s whole day — booked on the board, online check-in, desk check-in, room service on the bill, an extra night, cash at check-out, the invoice letter, housekeeping, the reports', async ({ page, browser, viewport }, testInfo) => {
  test.setTimeout(240_000);
  const mobile = testInfo.project.name === 'mobile';
  const firstName = `Зоя${mobile ? 'Мобайл' : 'Десктоп'}`;
  const guestName = `${firstName} Звонкова`;
  const guest = await createUserAndLogin(page, { firstName, language: 'ru' });

  const staff = await staffPage(browser, viewport);
  const rooms = ((await (await staff.request.get('/api/v1/hotel/rooms/', { headers })).json()) as { id: number }[]).map((room) => room.id);
  const roomId = rooms[mobile ? 3 : 2]!;
  // The room starts clean, whatever an earlier run left.
  expect((await staff.request.put(`/api/v1/admin/housekeeping/rooms/${roomId}/`, { headers, data: { state: 'clean' } })).status()).toBe(200);

  // 1. The guest phones: staff book tonight from the room's line on the board, channel phone, paid at the desk.
  await gotoIn(staff, 'en', `/admin/reservations?from=${hotelDay(0)}&weeks=2`);
  const track = staff.getByTestId('board-track').and(staff.locator(`[data-room-id="${roomId}"]`));
  await expect(track).toBeVisible();
  const box = (await track.boundingBox())!;
  await track.click({ position: { x: box.width / 14 / 2, y: box.height / 2 } });
  const form = staff.getByTestId('new-booking-form');
  await expect(form).toBeVisible();
  await form.getByTestId('desk-guest-name').fill(guestName);
  await form.getByTestId('desk-phone').fill('+375 29 777-12-34');
  await form.getByLabel(/^E-mail/).fill(guest.email);
  await form.getByLabel("Letter's language").selectOption('ru');
  await expect(form.getByTestId('desk-channel')).toHaveValue('phone');
  await form.getByTestId('desk-reason').fill('Pays in cash on arrival');
  await expect(form.getByTestId('desk-total').locator('strong')).toBeVisible({ timeout: 20_000 });
  await form.getByTestId('desk-submit').click();
  const details = staff.getByTestId('stay-details');
  await expect(details.getByTestId('stay-guest')).toContainText(firstName, { timeout: 20_000 });
  await expect(details.getByTestId('stay-channel')).toContainText('Phone');
  await expect(details.getByTestId('stay-nights')).toHaveText('1');
  await staff.keyboard.press('Escape');

  // 2. The guest checks in online in the account, in Russian.
  const mine = (await (await page.request.get('/api/v1/hotel/reservations/', { headers })).json()) as { id: number }[];
  expect(mine).toHaveLength(1);
  const id = mine[0]!.id;
  await gotoIn(page, 'ru', `/account/check-in?id=${id}`);
  await waitForApp(page);
  const checkInForm = page.getByTestId('check-in-form');
  await checkInForm.locator('input[name="last_name"]').fill('Звонкова');
  await checkInForm.locator('input[name="first_name"]').fill(firstName);
  await checkInForm.locator('input[name="birth_date"]').fill('1990-05-20');
  await checkInForm.locator('input[name="citizenship"]').fill('Беларусь');
  await checkInForm.locator('input[name="document_number"]').fill('MP1234567');
  await checkInForm.locator('input[name="arrival_time"]').fill('15:00');
  await checkInForm.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByTestId('check-in-state')).toHaveText('Регистрация пройдена');

  // 3. The desk, in English: the arrival says the guest checked in online; one tap checks them in.
  await gotoIn(staff, 'en', '/admin/desk');
  await expect(staff.getByRole('heading', { level: 1, name: 'Today at the desk' })).toBeVisible();
  const arrival = staff.getByTestId('desk-arrivals').getByTestId(`desk-stay-${id}`);
  await expect(arrival).toContainText(firstName);
  await expect(arrival.getByTestId('online-check-in')).toHaveText('Checked in online, arrives at 15:00');
  await arrival.getByTestId('check-in').click();
  await expect(staff.getByTestId('desk-inHouse').getByTestId(`desk-stay-${id}`)).toContainText('In the house');

  // 4. Room service from the cart, put on the room bill (the guest has no card at all).
  await gotoIn(page, 'ru', '/delivery');
  await waitForApp(page);
  const dish = page.getByTestId('product-grid').getByTestId('product-card').first();
  await dish.getByTestId('add-to-cart').click();
  await expect(dish.getByTestId('quantity')).toHaveText('1');
  await page.goto('/delivery/cart');
  await waitForApp(page);
  await expect(page.getByTestId('address-select')).toHaveValue(`room:${id}`);
  const payWith = page.getByTestId('card-select');
  await expect(payWith).toHaveValue('room-bill');
  await expect(payWith.locator('option:checked')).toHaveText('Записать на счёт номера');
  const total = (await page.getByTestId('order-total').textContent())!;
  await expect(page.getByTestId('room-bill-hint')).toContainText(`${total} запишем на счёт номера`);
  await expect(page.getByTestId('pay-button')).toHaveText(`Записать ${total} на счёт номера`);
  await lookAt(page, 'front-desk-day-cart-room-bill-ru', { fullPage: true });
  expect(await seriousViolations(page, '[data-testid="checkout-panel"]')).toEqual([]);
  // By keyboard: the button in focus, Enter.
  await page.getByTestId('pay-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Заказ записан на счёт номера: оплатите его при выезде.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/account\/orders$/);

  // 5. An extra night, and the balance in cash, from the stay on the board.
  await gotoIn(staff, 'en', `/admin/reservations?from=${hotelDay(0)}&weeks=2`);
  await staff.getByTestId('board-bar').filter({ hasText: firstName }).first().click();
  await expect(details.getByTestId('stay-nights')).toHaveText('1', { timeout: 20_000 });
  await details.getByTestId('desk-extend').getByLabel('Stay until').fill(hotelDay(2));
  await details.getByTestId('desk-extend-submit').click();
  await expect(details.getByTestId('stay-nights')).toHaveText('2', { timeout: 20_000 });
  const folio = staff.getByTestId('folio');
  // The bill follows the extension: two nights, and the room service line (written in the guest's language).
  await expect(folio.getByTestId('folio-line').filter({ hasText: '2 nights' })).toBeVisible({ timeout: 20_000 });
  await expect(folio.getByTestId('folio-line').filter({ hasText: 'Обслуживание в номере' })).toBeVisible();
  await expect(folio.getByTestId('folio-balance')).not.toHaveText('Settled');
  await folio.getByRole('button', { name: 'Take payment' }).click();
  await expect(folio.getByTestId('folio-balance')).toHaveText('Settled');
  await expect(folio.getByTestId('folio-payment')).toContainText('Cash');
  await lookAt(staff, 'front-desk-day-bill-en', { fullPage: true });
  await staff.keyboard.press('Escape');

  // 6. Check-out at the desk, today, before the booked day: the desk offers to shorten the stay to
  // the first night (its bill counted again), then checks the guest out; nothing is due, so no
  // question about a balance. The guarantee reads as the desk booked it. The day's money counts the cash.
  await gotoIn(staff, 'en', '/admin/desk');
  const inHouse = staff.getByTestId('desk-inHouse').getByTestId(`desk-stay-${id}`);
  await expect(inHouse).toBeVisible();
  await expect(inHouse.getByTestId('guarantee')).toHaveText('Pays at the desk: Pays in cash on arrival');
  await expect(inHouse.getByTestId('guarantee')).not.toHaveAttribute('data-tone', 'warn');
  await expect(inHouse.getByTestId('balance-due')).toHaveCount(0);
  await inHouse.getByTestId('check-out').click();
  const early = staff.getByRole('dialog', { name: 'The stay is not over yet' });
  await expect(early).toBeVisible({ timeout: 20_000 });
  await lookAt(staff, 'front-desk-day-early-check-out-en');
  await early.getByRole('button', { name: /^Shorten to .* and check out$/ }).click();
  await expect(staff.getByTestId('desk-inHouse').getByTestId(`desk-stay-${id}`)).toHaveCount(0);
  const money = staff.getByTestId('desk-money');
  await expect(money.getByRole('heading', { name: "The day's money at the desk" })).toBeVisible();
  const answer = (await (await staff.request.get('/api/v1/admin/desk/', { headers })).json()) as DeskMoneyAnswer;
  const cash = answer.money!.methods.find((row) => row.method === 'cash')!;
  expect(cash.count).toBeGreaterThanOrEqual(1);
  await expect(money.getByTestId('desk-money-cash')).toContainText('Cash');
  await expect(money.getByTestId('desk-money-cash').locator('td').first()).not.toHaveText('0');
  expect(await seriousViolations(staff)).toEqual([]);
  await lookAt(staff, 'front-desk-day-desk-money-en', { fullPage: true });
  await gotoIn(staff, 'ru', '/admin/desk');
  await expect(staff.getByTestId('desk-money').getByRole('heading', { name: 'Деньги за день на стойке' })).toBeVisible();
  await expect(staff.getByTestId('desk-money-cash')).toContainText('Наличные');
  await lookAt(staff, 'front-desk-day-desk-money-ru', { fullPage: true });

  // 7. The paid invoice went to the guest, in Russian.
  await expect
    .poll(async () => (await lettersTo(guest.email)).map((letter) => letter.subject).find((subject) => subject.startsWith('Оплаченный счёт')), { timeout: 20_000 })
    .toBeTruthy();

  // 8. Housekeeping, in English: the room is dirty; one tap makes it clean.
  await gotoIn(staff, 'en', '/admin/housekeeping');
  const roomCard = staff.getByTestId(`housekeeping-room-${roomId}`);
  await expect(roomCard).toHaveAttribute('data-state', 'dirty');
  await roomCard.getByTestId('set-clean').click();
  await expect(roomCard).toHaveAttribute('data-state', 'clean');

  // 9. The reports count the stay under the phone.
  await gotoIn(staff, 'en', '/admin/reports');
  await staff.getByTestId('report-preset').selectOption({ label: 'Custom range' });
  await staff.getByLabel('To', { exact: true }).fill(hotelDay(1));
  await staff.getByLabel('From', { exact: true }).fill(hotelDay(0));
  const channels = staff.getByTestId('figure-channels');
  await expect(channels).toBeVisible({ timeout: 30_000 });
  await channels.getByTestId('figure-view').click();
  await expect(channels.getByTestId('figure-table').locator('tr').filter({ hasText: 'Phone' })).toBeVisible({ timeout: 20_000 });
  await lookAt(staff, 'front-desk-day-reports-en', { fullPage: true });
  await staff.context().close();
});
