/**
 * Prices by date and stay rules end to end (issue 23): staff set a summer weekend price and a
 * two-night minimum from Saturday on the rate calendar of /admin/hotel; a guest searches one
 * Saturday night and sees the reason instead of the Book button, books two nights from Saturday
 * and sees the nights' breakdown on the payment step and in the account. English at 1280 px,
 * Russian at 375 px (where the calendar is a list per room); each project has its own weekend.
 */
import { expect, gotoIn, test } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { saveCard } from '../support/cards';
import { createUserAndLogin, login } from '../support/users';
import { lookAt } from '../support/shots';

const texts = {
  en: { setPrice: 'Set price', setRule: 'Set rule', price: 'Price per night, BYN', minNights: /^Minimum nights/, minimum: /Minimum 2 nights from Saturday/, book: 'Book', continue: 'Continue', details: 'Details' },
  ru: { setPrice: 'Задать цену', setRule: 'Задать правило', price: 'Цена за ночь, BYN', minNights: /^Минимум ночей/, minimum: /Минимум 2 ночи при заезде/, book: 'Забронировать', continue: 'Продолжить', details: 'Подробнее' },
} as const;

/** The first Saturday at least `offset` days from today, "YYYY-MM-DD". */
function saturdayFrom(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const plus = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('staff set a summer weekend price and a two-night minimum; the guest sees the reason, books two nights and sees the breakdown', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const mobile = testInfo.project.name === 'mobile';
  const language = mobile ? 'ru' : 'en';
  const t = texts[language];
  const shot = (name: string, fullPage = true) => lookAt(page, `rates-${name}`, { fullPage });
  // A summer Saturday of its own for each project (other specs keep to other nights).
  const saturday = saturdayFrom(mobile ? 205 : 198);
  const friday = plus(saturday, -1);

  // Staff: the rate calendar of the Saturday's month.
  await login(page, SUPERUSER);
  await gotoIn(page, language, `/admin/hotel?tab=rates&month=${saturday.slice(0, 7)}`);
  const calendar = page.getByTestId('rate-calendar');
  await expect(calendar).toBeVisible();
  const row = calendar.getByTestId('rates-room').nth(mobile ? 1 : 0);
  const roomName = (await row.getAttribute('aria-label'))!;
  const cell = (date: string) => row.locator(`[data-testid="rate-cell"][data-date="${date}"]`);
  await expect(cell(saturday)).toHaveClass(/base/);

  // Friday and Saturday nights at 777 BYN.
  await cell(friday).click();
  await cell(saturday).click();
  await expect(cell(friday)).toHaveAttribute('aria-pressed', 'true');
  const form = page.getByTestId('rate-form');
  await form.getByLabel(t.price).fill('777');
  await form.getByRole('button', { name: t.setPrice }).click();
  await expect(cell(saturday)).toContainText('777');
  await expect(cell(saturday)).not.toHaveClass(/base/);
  await expect(cell(plus(saturday, 1))).toHaveClass(/base/);

  // A two-night minimum for arrivals on that Saturday.
  await cell(saturday).click();
  await cell(saturday).click();
  await form.getByLabel(t.minNights).fill('2');
  await form.getByRole('button', { name: t.setRule }).click();
  await expect(cell(saturday)).toContainText(mobile ? 'мин. 2 ночи' : 'min 2 nights');
  await cell(saturday).scrollIntoViewIfNeeded();
  await shot('calendar', !mobile);
  await form.scrollIntoViewIfNeeded();
  await shot('form', false);

  // The guest: one Saturday night shows the room with the reason, and no Book button.
  await createUserAndLogin(page, { language });
  await saveCard(page);
  await gotoIn(page, language, `/hotel/rooms?checkIn=${saturday}&checkOut=${plus(saturday, 1)}&guests=1`);
  const refused = page.getByTestId('variant-card').filter({ has: page.getByRole('heading', { name: roomName, exact: true }) });
  await expect(refused.getByTestId('variant-stay-rule')).toContainText(t.minimum);
  await expect(refused.getByRole('button', { name: t.book })).toHaveCount(0);
  await refused.getByTestId('variant-stay-rule').scrollIntoViewIfNeeded();
  await shot('search-reason', false);

  // Two nights from Saturday: 777 + the base price, in two lines.
  await gotoIn(page, language, `/hotel/rooms?checkIn=${saturday}&checkOut=${plus(saturday, 2)}&guests=1`);
  const variant = page.getByTestId('variant-card').filter({ has: page.getByRole('heading', { name: roomName, exact: true }) });
  await expect(variant.getByTestId('price-breakdown').getByRole('listitem')).toHaveCount(2);
  await expect(variant.getByTestId('price-breakdown')).toContainText('777');
  const total = (await variant.getByTestId('variant-total').textContent())!.trim();
  await variant.getByRole('button', { name: t.book }).click();
  await expect(page).toHaveURL(/\/hotel\/guests$/);
  await page.getByRole('button', { name: t.continue }).click();
  await expect(page).toHaveURL(/\/hotel\/payment$/);
  const summary = page.getByTestId('booking-summary');
  await expect(summary.getByTestId('summary-total')).toHaveText(total);
  await expect(summary.getByTestId('summary-price-per-night')).toContainText('777');
  await expect(summary.getByTestId('price-breakdown').getByRole('listitem')).toHaveCount(2);
  await shot('payment');
  await page.getByTestId('book-button').click();

  // The account shows the same breakdown.
  await expect(page).toHaveURL(/\/account\/reservations$/);
  const card = page.getByTestId('reservation-card').filter({ hasText: roomName });
  await expect(card).toContainText(total);
  await card.getByRole('button', { name: t.details }).click();
  const details = page.getByTestId('reservation-details');
  await expect(details.getByTestId('details-total')).toHaveText(total);
  await expect(details.getByTestId('price-breakdown').getByRole('listitem')).toHaveCount(2);
  await expect(details.getByTestId('price-breakdown')).toContainText('777');
  await shot('account');
});
