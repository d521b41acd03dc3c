/**
 * Guests' reviews (issue 25, point 2), at 375 and 1280 px, in Russian and English: a guest whose
 * stay is over gets the letter asking for a review, follows its link, signs in and comes back to
 * the form, writes the review; staff approve it at /admin/reviews; it shows on /hotel and in the
 * page's JSON-LD.
 *
 * A stay that is over cannot be booked through the site, so this spec runs a server of its own on
 * a fresh PostgreSQL database (DATABASE_URL, default the local one) and writes the past stay there,
 * with letters caught by an SMTP server of its own.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import type pg from 'pg';
import { expect, test, waitForApp } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { lettersTo } from '../support/mail';
import type { RunningServer } from '../support/server';
import { hotelDay, POSTGRES, startServerOnPostgres, watched, type ServerOnPostgres } from '../support/server-on-postgres';
import { createUser, type TestUser } from '../support/users';
import { lookAt } from '../support/shots';


let own: ServerOnPostgres;
let db: pg.Client;
let server: RunningServer;
let api: APIRequestContext;

// One server for the run of this file in a worker: both languages' tests use it, one after the other.
test.describe.configure({ mode: 'serial' });

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForApp(page);
}

test.skip(!POSTGRES, 'needs a PostgreSQL server: set TEST_DATABASE_URL (or E2E_DATABASE_URL)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startServerOnPostgres('reviews', { REVIEW_LETTERS_INTERVAL_SECONDS: '1' });
  ({ db, server, api } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

let stays = 0;

/** A two-night stay of the guest that is over, written where the site could not have booked it; each in a room of its own. */
async function pastStay(email: string): Promise<number> {
  const room = stays++;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reservations (user_id, room_id, stay, guest_count, price_per_night, price)
     SELECT u.id, (SELECT id FROM rooms ORDER BY id OFFSET $4 LIMIT 1), daterange($2::date, $3::date), 1, 10000, 20000 FROM users u WHERE lower(u.email) = lower($1)
     RETURNING id`,
    [email, hotelDay(-4), hotelDay(-2), room],
  );
  return rows[0]!.id;
}

async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>, texts: { signIn: string; password: string }) {
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: texts.signIn }).click();
  await page.getByLabel(texts.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: texts.signIn }).click();
}

/** No serious or critical accessibility problem inside `selector`. */
async function accessible(page: Page, selector: string) {
  expect(await seriousViolations(page, selector)).toEqual([]);
}

for (const language of ['ru', 'en'] as const) {
  const t =
    language === 'ru'
      ? { signIn: 'Войти', password: 'Пароль', send: 'Отправить отзыв', pending: 'Ждёт проверки', approve: 'Показать на сайте', reviews: 'Отзывы гостей', star: '4 звезды' }
      : { signIn: 'Sign in', password: 'Password', send: 'Send the review', pending: 'Waiting for a check', approve: 'Show on the site', reviews: 'Guests’ reviews', star: '4 stars' };

  test(`issue 25.2: a guest reviews a finished stay from the letter's link, staff approve it, it shows on /hotel and in its JSON-LD (${language})`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
    const guest = await createUser(api, { language, firstName: language === 'ru' ? 'Вера' : 'Vera' });
    const stay = await pastStay(guest.email);

    // The letter goes once, in the guest's language, with the link to this stay's form.
    let letters: Awaited<ReturnType<typeof lettersTo>> = [];
    await expect
      .poll(async () => (letters = (await lettersTo(guest.email)).filter((letter) => letter.text.includes('/account/reviews?'))).length, { timeout: 20_000 })
      .toBe(1);
    const link = /(https?:\/\/\S+\/account\/reviews\?kind=stay&id=(\d+))/.exec(letters[0]!.text);
    expect(link?.[2]).toBe(String(stay));
    expect(letters[0]!.subject).toContain(language === 'ru' ? 'Как вам у нас?' : 'How was your stay?');

    // Signed out, the link leads to sign-in first and back to the form.
    const context = await browser.newContext({ viewport, locale: language === 'ru' ? 'ru-RU' : 'en-GB' });
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    const errors = watched(page);
    await open(page, link![1]!);
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, guest, t);
    await expect(page).toHaveURL(new RegExp(`/account/reviews\\?kind=stay&id=${stay}$`));
    const form = page.getByTestId('review-form');
    await expect(form).toBeVisible();
    await lookAt(page, `review-form-${language}`, { fullPage: true });
    await accessible(page, 'main');

    // Stars from the keyboard-reachable radios, a text with markup in it: kept and shown as text.
    await form.getByRole('radio', { name: t.star }).check();
    const text = language === 'ru' ? 'Тихо и тепло, <b>завтрак</b> чудесный.' : 'Quiet and warm, the <b>breakfast</b> was lovely.';
    await form.getByTestId('review-text').fill(text);
    await form.getByRole('button', { name: t.send }).click();
    const own = page.getByTestId('own-review');
    await expect(own).toContainText(text);
    await expect(own.getByTestId('own-review-state')).toHaveText(t.pending);
    await lookAt(page, `review-sent-${language}`, { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // Staff approve it.
    const staff = await createUser(api, { language, firstName: 'Staff' });
    await db.query(`INSERT INTO staff_roles (user_id, role) SELECT id, 'manager' FROM users WHERE lower(email) = lower($1)`, [staff.email]);
    const staffContext = await browser.newContext({ viewport });
    await staffContext.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const staffPage = await staffContext.newPage();
    const staffErrors = watched(staffPage);
    await open(staffPage, `${server.url}/auth`);
    await signIn(staffPage, staff, t);
    await expect(staffPage).not.toHaveURL(/\/auth/);
    await open(staffPage, `${server.url}/admin/reviews`);
    const row = staffPage.getByTestId('admin-review').filter({ hasText: text });
    await expect(row).toBeVisible();
    await lookAt(staffPage, `admin-reviews-${language}`, { fullPage: true });
    await accessible(staffPage, 'main');
    await row.getByRole('button', { name: t.approve }).click();
    // The list shows new reviews: an approved one leaves it.
    await expect(staffPage.getByTestId('admin-review').filter({ hasText: text })).toHaveCount(0);
    expect(staffErrors).toEqual([]);
    await staffContext.close();

    // On /hotel at once, as the server draws it, and in its JSON-LD.
    const visitor = await browser.newContext({ viewport });
    await visitor.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
    const hotel = await visitor.newPage();
    const hotelErrors = watched(hotel);
    await open(hotel, `${server.url}/hotel`);
    const section = hotel.getByTestId('reviews-stay');
    await expect(section.getByRole('heading', { level: 2, name: t.reviews })).toBeVisible();
    const shown = section.getByTestId('public-review').filter({ hasText: text });
    await expect(shown).toBeVisible();
    await expect(shown.locator('b')).toHaveCount(0);
    await shown.scrollIntoViewIfNeeded();
    await lookAt(hotel, `hotel-reviews-${language}`, { fullPage: true });
    await lookAt(section, `hotel-reviews-section-${language}`);
    await accessible(hotel, '[data-testid="reviews-stay"]');
    const ld = await hotel.locator('head script[type="application/ld+json"]').allTextContents();
    const hotelLd = ld.map((item) => JSON.parse(item) as Record<string, unknown>).find((item) => item['@type'] === 'Hotel');
    expect(hotelLd?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 5 });
    expect(JSON.stringify(hotelLd?.review)).toContain(JSON.stringify(text).slice(1, -1));
    // The page as sent, before any script: the review and the rating are in it.
    const sent = await (await api.get('/hotel', { headers: { cookie: `language=${language}` } })).text();
    expect(sent).toContain('"aggregateRating"');
    expect(sent).toContain(text.replace('<b>', '&lt;b&gt;').replace('</b>', '&lt;/b&gt;'));
    expect(hotelErrors).toEqual([]);
    await visitor.close();
  });
}
