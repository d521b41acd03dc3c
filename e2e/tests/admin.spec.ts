/**
 * The admin area end to end, at both widths (the desktop and mobile projects) and in both
 * languages: who may enter, a room's price that the next search shows, a dish with a picture
 * that guests see in both languages until it is hidden, administrators added and removed.
 * Each language and project edits rooms and dishes of its own, so parallel runs never collide.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { SUPERUSER } from '../support/admin';
import { createUser, createUserAndLogin, login } from '../support/users';

const texts = {
  ru: {
    roomPrice: /^Цена за ночь/,
    save: 'Сохранить',
    addDish: 'Добавить блюдо',
    create: 'Создать',
    dishPhoto: 'Фото блюда',
    price: /^Цена, BYN/,
    category: /^Категория/,
    hide: 'Скрыть из меню',
    ru: /^По-русски/,
    en: /^In English/,
    email: /^E-mail зарегистрированной/,
    addAdmin: 'Добавить в штат',
    kitchen: 'Кухня',
    remove: 'Отключить',
    removeTitle: 'Отключить сотрудника?',
    removeYes: 'Отключить',
    deleteDish: 'Удаление блюда',
    back: 'Назад',
    notFound: 'Учётной записи с таким адресом нет',
    selfAdd: 'Свои роли менять нельзя',
    users: 'Сотрудники',
    usersShort: 'Штат',
    delivery: 'Доставка',
    logout: 'Выйти',
    loggedOut: 'Вы вышли из аккаунта',
  },
  en: {
    roomPrice: /^Price per night/,
    save: 'Save',
    addDish: 'Add dish',
    create: 'Create',
    dishPhoto: 'Photo of the dish',
    price: /^Price, BYN/,
    category: /^Category/,
    hide: 'Hide from the menu',
    ru: /^In Russian/,
    en: /^In English/,
    email: /^E-mail of a registered/,
    addAdmin: 'Add to the staff',
    kitchen: 'Kitchen',
    remove: 'Deactivate',
    removeTitle: 'Deactivate this member of staff?',
    removeYes: 'Deactivate',
    deleteDish: 'Delete dish',
    back: 'Back',
    notFound: 'No account with this e-mail address',
    selfAdd: 'You cannot change your own roles',
    users: 'Staff',
    usersShort: 'Staff',
    delivery: 'Delivery',
    logout: 'Log out',
    loggedOut: 'You have logged out',
  },
} as const;

/** A 96 × 64 PNG: what an admin's camera roll would hold, small enough to inline. */
const DISH_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAwElEQVR4nO3ZwQnDQADEQBemwlLYFZh/IP6EsH4MXAVCK5/t67xyzncIFzrnVhGAAqhfVsKgAIpB/e9RY2IBFIMysVYXWg0KoBiUiaVBPfO7gkgHUAzKxNKg5j0W6QCKQZlY8+64KAZQDMrEmgfIy2oAxaBMLA1qHmORDqAYlIk1j46LYgDFoEyshxx/VgMoBmViaVDzHot0AMWgTKx5d1wUAygGZWLNA+RlNYBiUCaWBjWPsUgHUAzKxJpH5+O8Af1WwfAKgkRGAAAAAElFTkSuQmCC',
  'base64',
);

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** Opens an admin screen from the navigation the width shows: the side bar, or the bottom bar below 768 px. */
async function openAdminSection(page: Page, name: string, short: string = name) {
  const nav = isPhone(page) ? page.getByTestId('admin-bottom-nav') : page.getByTestId('admin-side-nav');
  await nav.getByRole('link', { name: isPhone(page) ? short : name }).click();
}

test.describe('who may enter /admin', () => {
  test('ADM-01, ADM-04: an anonymous visitor is sent to /auth; ADM-02: a user to /account', async ({ page }) => {
    await page.goto('/admin/hotel');
    await expect(page).toHaveURL(/\/auth$/);
    await createUserAndLogin(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/account\/overview$/);
    await page.goto('/admin/anything');
    await expect(page).toHaveURL(/\/account\/overview$/);
  });

  test('ADM-03, ADM-05, ADM-06: /admin and unknown sub-paths open /admin/hotel with the admin navigation', async ({ page }) => {
    await login(page, SUPERUSER);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/hotel$/);
    await page.goto('/admin/nothing-here');
    await expect(page).toHaveURL(/\/admin\/hotel$/);
    await expect(page.getByTestId(isPhone(page) ? 'admin-bottom-nav' : 'admin-side-nav')).toBeVisible();
    await expect(page.getByTestId('admin-rooms').getByTestId('admin-room-card')).toHaveCount(8);
  });
});

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`ADM-11, ADM-12, ADM-13, ADM-14, ADM-15, ADM-16, ADM-17, ADM-18, ADM-19: an admin changes a room's price and the next search shows it (${language})`, async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await login(page, SUPERUSER);
    await gotoIn(page, language, '/admin/hotel');
    // The last rooms, one per language and project: the booking test books the first ones.
    const index = 7 - (language === 'en' ? 2 : 0) - (testInfo.project.name === 'mobile' ? 1 : 0);
    const card = page.getByTestId('admin-room-card').nth(index);
    const name = (await card.getByTestId('admin-room-name').textContent())!.trim();
    const price = String(700 + index * 10 + (language === 'en' ? 1 : 0));
    await card.click();
    const form = page.getByTestId('room-form');
    const field = form.getByLabel(t.roomPrice);
    const previous = await field.inputValue();
    await field.fill(`0${price}`);
    // ADM-33's rule holds for rooms too: the leading zero goes.
    await expect(field).toHaveValue(price);
    await form.getByRole('button', { name: t.save }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('admin-room-card').nth(index)).toContainText(price);

    // The next search lists the room at its new price (the server decides prices, not the page).
    await page.goto(`/hotel/rooms?checkIn=${day(200 + index)}&checkOut=${day(201 + index)}&guests=1`);
    const variant = page.getByTestId('variant-card').filter({ hasText: name });
    await expect(variant.getByTestId('variant-price')).toContainText(price);

    // /hotel, rendered on request and kept, is drawn again with the new price.
    await page.goto('/hotel');
    await expect(page.getByTestId('room-list').getByTestId('room-card').filter({ hasText: name })).toContainText(price);

    // Put it back, through the API the screen uses, for the other tests.
    const rooms = (await (await page.request.get('/api/v1/admin/rooms/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as { id: number; name: Record<string, string> }[];
    const room = rooms.find((r) => r.name[language] === name || r.name.ru === name)!;
    await page.request.patch(`/api/v1/admin/rooms/${room.id}/`, { headers: { 'x-client-token': 'house1799-web' }, data: { price: Number(previous) * 100 } });
  });

  test(`ADM-28, ADM-29, ADM-30, ADM-31, ADM-32, ADM-33, ADM-34, ADM-35, ADM-36: a dish with a picture reaches guests in both languages, and leaves the menu when hidden (${language})`, async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    const tag = `${language}-${testInfo.project.name}-${Date.now().toString(36)}`;
    const dish = { ru: `Пирог ${tag}`, en: `Pie ${tag}` };
    await login(page, SUPERUSER);
    await gotoIn(page, language, '/admin/hotel');
    await openAdminSection(page, t.delivery);
    await expect(page).toHaveURL(/\/admin\/delivery$/);
    await page.getByTestId('add-product').click();
    const form = page.getByTestId('product-form');
    const names = form.getByRole('group').first();
    await names.getByLabel(t.ru).fill(dish.ru);
    await names.getByLabel(t.en).fill(dish.en);
    const descriptions = form.getByRole('group').nth(1);
    await descriptions.getByLabel(t.ru).fill('С брусникой');
    await descriptions.getByLabel(t.en).fill('With lingonberries');
    await form.getByLabel(t.price).fill('0');
    await form.getByRole('button', { name: t.create }).click();
    // ADM-32: a price of 0 is refused on the form.
    await expect(form.getByLabel(t.price)).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(t.price).fill('012,5');
    await expect(form.getByLabel(t.price)).toHaveValue('12,5');
    await form.getByLabel(t.category).selectOption({ index: 1 });
    await form.getByLabel(t.dishPhoto).setInputFiles({ name: 'pie.png', mimeType: 'image/png', buffer: DISH_PNG });
    await form.getByRole('button', { name: t.create }).click();
    await expect(form).toBeHidden();
    const card = page.getByTestId('admin-product-card').filter({ hasText: language === 'ru' ? dish.ru : dish.en });
    await expect(card).toContainText(/12[,.]50/);
    await expect(card.locator('img')).toBeVisible();

    // A guest sees it on /delivery in both languages, with its picture.
    const guest = await browser.newPage({ baseURL });
    for (const [lang, name] of [
      ['ru', dish.ru],
      ['en', dish.en],
    ] as const) {
      await gotoIn(guest, lang, '/delivery');
      const product = guest.getByTestId('product-card').filter({ hasText: name });
      await expect(product).toHaveCount(1);
      await expect(product.locator('img')).toHaveAttribute('srcset', /\?w=320/);
    }

    // Hidden from the menu (sold out today): gone for guests, still in the admin's list.
    await card.click();
    await form.getByLabel(t.hide).check();
    await form.getByRole('button', { name: t.save }).click();
    await expect(form).toBeHidden();
    await guest.reload();
    await expect(guest.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
    await expect(guest.getByTestId('product-card').filter({ hasText: dish.en })).toHaveCount(0);
    await expect(card).toBeVisible();

    // And deleted from the edit dialog (ADM-30), once the page's own dialog is confirmed.
    await card.click();
    await page.getByTestId('delete-product').click();
    const confirm = page.getByRole('dialog', { name: t.deleteDish });
    await expect(confirm).toContainText(language === 'ru' ? dish.ru : dish.en);
    await confirm.getByTestId('confirm-action').click();
    await expect(confirm).toBeHidden();
    await expect(form).toBeHidden();
    await expect(card).toHaveCount(0);
    await guest.close();
  });

  test(`ADM-42..48, ERR-16, issue 49: the superuser adds a member of staff with a role and deactivates them (${language})`, async ({ page }) => {
    const colleague = await createUser(page.context().request, { language });
    await login(page, SUPERUSER);
    await gotoIn(page, language, '/admin/hotel');
    await openAdminSection(page, t.users, t.usersShort);
    await expect(page).toHaveURL(/\/admin\/users$/);
    const form = page.getByTestId('staff-invite');
    const email = form.getByLabel(t.email);
    const list = page.getByTestId('staff-list');

    // ADM-47: nobody deactivates themselves.
    await expect(list.getByTestId('staff-row').filter({ hasText: SUPERUSER.email }).getByRole('button', { name: t.remove })).toHaveCount(0);

    await form.getByRole('checkbox', { name: t.kitchen }).check();
    await email.fill('nobody-at-all@example.com');
    await form.getByRole('button', { name: t.addAdmin }).click();
    await expect(form.getByText(t.notFound)).toBeVisible();
    await email.fill(SUPERUSER.email);
    await form.getByRole('button', { name: t.addAdmin }).click();
    await expect(form.getByText(t.selfAdd)).toBeVisible();

    await email.fill(colleague.email);
    await form.getByRole('button', { name: t.addAdmin }).click();
    const row = list.getByTestId('staff-row').filter({ hasText: colleague.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('checkbox', { name: t.kitchen })).toBeChecked();
    const remove = row.getByRole('button', { name: t.remove });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: t.removeTitle });
    await expect(confirm).toContainText(colleague.email);
    // Back has the focus first; Escape deactivates nobody and gives the focus back to the row's button.
    await expect(confirm.getByRole('button', { name: t.back })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(row).toHaveCount(1);
    await remove.click();
    await confirm.getByRole('button', { name: t.removeYes }).click();
    await expect(row).toHaveCount(0);
    await expect(confirm).toBeHidden();
  });
}

test('ADM-08: admin logout shows a toast and opens /auth', async ({ page }) => {
  await login(page, SUPERUSER);
  await gotoIn(page, 'en', '/admin/hotel');
  if (isPhone(page)) {
    await page.getByTestId('admin-bottom-nav').getByRole('button', { name: 'More' }).click();
    await page.getByTestId('admin-more').getByRole('button', { name: 'Log out' }).click();
  } else {
    await page.getByRole('button', { name: 'Log out' }).click();
  }
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('You have logged out')).toBeVisible();
});

for (const path of ['/admin/hotel', '/admin/hotel?tab=rates', '/admin/hotel?tab=extras', '/admin/delivery', '/admin/users', '/admin/log']) {
  test(`axe: ${path} has no serious or critical violations`, async ({ page }) => {
    await login(page, SUPERUSER);
    await gotoIn(page, 'ru', path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId(isPhone(page) ? 'admin-bottom-nav' : 'admin-side-nav')).toBeVisible();
    if (path.includes('tab=rates')) await expect(page.getByTestId('rate-calendar')).toBeVisible();
    if (path.includes('tab=extras')) await expect(page.getByTestId('admin-extra-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
