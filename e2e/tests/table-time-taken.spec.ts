/**
 * Issue 48, point 10: a table time that fills while the guest is filling in the form is refused
 * with 409, and the time is no longer shown as chosen; the guest picks again among the day's
 * times, asked again. Each project and language books on a day of its own.
 */
import { expect, gotoIn, test } from '../fixtures';
import { CLIENT_TOKEN } from '../support/users';

const TEXTS = {
  ru: { submit: 'Забронировать', full: 'На это время мест уже нет.' },
  en: { submit: 'Book', full: 'No seats are left at that time.' },
} as const;

for (const language of ['ru', 'en'] as const) {
  test(`TBL (issue 48, point 10): a time taken meanwhile is refused and no longer chosen (${language})`, async ({ page, request }, testInfo) => {
    const texts = TEXTS[language];
    const offset = 11 + (testInfo.project.name === 'mobile' ? 2 : 0) + (language === 'en' ? 1 : 0);
    const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await gotoIn(page, language, '/restaurant/book');
    const form = page.getByTestId('table-booking-form');
    await form.locator('input[name="date"]').fill(date);
    await form.locator('select[name="party"]').selectOption('2');
    const times = page.getByTestId('table-times');
    await times.getByRole('radio', { name: '15:00', exact: true }).check();
    await form.locator('input[name="name"]').fill('Ales Navumau');
    await form.locator('input[name="phone"]').fill('+375 29 765-43-21');
    await form.locator('input[name="email"]').fill(`taken-${language}-${testInfo.project.name}@example.com`);
    // Meanwhile others take every seat at 15:00 (40 covers).
    for (const [index, party] of [12, 12, 12, 4].entries()) {
      const res = await request.post('/api/v1/restaurant/tables/', {
        headers: { 'x-client-token': CLIENT_TOKEN },
        data: { date, time: '15:00', party, name: 'Other guests', phone: '+375 29 111-22-33', email: `others-${index}-${language}-${testInfo.project.name}@example.com`, language },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await form.getByRole('button', { name: texts.submit, exact: true }).click();
    await expect(page.getByTestId('table-booking-error')).toContainText(texts.full);
    await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(times.locator('[data-chosen]')).toHaveCount(0);
    await expect(times.getByRole('radio', { name: /^15:00/ })).toBeDisabled();
    await page.getByTestId('table-booking-error').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`table-taken-${language}.png`) });
  });
}
