/**
 * With JavaScript disabled entirely, the public pages still do what their controls say (issue 26):
 * the room search is a form the server answers with results, the delivery categories and the
 * language switch are links the server draws, the burger leads to the footer's list of pages.
 * Pages are opened with `waitUntil: 'commit'`: without scripts the app never marks them hydrated.
 */
import { expect, test } from '../fixtures';

test.use({ javaScriptEnabled: false });

test('HOT-13, HOT-14: the room search sent without scripts shows the rooms free for those dates, with prices', async ({ page }) => {
  await page.goto('/hotel', { waitUntil: 'commit' });
  const form = page.getByTestId('room-search');
  const checkIn = await form.locator('input[name="checkIn"]').inputValue();
  const checkOut = await form.locator('input[name="checkOut"]').inputValue();
  await form.locator('input[name="guests"]').fill('2');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/hotel/rooms\\?checkIn=${checkIn}&checkOut=${checkOut}&guests=2$`));
  // The results (or, with every room taken by other tests, the screen that says so), drawn by the server.
  const card = page.getByTestId('variant-card').first();
  await expect(card.or(page.getByTestId('no-variants')).first()).toBeVisible();
  if (await card.isVisible()) await expect(card).toContainText('BYN');
  await expect(page.getByTestId('room-search').locator('input[name="guests"]')).toHaveValue('2');
});

test('HOT-10: a search the form would refuse comes back with the form and its message', async ({ page }) => {
  await page.goto('/hotel/rooms?checkIn=2020-01-01&checkOut=2020-01-02&guests=1', { waitUntil: 'commit' });
  await expect(page.getByRole('alert').filter({ hasText: 'Дата заезда не может быть в прошлом' })).toBeVisible();
  await expect(page.getByTestId('variant-card')).toHaveCount(0);
});

test('DEL-03: a category chosen without scripts shows that category’s dishes, drawn by the server', async ({ page, request }) => {
  const menu = (await (await request.get('/api/v1/delivery/products/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as {
    name: { ru: string };
    category: { id: number; title: { ru: string } };
  }[];
  const soups = menu.filter((product) => product.category.title.ru === 'Супы');
  expect(soups.length).toBeGreaterThan(1);
  await page.goto('/delivery', { waitUntil: 'commit' });
  // On a phone the list, folded behind its toggle with scripts, is open without them.
  await page.getByTestId('category-nav').getByRole('link', { name: 'Супы', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/delivery\\?category=${soups[0]!.category.id}$`));
  await expect(page.getByTestId('product-grid').getByTestId('product-card')).toHaveCount(soups.length);
  await expect(page.getByTestId('category-nav').getByRole('link', { name: 'Супы', exact: true })).toHaveAttribute('aria-current', 'true');
});

test('CHR-25: the language switch without scripts brings the page in English, and the next page too', async ({ page }) => {
  await page.goto('/restaurant', { waitUntil: 'commit' });
  await page.getByTestId('language-toggle').locator('visible=true').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/[а-яё]/i);
  await page.goto('/delivery', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the burger without scripts leads to the list of the site’s pages', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  const burger = page.locator('header [aria-controls="side-menu"]');
  test.skip(!(await burger.isVisible()), 'the burger shows on phones');
  await burger.click();
  await expect(page).toHaveURL(/#site-map$/);
  await expect(page.locator('#site-map').getByRole('link', { name: 'Ресторан' })).toBeInViewport();
});

for (const language of ['ru', 'en'] as const) {
  test(`TBL (issue 48, point 11): /restaurant/book arrives with its form and books a table without scripts (${language})`, async ({ page }, testInfo) => {
    // An e-mail no account proved: the table waits for the link in a short letter (decision 048).
    const words = language === 'en' ? { submit: 'Book', done: 'Check your mail' } : { submit: 'Забронировать', done: 'Проверьте почту' };
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(language === 'en' ? '/restaurant/book?lang=en' : '/restaurant/book', { waitUntil: 'commit' });
    const form = page.getByTestId('table-booking-form');
    await expect(form).toBeVisible();
    await expect(form.locator('input[name="date"]')).not.toHaveValue('');
    await form.locator('input[name="date"]').fill(date);
    await form.locator('select[name="party"]').selectOption('2');
    await form.getByRole('radio', { name: '13:15' }).check();
    await form.locator('input[name="name"]').fill('Ales Navumau');
    await form.locator('input[name="phone"]').fill('+375 29 765-43-21');
    await form.locator('input[name="email"]').fill(`nojs-${language}-${testInfo.project.name}@example.com`);
    await page.screenshot({ path: testInfo.outputPath(`table-form-${language}.png`), fullPage: true });
    await form.getByRole('button', { name: words.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/book\\?booked=awaiting&date=${date}&time=13%3A15&party=2&until=[^&]+$`));
    const done = page.getByTestId('table-booked');
    await expect(done).toContainText(words.done);
    await expect(done).toContainText('13:15');
    await page.screenshot({ path: testInfo.outputPath(`table-booked-${language}.png`), fullPage: true });
  });
}
