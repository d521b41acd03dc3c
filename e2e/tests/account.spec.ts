import { expect, gotoIn, test } from '../fixtures';
import { CLIENT_TOKEN, createUserAndLogin } from '../support/users';

const isPhone = (width: number | undefined) => (width ?? 1280) < 768;

test.describe('account area', () => {
  test('ACC-02, ACC-03, ACC-08: /account opens the overview, then the last account screen; unknown sub-paths go to the overview', async ({ page }) => {
    await createUserAndLogin(page);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/overview$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'account');
    await page.goto('/account/addresses');
    await expect(page.getByRole('heading', { level: 1, name: 'Адреса доставки' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lastAccountPath'))).toBe('/account/addresses');
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await page.goto('/account/no-such-screen');
    await expect(page).toHaveURL(/\/account\/overview$/);
  });

  test('ACC-04, ACC-05, ACC-06, ACC-07: side navigation on desktop, bottom navigation with More on a phone; no admin link for a user', async ({ page, viewport }) => {
    await createUserAndLogin(page);
    await page.goto('/account/overview');
    if (!isPhone(viewport?.width)) {
      const side = page.getByTestId('account-side-nav');
      await expect(side.getByRole('link')).toHaveText(['Обзор', 'Профиль', 'Бронирования', 'Заказы', 'Адреса', 'Карты', 'Отзывы']);
      await expect(side.getByRole('link', { name: 'Обзор' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('account-bottom-nav')).toBeHidden();
      await side.getByRole('link', { name: 'Профиль' }).click();
      await expect(page).toHaveURL(/\/account\/profile$/);
    } else {
      await expect(page.getByTestId('account-side-nav')).toBeHidden();
      const bottom = page.getByTestId('account-bottom-nav');
      await expect(bottom.getByRole('link')).toHaveText(['Обзор', 'Профиль', 'Брони', 'Заказы']);
      await bottom.getByRole('button', { name: 'Ещё' }).click();
      const more = page.getByRole('dialog', { name: 'Ещё' });
      for (const name of ['Отель', 'Ресторан', 'Доставка', 'Адреса', 'Контакты', 'Помощь и правила']) {
        await expect(more.getByRole('link', { name })).toBeVisible();
      }
      await expect(more.getByRole('button', { name: 'Выйти' })).toBeVisible();
      await expect(more.getByTestId('language-toggle')).toBeVisible();
      await expect(more.getByRole('link', { name: 'Администрирование' })).toHaveCount(0);
      await more.getByRole('link', { name: 'Адреса' }).click();
      await expect(page).toHaveURL(/\/account\/addresses$/);
      await expect(more).toBeHidden();
    }
    await expect(page.getByRole('link', { name: 'Администрирование' })).toHaveCount(0);
  });

  test('AUTH-35: a logout the server never heard signs out here at once and ends the session once it can', async ({ page, viewport }) => {
    await createUserAndLogin(page);
    await page.goto('/account/overview');
    await page.route('**/api/v1/auth/logout/', (route) => route.abort('internetdisconnected'));
    if (isPhone(viewport?.width)) {
      await page.getByTestId('account-bottom-nav').getByRole('button', { name: 'Ещё' }).click();
      await page.getByRole('dialog', { name: 'Ещё' }).getByRole('button', { name: 'Выйти' }).click();
    } else {
      await page.getByTestId('account-side-nav').locator('..').getByRole('button', { name: 'Выйти' }).click();
    }
    await expect(page).toHaveURL((url) => url.pathname === '/auth');
    // Still signed out after a reload while the server cannot be told.
    await page.goto('/account/overview');
    await expect(page).toHaveURL((url) => url.pathname === '/auth');

    await page.unroute('**/api/v1/auth/logout/');
    const heard = page.waitForResponse((res) => res.url().endsWith('/api/v1/auth/logout/') && res.status() === 200);
    await page.reload();
    await heard;
    const me = await page.request.get('/api/v1/auth/me/', { headers: { 'x-client-token': CLIENT_TOKEN } });
    expect(me.status()).toBe(401);
  });

  test('ACC-09, ACC-10: the overview shows active reservations, then active orders, with their links (both languages)', async ({ page }) => {
    await createUserAndLogin(page, { firstName: 'Ирина' });
    await page.goto('/account/overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();
    await expect(page.getByText('Здравствуйте, Ирина!', { exact: false })).toBeVisible();
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Активные бронирования', 'Активные заказы']);
    const reservations = page.getByTestId('active-reservations');
    await expect(reservations.getByText('Активных бронирований нет')).toBeVisible();
    await expect(reservations.getByRole('link', { name: 'Все бронирования' })).toHaveAttribute('href', '/account/reservations');
    await expect(reservations.getByRole('link', { name: 'Найти номер' })).toHaveAttribute('href', '/hotel/rooms');
    const orders = page.getByTestId('active-orders');
    await expect(orders.getByRole('link', { name: 'Все заказы' })).toHaveAttribute('href', '/account/orders');
    await expect(orders.getByRole('link', { name: 'Заказать доставку' })).toHaveAttribute('href', '/delivery');

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(headings).toHaveText(['Active reservations', 'Active orders']);
    await expect(page.getByText('No active orders')).toBeVisible();
  });

  test('ACC-11, ACC-12, ACC-13, ACC-14, ACC-15, ACC-16, ACC-17, ACC-18: the profile form validates, sends the extra phone only with its checkbox, and keeps what was saved', async ({ page }) => {
    await createUserAndLogin(page, { firstName: 'Павел' });
    await page.goto('/account/profile');
    const banner = page.getByTestId('profile-incomplete');
    await expect(banner).toBeVisible();

    const form = page.getByTestId('profile-form');
    const save = form.getByRole('button', { name: 'Сохранить' });
    await expect(save).toBeDisabled();

    await form.getByLabel('Никнейм').fill('p');
    await form.getByLabel('Фамилия').fill('Н');
    await form.getByLabel('E-mail').fill('broken@');
    await form.getByLabel('Телефон', { exact: true }).fill('12345');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(form.getByText('Никнейм должен быть не короче 2 символов')).toBeVisible();
    await expect(form.getByText('Фамилия должна быть не короче 2 символов')).toBeVisible();
    await expect(form.getByText('Некорректный e-mail')).toBeVisible();
    await expect(form.getByText('Телефон должен быть не короче 10 символов')).toBeVisible();

    const email = await page.evaluate(async () => ((await (await fetch('/api/v1/auth/me/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as { email: string }).email);
    await form.getByLabel('Никнейм').fill('pavel');
    await form.getByLabel('Фамилия').fill('Новик');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Телефон', { exact: true }).fill('+375291234567');
    await form.getByLabel('Пол', { exact: true }).selectOption('male');
    await form.getByLabel('Дата рождения').fill('1990-05-17');

    // Checkbox off: no extra_phone in the request (ACC-12).
    let request = page.waitForRequest((r) => r.url().endsWith('/api/v1/account/') && r.method() === 'PUT');
    const saved = page.getByText('Профиль сохранён').waitFor({ timeout: 15_000 });
    await save.click();
    expect((await request).postDataJSON()).not.toHaveProperty('extra_phone');
    await saved;
    await expect(save).toBeDisabled();
    await expect(banner).toHaveCount(0);

    await form.getByLabel('Дополнительный телефон').check();
    await form.getByLabel('Дополнительный номер').fill('+375331112233');
    request = page.waitForRequest((r) => r.url().endsWith('/api/v1/account/') && r.method() === 'PUT');
    await save.click();
    expect((await request).postDataJSON()).toMatchObject({ extra_phone: '+375331112233' });
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(form.getByLabel('Никнейм')).toHaveValue('pavel');
    await expect(form.getByLabel('Фамилия')).toHaveValue('Новик');
    await expect(form.getByLabel('Телефон', { exact: true })).toHaveValue('+375291234567');
    await expect(form.getByLabel('Дополнительный телефон')).toBeChecked();
    await expect(form.getByLabel('Дополнительный номер')).toHaveValue('+375331112233');
    await expect(form.getByLabel('Пол', { exact: true })).toHaveValue('male');
    await expect(form.getByLabel('Дата рождения')).toHaveValue('1990-05-17');
  });

  test('ACC-19, ACC-20, ERR-31: change password (English)', async ({ page }) => {
    const user = await createUserAndLogin(page);
    await gotoIn(page, 'en', '/account/profile');
    const form = page.getByTestId('change-password-form');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    // One password policy: the sign-up rule, not the spec's 6 for a change (decision 015).
    await form.getByLabel('Current password').fill('123');
    await form.getByLabel('New password', { exact: true }).fill('abcdef');
    await form.getByLabel('Repeat the new password').fill('abcdeg');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password must be at least 12 characters')).toBeVisible();
    await expect(form.getByText('Passwords do not match')).toBeVisible();

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('Another-pass-1799');
    await form.getByLabel('Repeat the new password').fill('Another-pass-1799');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Invalid password')).toBeVisible();
    await expect(page.getByText('Could not change the password')).toBeVisible();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('Another-pass-1799');
    await form.getByLabel('Repeat the new password').fill('Another-pass-1799');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');
  });

  test('ACC-35, ACC-36, ACC-37, ACC-38, ACC-39, ACC-40, ACC-41, ERR-35: addresses: empty state, validation, create, edit, primary, delete', async ({ page }) => {
    await createUserAndLogin(page);
    await page.goto('/account/addresses');
    await expect(page.getByTestId('addresses-empty')).toContainText('Адресов пока нет');

    await page.getByRole('button', { name: 'Добавить адрес' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый адрес' });
    await dialog.getByLabel('Подъезд').fill('0');
    await dialog.getByLabel('Этаж').fill('1.5');
    await dialog.getByLabel('Квартира').fill('abc');
    await dialog.getByRole('button', { name: 'Сохранить адрес' }).click();
    await expect(dialog.getByText('Обязательное поле')).toHaveCount(2);
    await expect(dialog.getByText('Целое число больше 0')).toHaveCount(3);

    await dialog.getByLabel('Название').fill('Дом');
    await dialog.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Советская, 1');
    await dialog.getByLabel('Подъезд').fill('2');
    await dialog.getByLabel('Этаж').fill('');
    await dialog.getByLabel('Квартира').fill('15');
    await dialog.getByLabel('Домофон').fill('15К');
    await dialog.getByLabel('Комментарий для курьера').fill('Позвонить за 10 минут');
    await dialog.getByRole('button', { name: 'Сохранить адрес' }).click();
    await expect(dialog).toBeHidden();
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('ул. Советская, 1');
    await expect(cards.first()).toContainText('подъезд 2 · кв. 15 · домофон 15К');

    await page.getByRole('button', { name: 'Добавить адрес' }).click();
    await dialog.getByLabel('Название').fill('Работа');
    await dialog.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Ожешко, 22');
    await dialog.getByRole('button', { name: 'Сохранить адрес' }).click();
    await expect(cards).toHaveCount(2);

    await page.getByRole('button', { name: 'Изменить: Работа' }).click();
    const edit = page.getByRole('dialog', { name: 'Изменить адрес' });
    await expect(edit.getByRole('textbox', { name: 'Адрес', exact: true })).toHaveValue('ул. Ожешко, 22');
    await edit.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Ожешко, 24');
    await edit.getByRole('button', { name: 'Сохранить адрес' }).click();
    await expect(page.getByText('ул. Ожешко, 24')).toBeVisible();

    const work = cards.filter({ hasText: 'Работа' });
    await work.getByRole('button', { name: 'Сделать основным' }).click();
    await expect(work.getByText('Основной')).toBeVisible();
    await expect(cards.first()).toContainText('Работа');

    await page.getByRole('button', { name: 'Удалить: Работа' }).click();
    await page.getByRole('dialog', { name: 'Удалить адрес?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(cards).toHaveCount(1);
    await page.getByRole('button', { name: 'Удалить: Дом' }).click();
    await page.getByRole('dialog', { name: 'Удалить адрес?' }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByTestId('addresses-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('addresses-empty')).toBeVisible();
  });

  test('the addresses screen in English', async ({ page }) => {
    await createUserAndLogin(page);
    await gotoIn(page, 'en', '/account/addresses');
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery addresses' })).toBeVisible();
    await expect(page.getByTestId('addresses-empty')).toContainText('No addresses yet');
  });
});
