/**
 * Extras with the stay end to end (issue 23, point 5; decision 044), in both languages, at 375 and
 * 1280 px: a guest books two nights with breakfast from the demo content's extras, sees it in the
 * summary with the total, and finds it in the account's details. Each run books nights of its own.
 */
import { expect, gotoIn, test } from '../fixtures';
import { saveCard } from '../support/cards';
import { createUserAndLogin } from '../support/users';

const texts = {
  ru: { book: 'Забронировать', continue: 'Продолжить', breakfast: 'Завтрак', perGuestNight: '25 BYN за гостя в ночь', booked: 'Номер забронирован!', details: 'Подробнее' },
  en: { book: 'Book', continue: 'Continue', breakfast: 'Breakfast', perGuestNight: '25 BYN per guest a night', booked: 'Your room is booked!', details: 'Details' },
} as const;

/** A calendar day `offset` days from today, "YYYY-MM-DD". */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** "1 234,50" / "1,234.50" and the like, as digits only, to compare sums whatever the spacing. */
const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

for (const language of ['ru', 'en'] as const) {
  const t = texts[language];

  test(`extras: two nights with breakfast, in the summary and in the account (${language})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await createUserAndLogin(page, { language });
    await saveCard(page);
    const offset = 270 + (language === 'en' ? 6 : 0) + (testInfo.project.name === 'mobile' ? 12 : 0);
    const [checkIn, checkOut] = [day(offset), day(offset + 2)];

    await gotoIn(page, language, `/hotel/rooms?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`);
    const variant = page.getByTestId('variant-card').first();
    await expect(variant).toBeVisible();
    const roomName = (await variant.getByRole('heading').textContent())!.trim();
    await variant.getByRole('button', { name: t.book }).click();
    await expect(page).toHaveURL(/\/hotel\/guests$/);

    // The room's extras, with their pictures and prices; breakfast for one guest, two nights: 50 BYN.
    const picker = page.getByTestId('extras-picker');
    const breakfast = picker.getByTestId('extra').filter({ hasText: t.breakfast });
    await expect(breakfast).toContainText(t.perGuestNight);
    await expect(breakfast.getByRole('img')).toBeVisible();
    await expect(picker.getByTestId('extras-total')).toContainText('0');
    const nightsTotal = digits(await page.getByTestId('summary-total').textContent());
    await breakfast.getByRole('checkbox', { name: t.breakfast }).check();
    await expect(breakfast.getByTestId('extra-line-total')).toHaveText(/^50\sBYN$/);
    await expect(picker.getByTestId('extras-total')).toContainText('50');
    await expect.poll(async () => Number(digits(await page.getByTestId('summary-total').textContent()))).toBe(Number(nightsTotal) + 50);
    await page.getByRole('button', { name: t.continue }).click();

    // The summary lists it and counts it in the total.
    await expect(page).toHaveURL(/\/hotel\/payment$/);
    const summary = page.getByTestId('booking-summary');
    await expect(summary.getByTestId('summary-extra')).toContainText(`${t.breakfast} × 1`);
    const total = (await summary.getByTestId('summary-total').textContent())!.trim();
    expect(Number(digits(total))).toBe(Number(nightsTotal) + 50);
    const booked = page.getByText(t.booked).waitFor({ timeout: 15_000 });
    await page.getByTestId('book-button').click();
    await booked;

    // The account: the booking's total has it, and its details list it.
    await expect(page).toHaveURL(/\/account\/reservations$/);
    const card = page.getByTestId('reservation-card').filter({ hasText: roomName });
    await expect(card.first()).toContainText(total);
    await card.first().getByRole('button', { name: t.details }).click();
    const details = page.getByTestId('reservation-details');
    await expect(details.getByTestId('details-total')).toHaveText(total);
    await expect(details.getByTestId('extra-lines')).toContainText(t.breakfast);
    await expect(details.getByTestId('extra-lines')).toContainText(/50\sBYN/);
  });
}
