/**
 * Staff roles (issue 49), at 375 and 1280 px, in both languages: a kitchen account sees only the
 * order board and the menu's availability and gets "no access" on /admin/payments; an accountant
 * downloads the payments CSV but cannot change a price; the superuser deactivates a receptionist,
 * whose open tab is refused at its next request.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { lookAt } from '../support/shots';
import { createStaff } from '../support/staff';
import { CLIENT_TOKEN, login } from '../support/users';

const headers = { 'x-client-token': CLIENT_TOKEN };

/** The admin screens the navigation offers (side bar and bottom bar with More hold the same). */
async function navigation(page: Page): Promise<string[]> {
  // The side bar is hidden below 768 px but holds the same links: read them as elements, shown or not.
  const links = page.getByTestId('admin-side-nav').locator('a');
  return (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))).filter((href) => href.startsWith('/admin/'));
}

test('issue 49: a kitchen account sees only the order board and the menu’s availability, and "no access" on /admin/payments', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const cook = await createStaff(browser, baseURL!, ['kitchen'], 'Павел');
  await login(page, cook);

  await gotoIn(page, 'ru', '/admin');
  await expect(page).toHaveURL(/\/admin\/delivery$/);
  await expect.poll(() => navigation(page)).toEqual(['/admin/delivery', '/admin/orders']);
  // The dishes with their availability only: no dish to add, no category to edit.
  const toggle = page.getByTestId('product-hidden-toggle').first();
  await expect(toggle).toHaveText('Закончилось: скрыть');
  await expect(page.getByTestId('add-product')).toHaveCount(0);
  await expect(page.getByTestId('admin-read-only')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Категории' })).toHaveCount(0);
  await lookAt(page, 'staff-roles-kitchen-menu');

  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  await expect(page.getByTestId('admin-no-access')).toContainText('Ваши роли не открывают этот раздел');
  await lookAt(page, 'staff-roles-no-access');
  // The server says the same to a call made by hand, in the visitor's language.
  await page.context().addCookies([{ name: 'language', value: 'ru', url: baseURL! }]);
  const refused = await page.request.get('/api/v1/admin/payments/', { headers });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe('Недостаточно прав для этого действия');

  await gotoIn(page, 'en', '/admin/payments');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await page.getByTestId('admin-no-access').getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/delivery$/);
  await expect(page.getByTestId('product-hidden-toggle').first()).toHaveText('Ran out: hide');
});

test('issue 49: an accountant downloads the payments CSV but cannot change a price', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const accountant = await createStaff(browser, baseURL!, ['accountant'], 'Вера');
  await login(page, accountant);

  await gotoIn(page, 'en', '/admin/payments');
  await expect(page.getByTestId('admin-read-only')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  // The rooms are there to read, said to be read-only, and no card opens the edit dialog.
  await gotoIn(page, 'ru', '/admin/hotel');
  await expect(page.getByTestId('admin-read-only')).toHaveText('Только просмотр: ваши роли позволяют видеть, но не менять');
  const card = page.getByTestId('admin-room-card').first();
  await expect(card).toBeVisible();
  expect(await card.evaluate((element) => element.tagName)).toBe('DIV');
  await lookAt(page, 'staff-roles-read-only');
  // A price sent by hand is refused, and the room keeps its price.
  const rooms = (await (await page.request.get('/api/v1/admin/rooms/', { headers })).json()) as { id: number; price: number }[];
  const room = rooms[0]!;
  const changed = await page.request.patch(`/api/v1/admin/rooms/${room.id}/`, { headers, data: { price: room.price + 100 } });
  expect(changed.status()).toBe(403);
  const after = (await (await page.request.get('/api/v1/admin/rooms/', { headers })).json()) as { id: number; price: number }[];
  expect(after.find((r) => r.id === room.id)!.price).toBe(room.price);
});

test('issue 49: the superuser deactivates a receptionist, whose open tab is refused at its next request', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const receptionist = await createStaff(browser, baseURL!, ['reception'], 'Ольга');
  const desk = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  try {
    const deskPage = await desk.newPage();
    await login(deskPage, receptionist);
    await gotoIn(deskPage, 'ru', '/admin/reservations');
    await deskPage.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await expect.poll(() => navigation(deskPage)).toEqual(['/admin/reservations', '/admin/restaurant', '/admin/desk', '/admin/housekeeping', '/admin/reviews']);

    await login(page, SUPERUSER);
    await gotoIn(page, 'ru', '/admin/users');
    const row = page.locator(`[data-testid="staff-row"][data-email="${receptionist.email}"]`);
    await expect(row).toContainText('Ольга');
    await lookAt(page, 'staff-roles-users', { fullPage: true });
    await row.getByRole('button', { name: 'Отключить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отключить сотрудника?' });
    await dialog.getByRole('button', { name: 'Отключить' }).click();
    await expect(row).toHaveCount(0);

    // The receptionist's tab, still open on the board, moves to the restaurant: refused, signed out.
    await deskPage.getByTestId('admin-side-nav').getByRole('link', { name: 'Ресторан' }).or(deskPage.getByTestId('admin-bottom-nav').getByRole('link', { name: 'Столы' })).first().click();
    await expect(deskPage).toHaveURL(/\/auth/);
    // And the account signs in no more, told why.
    const again = await deskPage.request.post('/api/v1/auth/login/', { headers: { ...headers, cookie: 'language=ru' }, data: { email: receptionist.email, password: receptionist.password } });
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { detail: string }).detail).toBe('Эта учётная запись отключена');
  } finally {
    await desk.close();
  }
});
