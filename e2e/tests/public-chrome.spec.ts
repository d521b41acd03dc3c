/** The shared chrome's behaviour and the home page's sliders (CHR-04..08, CHR-14, PUB-02, PUB-03, PUB-07). */
import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForApp } from '../fixtures';
import { pauseClock } from '../support/clock';

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 800;

/** Opens a page; the fixture's `goto` returns once the app has taken over the prerendered HTML. */
async function open(page: Page, path: string) {
  await page.goto(path);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/** Runs the page clock on in small steps until the carousel's index changes; returns the new index. */
async function runUntilItMoves(page: Page, carousel: Locator, limitMs: number) {
  const start = await carousel.getAttribute('data-index');
  for (let elapsed = 0; elapsed < limitMs; elapsed += 100) {
    await page.clock.runFor(100);
    const now = await carousel.getAttribute('data-index');
    if (now !== start) return Number(now);
  }
  throw new Error(`the carousel did not move within ${limitMs} ms`);
}

function isoDate(offsetDays: number) {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test.describe('header', () => {
  test('scrolled style after 40 px, the room search after 90 px (CHR-04, CHR-05)', async ({ page }) => {
    await open(page, '/');
    const header = page.getByTestId('site-header');
    const search = page.getByTestId('header-room-search');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(search).toHaveCount(0);
    await scrollTo(page, 40);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await scrollTo(page, 41);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await scrollTo(page, 90);
    await expect(search).toBeHidden();
    await scrollTo(page, 91);
    await expect(search).toBeVisible();
    await scrollTo(page, 60);
    await expect(search).toBeHidden();
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await scrollTo(page, 0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('the curved divider follows the scroll up to 100 px (CHR-14)', async ({ page }) => {
    await open(page, '/terms');
    const divider = page.getByTestId('header-divider');
    await expect(divider).toHaveAttribute('data-progress', '0.00');
    await scrollTo(page, 25);
    await expect(divider).toHaveAttribute('data-progress', '0.25');
    await scrollTo(page, 50);
    await expect(divider).toHaveAttribute('data-progress', '0.50');
    await scrollTo(page, 100);
    await expect(divider).toHaveAttribute('data-progress', '1.00');
    await scrollTo(page, 400);
    await expect(divider).toHaveAttribute('data-progress', '1.00');
    await scrollTo(page, 10);
    await expect(divider).toHaveAttribute('data-progress', '0.10');
  });

  test('the header search validates on every change and submits to /hotel/rooms with the query (CHR-06)', async ({ page }) => {
    await open(page, '/contacts');
    await scrollTo(page, 200);
    const form = page.getByTestId('header-room-search');
    await expect(form).toBeVisible();
    const checkIn = form.getByLabel('Заезд');
    const checkOut = form.getByLabel('Выезд');
    const guests = form.getByLabel('Гостей');
    // Defaults: tomorrow, the day after, one guest.
    await expect(checkIn).toHaveValue(isoDate(1));
    await expect(checkOut).toHaveValue(isoDate(2));
    await expect(guests).toHaveValue('1');

    await checkIn.fill(isoDate(-1));
    await expect(form.getByText('Дата заезда не может быть в прошлом')).toBeVisible();
    await expect(checkIn).toHaveAttribute('aria-invalid', 'true');
    await checkIn.fill(isoDate(5));
    await expect(form.getByText('Дата заезда не может быть в прошлом')).toBeHidden();
    await expect(form.getByText('Дата выезда должна быть позже даты заезда')).toBeVisible();
    await checkOut.fill(isoDate(7));
    await expect(form.getByText('Дата выезда должна быть позже даты заезда')).toBeHidden();
    await guests.fill('0');
    await expect(form.getByText('Минимум 1 гость')).toBeVisible();
    await guests.fill('');
    await expect(form.getByText('Укажите число гостей')).toBeVisible();

    // An invalid form does not leave the page. (Enter in a field submits the form; a pointer click
    // would make Playwright scroll the sticky header's static position into view, i.e. to the top,
    // where the search form is, as specified, not shown.)
    await guests.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/contacts');
    await expect(form.getByRole('button', { name: 'Найти номер' })).toBeEnabled();

    await guests.fill('2');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(frame.url()));
    await guests.press('Enter');
    const expected = `/hotel/rooms?checkIn=${isoDate(5)}&checkOut=${isoDate(7)}&guests=2`;
    await expect.poll(() => visited.map((url) => new URL(url)).some((url) => url.pathname + url.search === expected)).toBe(true);
  });

  test('the restaurant header has its own bar and shows the burger below 800 px (CHR-08)', async ({ page }) => {
    await open(page, '/restaurant');
    const header = page.getByTestId('site-header');
    await expect(header).toHaveAttribute('data-variant', 'restaurant');
    const burger = header.getByRole('button', { name: 'Открыть меню' });
    await page.setViewportSize({ width: 790, height: 800 });
    await expect(burger).toBeVisible();
    await expect(header.getByRole('navigation')).toBeHidden();
    await page.setViewportSize({ width: 810, height: 800 });
    await expect(burger).toBeHidden();
    await expect(header.getByRole('navigation').getByRole('link', { name: 'Меню' })).toHaveAttribute('href', '/delivery');
    // On the main site 790 px is still the desktop bar (its burger starts below 768 px).
    await open(page, '/contacts');
    await page.setViewportSize({ width: 790, height: 800 });
    await expect(page.getByTestId('site-header').getByRole('button', { name: 'Открыть меню' })).toBeHidden();
  });

  test('the burger opens the side menu on the restaurant page too, without the current page (CHR-07, CHR-11)', async ({ page }) => {
    test.skip(!isNarrow(page), 'burger only on narrow screens');
    await open(page, '/restaurant');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Ресторан', exact: true })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Кафе', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/cafe');
    await expect(menu).toBeHidden();
  });
});

test.describe('hero slider', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('narrow: autoplays every 4 s with a fade; buttons and arrow keys move it (PUB-02)', async ({ page }) => {
    test.skip(!isNarrow(page), 'the slider runs at 800 px and narrower');
    await page.clock.install();
    await open(page, '/');
    const hero = page.getByTestId('hero-slider');
    const slides = page.getByTestId('hero-slide');
    await expect(hero).toHaveAttribute('data-autoplay', 'true');
    await pauseClock(page);
    const first = await runUntilItMoves(page, hero, 4500);
    // A full period later it moves again, and not before.
    await page.clock.runFor(3800);
    await expect(hero).toHaveAttribute('data-index', String(first));
    await page.clock.runFor(300);
    await expect(hero).toHaveAttribute('data-index', String((first + 1) % 3));
    const shown = (first + 1) % 3;
    await expect(slides.nth(shown)).toBeVisible();
    await expect(slides.nth((shown + 1) % 3)).toBeHidden();
    await expect(slides.nth(shown)).toHaveCSS('transition-duration', /0\.3s/);

    // Keyboard: focus inside pauses autoplay; arrows move; the pause button stops it for good.
    const next = hero.getByRole('button', { name: 'Следующий слайд' });
    await next.focus();
    await expect(hero).toHaveAttribute('data-autoplay', 'false');
    await hero.getByRole('button', { name: 'Показать слайд 1' }).focus();
    await page.keyboard.press('Enter');
    await expect(hero).toHaveAttribute('data-index', '0');
    await page.keyboard.press('ArrowRight');
    await expect(hero).toHaveAttribute('data-index', '1');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(hero).toHaveAttribute('data-index', '2');
    await expect(slides.nth(2)).toBeVisible();
    await next.press('Enter');
    await expect(hero).toHaveAttribute('data-index', '0');
    await hero.getByRole('button', { name: 'Остановить прокрутку' }).click();
    await expect(hero.getByRole('button', { name: 'Запустить прокрутку' })).toBeVisible();
    await page.locator('h1').click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(hero).toHaveAttribute('data-index', '0');
  });

  test('wide: the three slides stand side by side as arches, no autoplay (PUB-02)', async ({ page }) => {
    test.skip(isNarrow(page), 'the arch layout is above 800 px');
    await open(page, '/');
    const hero = page.getByTestId('hero-slider');
    await expect(hero).toHaveAttribute('data-autoplay', 'false');
    const slides = page.getByTestId('hero-slide');
    for (let i = 0; i < 3; i += 1) await expect(slides.nth(i)).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Следующий слайд' })).toBeHidden();
    const boxes = await Promise.all([0, 1, 2].map((i) => slides.nth(i).boundingBox()));
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
  });

  test('prefers-reduced-motion: autoplay starts paused', async ({ page }) => {
    test.skip(!isNarrow(page), 'the slider runs at 800 px and narrower');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await open(page, '/');
    const hero = page.getByTestId('hero-slider');
    await expect(hero.getByRole('button', { name: 'Запустить прокрутку' })).toBeVisible();
    await expect(hero).toHaveAttribute('data-autoplay', 'false');
    await pauseClock(page);
    await page.clock.runFor(9000);
    await expect(hero).toHaveAttribute('data-index', '0');
  });
});

test.describe('compare slider', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('is a keyboard slider with aria-valuenow (PUB-03)', async ({ page }) => {
    await open(page, '/');
    const slider = page.getByRole('slider', { name: 'Сравнение: дом до и после реставрации' });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toHaveAttribute('aria-valuenow', '50');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '55');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '45');
    await page.keyboard.press('PageUp');
    await expect(slider).toHaveAttribute('aria-valuenow', '65');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await expect(slider).toHaveAttribute('aria-valuetext', '100% показано «сегодня»');
  });

  test('follows the mouse and a finger', async ({ page, hasTouch }) => {
    await open(page, '/');
    const frame = page.getByTestId('compare-slider');
    const slider = page.getByRole('slider', { name: /до и после/ });
    await frame.scrollIntoViewIfNeeded();
    const box = (await frame.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(21);
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(19);
    if (hasTouch) {
      await page.touchscreen.tap(box.x + box.width * 0.8, y);
      await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(78);
    }
  });
});

test.describe('hotel preview', () => {
  test.use({ reducedMotion: 'no-preference' });

  const rooms = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    slug: `room-${i + 1}`,
    name: { ru: `Номер ${i + 1}`, en: `Room ${i + 1}` },
    description: { ru: 'Тихий номер с видом во двор.', en: 'A quiet room facing the courtyard.' },
    images: [],
    price: 18000 + i * 1000,
    extra_price: null,
    primary_capacity: 2,
    extra_capacity: 1,
    room_size: 20 + i,
    conveniences: [],
  }));

  test('shows the 8 rooms and moves on by itself every 5 s (PUB-07)', async ({ page }) => {
    await page.route(/\/api\/v1\/hotel\/rooms\/$/, (route) => route.fulfill({ json: rooms }));
    await page.clock.install();
    await open(page, '/');
    // The preview is a few screens down; the visitor has scrolled to it.
    await page.locator('#rooms').scrollIntoViewIfNeeded();
    const preview = page.getByTestId('hotel-preview');
    await expect(preview.getByTestId('room-card')).toHaveCount(8);
    await expect(preview).toHaveAttribute('data-interval', '5000');
    await expect(preview).toHaveAttribute('data-autoplay', 'true');
    await pauseClock(page);
    const first = await runUntilItMoves(page, preview, 5500);
    await page.clock.runFor(4800);
    await expect(preview).toHaveAttribute('data-index', String(first));
    await page.clock.runFor(300);
    await expect(preview).toHaveAttribute('data-index', String(first + 1));
    // Its buttons work from the keyboard too.
    await preview.getByRole('button', { name: 'Следующий номер' }).focus();
    await page.keyboard.press('Enter');
    await expect(preview).toHaveAttribute('data-index', String(first + 2));
    await page.keyboard.press('ArrowLeft');
    await expect(preview).toHaveAttribute('data-index', String(first + 1));
  });
});

test('a page opened by its address starts at its top though the page before was left scrolled; a reload and Back return each page to where it was left', async ({ page }) => {
  const scrolled = () => page.evaluate(() => Math.round(window.scrollY));
  await open(page, '/terms');
  const termsLeftAt = Math.min(600, await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight));
  expect(termsLeftAt).toBeGreaterThan(100);
  await scrollTo(page, termsLeftAt);
  await expect.poll(scrolled).toBe(termsLeftAt);

  await open(page, '/contacts');
  await expect.poll(scrolled).toBe(0);
  await scrollTo(page, 100);
  await expect.poll(scrolled).toBe(100);

  await page.reload();
  await expect.poll(scrolled).toBe(100);

  await page.goBack();
  await waitForApp(page);
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(scrolled).toBe(termsLeftAt);
});
