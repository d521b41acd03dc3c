/**
 * Tables at the restaurant (issue 24, point 1), at 375 and 1280 px in both languages: a guest books
 * a table for four at 19:30 from the restaurant page and gets the letter with the calendar event;
 * staff confirm it on the board at /admin/restaurant; the guest's account shows it confirmed.
 */
import type { Page } from '@playwright/test';
import { expect, gotoIn, test, waitForApp } from '../fixtures';
import { SUPERUSER } from '../support/admin';
import { allViolations } from '../support/axe';
import { lettersTo } from '../support/mail';
import type { StoredMail } from '../support/smtp';
import { createUserAndLogin, login } from '../support/users';
import { lookAt } from '../support/shots';

const TEXTS = {
  ru: { reserve: 'Забронировать стол', submit: 'Забронировать', requested: 'Заявка принята', confirm: 'Подтвердить', confirmed: 'Подтверждён', party: 'Гостей' },
  en: { reserve: 'Book a table', submit: 'Book', requested: 'Request received', confirm: 'Confirm', confirmed: 'Confirmed', party: 'Guests' },
} as const;

/** A calendar day `offset` days from today, "YYYY-MM-DD". */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function letterMatching(email: string, subject: RegExp): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(async () => (found = (await lettersTo(email)).find((letter) => subject.test(letter.subject))) !== undefined, { message: `a letter "${subject}"`, timeout: 15_000 })
    .toBe(true);
  return found!;
}

async function shot(page: Page, name: string) {
  await lookAt(page, name, { fullPage: true });
}

for (const language of ['ru', 'en'] as const) {
  test(`a guest books a table for four at 19:30, gets the letter; staff confirm it and the account shows it confirmed (${language})`, async ({ page, browser, viewport }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const width = viewport?.width ?? 1280;
    // Each project and language its own day, so the runs never share a slot.
    const date = day(3 + (width < 768 ? 2 : 0) + (language === 'en' ? 1 : 0));
    const compact = date.replaceAll('-', '');
    const user = await createUserAndLogin(page, { firstName: language === 'ru' ? 'Ольга' : 'Olga', language });

    // From the restaurant page to the form.
    await gotoIn(page, language, '/restaurant');
    await page.getByTestId('restaurant-intro').getByRole('link', { name: texts.reserve }).click();
    await expect(page).toHaveURL(/\/restaurant\/book$/);
    const form = page.getByTestId('table-booking-form');
    await expect(form).toBeVisible();
    await form.getByLabel(language === 'ru' ? 'Дата' : 'Date').fill(date);
    await form.getByLabel(texts.party).selectOption('4');
    await form.getByRole('radio', { name: '19:30', exact: true }).check();
    await form.getByLabel(language === 'ru' ? 'Телефон' : 'Phone').fill('+375 29 555-12-34');
    await form.getByLabel(language === 'ru' ? 'Пожелания' : 'Wishes').fill(language === 'ru' ? 'У окна' : 'By the window');
    await shot(page, `book-form-${language}-${width}`);
    expect(await allViolations(page, '[data-testid="table-booking-form"]')).toEqual([]);
    await form.getByRole('button', { name: texts.submit, exact: true }).click();
    const booked = page.getByTestId('table-booked');
    await expect(booked).toContainText(texts.requested);
    await expect(booked).toContainText(user.email);
    await shot(page, `book-done-${language}-${width}`);

    // The letter, with the table as a tentative calendar event at 19:30–21:30.
    const requested = await letterMatching(user.email, language === 'ru' ? /^Заявка на стол №\d+ принята/ : /^Table request #\d+ received/);
    const id = /(\d+)/.exec(requested.subject)![1]!;
    expect(requested.calendar).toContain(`DTSTART;TZID=Europe/Minsk:${compact}T193000`);
    expect(requested.calendar).toContain(`DTEND;TZID=Europe/Minsk:${compact}T213000`);
    expect(requested.calendar).toContain('STATUS:TENTATIVE');

    // Staff confirm it on the board, in their own browser.
    const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
    const staff = await context.newPage();
    await login(staff, SUPERUSER);
    await gotoIn(staff, language, '/admin/restaurant');
    await staff.getByTestId('board-date').fill(date);
    const row = staff.getByTestId('board-table').filter({ hasText: `#${id}` });
    await expect(row).toContainText('19:30');
    await shot(staff, `board-${language}-${width}`);
    expect(await allViolations(staff, '[data-testid="restaurant-board"]')).toEqual([]);
    await row.getByRole('button', { name: texts.confirm, exact: true }).click();
    await expect(row.getByTestId('board-status')).toHaveText(texts.confirmed);
    await shot(staff, `board-confirmed-${language}-${width}`);
    const confirmed = await letterMatching(user.email, language === 'ru' ? new RegExp(`^Стол №${id} подтверждён`) : new RegExp(`^Table #${id} confirmed`));
    expect(confirmed.calendar).toContain('STATUS:CONFIRMED');
    await context.close();

    // The guest's account shows it confirmed, beside the stays.
    await gotoIn(page, language, '/account/reservations');
    const card = page.getByTestId('table-card').filter({ hasText: `${language === 'ru' ? '№' : '#'}${id}` });
    await expect(card.getByTestId('table-status')).toHaveText(texts.confirmed);
    await shot(page, `account-${language}-${width}`);
    // Nothing sticks out sideways at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('a party over 12 gets the banquet note, not the form; the header leads to the booking page', async ({ page, viewport }) => {
  await gotoIn(page, 'en', '/restaurant/book');
  await page.getByLabel('Guests').selectOption('13');
  await expect(page.getByTestId('table-banquet')).toContainText('banquet');
  await expect(page.getByTestId('table-booking-submit')).toHaveCount(0);
  // The restaurant's structured data names the booking page as where tables are reserved.
  await gotoIn(page, 'en', '/restaurant');
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => [JSON.parse(text) as unknown].flat()) as {
    '@type'?: string;
    acceptsReservations?: string;
  }[];
  expect(data.find((item) => item['@type'] === 'Restaurant')?.acceptsReservations).toMatch(/\/restaurant\/book$/);
  if ((viewport?.width ?? 1280) >= 800) {
    await expect(page.getByTestId('header-book-table')).toHaveAttribute('href', '/restaurant/book');
  }
});

test('a signed-out booking waits for the link in a short letter; staff see the unconfirmed apart and clear them (issue 42.9, 42.10)', async ({ browser, viewport }) => {
  test.setTimeout(120_000);
  const width = viewport?.width ?? 1280;
  // Russian on the phone's width, English on the desktop's: both languages, both widths.
  const language = width < 768 ? 'ru' : 'en';
  const date = day(20 + (width < 768 ? 1 : 0));
  const stamp = `${Date.now()}-${width}`;
  const guest = await browser.newContext({ viewport: viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
  const page = await guest.newPage();

  const book = async (time: string, email: string) => {
    await gotoIn(page, language, '/restaurant/book');
    // A page of its own context, not the fixture's: it waits for the app as the fixture's goto does.
    await waitForApp(page);
    const form = page.getByTestId('table-booking-form');
    await form.getByLabel(language === 'ru' ? 'Дата' : 'Date').fill(date);
    await form.getByRole('radio', { name: time, exact: true }).check();
    await form.getByLabel(language === 'ru' ? 'Имя' : 'Name').fill('Visit spam.example');
    await form.getByLabel(language === 'ru' ? 'Телефон' : 'Phone').fill('+375 29 555-12-34');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(language === 'ru' ? 'Пожелания' : 'Wishes').fill('Free money at spam.example');
    await form.getByRole('button', { name: TEXTS[language].submit, exact: true }).click();
    await expect(page.getByTestId('table-booked')).toContainText(language === 'ru' ? 'Проверьте почту' : 'Check your mail');
  };

  const first = `anon-a-${stamp}@example.com`;
  await book('18:00', first);
  await expect(page.getByTestId('table-confirm-note')).toContainText(first);
  await shot(page, `book-check-mail-${language}-${width}`);
  await book('20:00', `anon-b-${stamp}@example.com`);

  // The short letter: the link, nothing the booker typed.
  const letter = await letterMatching(first, language === 'ru' ? /^Подтвердите бронь стола/ : /^Confirm your table/);
  expect(letter.text).not.toContain('spam.example');
  const link = new URL(/https?:\/\/\S+\/restaurant\/book\/confirm\?lang=\w+#[\w-]{43}/.exec(letter.text)![0]);
  await page.goto(`${link.pathname}${link.search}${link.hash}`);
  await expect(page.getByTestId('table-confirm-result')).toContainText(language === 'ru' ? 'Бронь стола подтверждена' : 'Your table is confirmed');
  await shot(page, `book-confirmed-${language}-${width}`);
  await letterMatching(first, language === 'ru' ? /^Заявка на стол №\d+ принята/ : /^Table request #\d+ received/);
  await guest.close();

  const context = await browser.newContext({ viewport: viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
  const staff = await context.newPage();
  await login(staff, SUPERUSER);
  await gotoIn(staff, language, '/admin/restaurant');
  await staff.getByTestId('board-date').fill(date);
  // A row reads its start first: the 18:00 table ends at 20:00.
  const waiting = staff.getByTestId('board-table').filter({ hasText: /^20:00/ });
  await expect(waiting.getByTestId('board-email-state')).toContainText(language === 'ru' ? 'держит места до' : 'holds seats until');
  await expect(staff.getByTestId('board-table').filter({ hasText: /^18:00/ }).getByTestId('board-email-state')).toHaveCount(0);
  await shot(staff, `board-unconfirmed-${language}-${width}`);
  expect(await allViolations(staff, '[data-testid="restaurant-board"]')).toEqual([]);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // Clearing cancels every unconfirmed table of every day: only one project does it, so the other's
  // table is still waiting when it looks.
  if (width >= 768) {
    const apart = staff.getByTestId('board-unconfirmed');
    await expect(apart.getByTestId('board-table').filter({ hasText: /^20:00/ })).toHaveCount(1);
    await apart.getByTestId('board-clear-unconfirmed').click();
    const dialog = staff.getByRole('dialog');
    await expect(dialog).toContainText('whose e-mail is not confirmed');
    await shot(staff, `board-clear-dialog-${language}-${width}`);
    await dialog.getByTestId('confirm-action').click();
    await expect(waiting.getByTestId('board-status')).toHaveText('Cancelled');
  }
  await context.close();
});
