/**
 * The public pages (PUB-01..17, CON-02..04) in both languages. The two Playwright projects run
 * every test at 375 px (mobile) and 1280 px (desktop).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, gotoIn, test, waitForApp } from '../fixtures';

const PAGES = {
  '/': { ru: 'Дом, который помнит три столетия', en: 'A house that remembers three centuries' },
  '/restaurant': { ru: 'Белорусская кухня под сводами XVIII века', en: 'Belarusian cuisine under eighteenth-century vaults' },
  '/cafe': { ru: 'Кофе у окна на Замковую', en: 'Coffee by a window onto Zamkovaya Street' },
  '/banquet': { ru: 'Праздник в доме, которому больше двухсот лет', en: 'A celebration in a house over two hundred years old' },
  '/events': { ru: 'События и вечера', en: 'Events and evenings' },
  '/terms': { ru: 'Правила и условия', en: 'Rules and terms' },
  '/contacts': { ru: 'Контакты', en: 'Contacts' },
  '/delivery': { ru: 'Меню доставки', en: 'Delivery menu' },
  '/hotel': { ru: 'Восемь номеров в доме 1799 года', en: 'Eight rooms in a house built in 1799' },
} as const;

interface ApiRoom {
  name: { ru: string; en: string };
  price: number;
  images: { src: string }[];
}

interface ApiProduct {
  name: { ru: string; en: string };
  image: { src: string } | null;
}

/** A price as the room card shows it (formatByn in @hotel/domain: Intl's grouping, kopecks only when there are some). */
function byn(kopecks: number, language: 'ru' | 'en') {
  const digits = kopecks % 100 === 0 ? 0 : 2;
  // A no-break space keeps the figure and its currency on one line (shared/format/money.ts).
  return `${new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(kopecks / 100)}\u00a0BYN`;
}

/** Text as React writes it into HTML. */
function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

for (const [path, titles] of Object.entries(PAGES)) {
  for (const language of ['ru', 'en'] as const) {
    test(`${path} renders its own page in ${language}, with its title and meta tags (PUB-10, PUB-16)`, async ({ page }) => {
      await gotoIn(page, language, path);
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[language]);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Title, description and Open Graph in the page's language.
      const title = await page.title();
      expect(title.length).toBeGreaterThan(10);
      expect(/[а-яё]/i.test(title)).toBe(language === 'ru');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', language === 'ru' ? 'ru_BY' : 'en_US');
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(page.getByTestId('site-header')).toBeVisible();
      await expect(page.getByTestId('site-footer')).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  }
}

test('the public pages arrive prerendered: content in the HTML, then hydrated (Russian)', async ({ request, page }) => {
  for (const [path, titles] of Object.entries(PAGES)) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toContain(titles.ru);
    expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
  }
  // A deep link to a page that is not prerendered gets the empty app shell; an unknown path is sent
  // home (decision 005), never answered with a page of its own.
  const shell = await (await request.get('/account/profile')).text();
  expect(shell).toContain('<div id="root"></div>');
  const unknown = await request.get('/some/deep/link', { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers()['location']).toBe('/');
  // The page names its code (boot.js asks for it once the page has painted and runs it after) instead of loading it.
  const terms = await (await request.get('/terms')).text();
  expect(terms).not.toContain('<script type="module"');
  const entry = terms.match(/<meta name="app-entry" content="([^"]+)"/)?.[1];
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  // Hydration keeps the server's DOM, part by part: nodes marked before the app runs are still
  // there after (the header, the page's sections and the footer hydrate in tasks of their own).
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto('/terms', { waitUntil: 'commit' });
  const parts = ['header', 'h1', '[data-testid="terms-accordion"]', 'footer'];
  for (const part of parts) await page.locator(part).first().evaluate((node) => node.setAttribute('data-before-hydration', ''));
  releaseScript();
  await waitForApp(page);
  await page.getByRole('button', { name: /Тихие часы/ }).click();
  for (const part of parts) await expect(page.locator(`${part}[data-before-hydration]`), part).toHaveCount(1);
  await expect(page.getByText('Тихое время — с 23:00 до 07:00.', { exact: false })).toBeVisible();
});

test('a page names its code files each after the files it imports, which the app runs in that order, one task after another', async ({ request }) => {
  for (const address of ['/', '/restaurant/book', '/hotel', '/delivery']) {
    const html = await (await request.get(address)).text();
    const entry = html.match(/<meta name="app-entry" content="([^"]+)"/)?.[1];
    const modules = html.match(/<meta name="app-modules" content="([^"]+)"/)?.[1]?.split(' ') ?? [];
    expect(modules.length, address).toBeGreaterThan(1);
    const ran = new Set([entry]);
    for (const file of modules) {
      const code = await (await request.get(file)).text();
      // The static imports of a built file: `import{…}from"./x.js"` or `import"./x.js"`.
      const imported = [...code.matchAll(/import(?:\{[^}]*\}from|\*as \w+ from|)\s*"\.\/([^"]+\.js)"/g)].map((match) => `/assets/${match[1]}`);
      for (const dependency of imported) expect(ran.has(dependency), `${address}: ${file} imports ${dependency}, named later or not at all`).toBe(true);
      ran.add(file);
    }
  }
});

test('HOT-01: /hotel arrives with its rooms in the HTML in both languages (names, prices, first pictures), and hydrates them as they are', async ({ request, page }) => {
  const rooms = (await (await request.get('/api/v1/hotel/rooms/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as ApiRoom[];
  expect(rooms.length).toBeGreaterThan(0);
  for (const language of ['ru', 'en'] as const) {
    const response = await request.get('/hotel', { headers: language === 'en' ? { cookie: 'language=en' } : {} });
    expect(response.headers()['vary']).toContain('cookie');
    // React separates neighbouring texts with empty comments: "250<!-- --> <!-- -->BYN".
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain(`<html data-payments="sandbox" lang="${language}">`);
    expect(html).toContain(`data-prerendered="/hotel" data-language="${language}"`);
    expect(html).toContain(`>${escapeHtml(PAGES['/hotel'][language])}</h1>`);
    expect(html).not.toContain('data-testid="room-list-loading"');
    for (const room of rooms) {
      expect(html).toContain(`>${escapeHtml(room.name[language])}</h3>`);
      expect(html).toContain(`>${byn(room.price, language)}</strong>`);
      if (room.images[0]) expect(html).toContain(`<img src="${room.images[0].src}?w=`);
    }
  }

  // The cards in the HTML are the ones on screen once the app runs: hydrated, not drawn again
  // (a mismatch would be logged, and the fixture fails the test on it).
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto('/hotel', { waitUntil: 'commit' });
  const cards = page.getByTestId('room-card');
  await expect(cards).toHaveCount(rooms.length);
  await cards.evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute('data-before-hydration', '')));
  releaseScript();
  await waitForApp(page);
  await expect(page.locator('[data-testid="room-card"][data-before-hydration]')).toHaveCount(rooms.length);
  await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(rooms[0]!.name.ru);
  await expect(page.getByTestId('room-list-loading')).toHaveCount(0);
});

test('HOT-14: /hotel/rooms?checkIn… arrives with its results drawn by the server (a later search with the room parts it kept), and hydrates them as they are', async ({ request, page }) => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // The first search draws the cards' room parts and the server keeps them; the second puts them in.
  expect((await request.get(`/hotel/rooms?checkIn=${day(300)}&checkOut=${day(301)}&guests=1`)).status()).toBe(200);
  const address = `/hotel/rooms?checkIn=${day(302)}&checkOut=${day(304)}&guests=1`;
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto(address, { waitUntil: 'commit' });
  const cards = page.getByTestId('variant-card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  await cards.evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute('data-before-hydration', '')));
  releaseScript();
  await waitForApp(page);
  await expect(page.locator('[data-testid="variant-card"][data-before-hydration]')).toHaveCount(count);
});

test('DEL-01: /delivery arrives with the menu in the HTML in both languages (dishes, prices, the first picture), and hydrates it as it is', async ({ request, page }) => {
  const menu = (await (await request.get('/api/v1/delivery/products/', { headers: { 'x-client-token': 'house1799-web' } })).json()) as ApiProduct[];
  expect(menu.length).toBeGreaterThan(0);
  for (const language of ['ru', 'en'] as const) {
    const response = await request.get('/delivery', { headers: language === 'en' ? { cookie: 'language=en' } : {} });
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain(`data-prerendered="/delivery" data-language="${language}"`);
    expect(html).not.toContain('data-testid="product-grid-loading"');
    for (const dish of menu) expect(html).toContain(`>${escapeHtml(dish.name[language])}</h3>`);
    const first = menu.find((dish) => dish.image);
    if (first) expect(html).toContain(`<img src="${first.image!.src}`);
  }

  // The dishes in the HTML are the ones on screen once the app runs, and the menu is not fetched again.
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  const fetched: string[] = [];
  page.on('request', (each) => {
    if (each.url().includes('/api/v1/delivery/products/')) fetched.push(each.url());
  });
  await page.goto('/delivery', { waitUntil: 'commit' });
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards).toHaveCount(menu.length);
  await cards.evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute('data-before-hydration', '')));
  releaseScript();
  await waitForApp(page);
  await expect(page.locator('[data-testid="product-card"][data-before-hydration]')).toHaveCount(menu.length);
  expect(fetched).toEqual([]);
});

test('an English visitor never sees the prerendered Russian page', async ({ page }) => {
  let releaseScript!: () => void;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  // Hold the app's code back so the prerendered HTML sits on screen as long as we look at it.
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/restaurant', { waitUntil: 'commit' });
  await expect(page.locator('footer')).toBeAttached();
  await expect(page.locator('html')).toHaveClass(/lang-pending/);
  await expect(page.locator('#root')).toHaveCSS('visibility', 'hidden');
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  releaseScript();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES['/restaurant'].en);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/lang-pending/);
});

/** The built text files (Vite's manifest): one per language and namespace, each a chunk of its own. */
const textFiles = Object.entries(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>,
)
  .filter(([source]) => /^src\/shared\/i18n\/locales\/(ru|en)\/[^/]+\.json$/.test(source))
  .map(([, chunk]) => `/${chunk.file}`);

test('a public page carries the texts it is drawn with: neither language asks for a text file before the page is live (decision 075)', async ({ page, context, baseURL }) => {
  expect(textFiles.length).toBeGreaterThan(10);
  for (const language of ['ru', 'en'] as const) {
    // The page comes in the visitor's language (the server picks it by the cookie).
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    // Every prerendered page, the table booking's form included: a text file asked for while the
    // page hydrates draws every translated part of it again at once (decision 079).
    const headings = { ...PAGES, '/restaurant/book': { ru: 'Забронировать стол', en: 'Book a table' } };
    for (const [path, heading] of Object.entries(headings)) {
      await gotoIn(page, language, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading[language]);
      // What the page fetched (or took from the cache) before the app marked itself live.
      const beforeLive = await page.evaluate(() => {
        const live = performance.getEntriesByName('app-hydrated')[0]!.startTime;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < live)
          .map((entry) => new URL(entry.name).pathname);
      });
      expect(beforeLive.some((file) => file.startsWith('/assets/')), `${language} ${path}: the page's code`).toBe(true);
      expect(beforeLive.filter((file) => textFiles.includes(file)), `${language} ${path}`).toEqual([]);
    }
  }
});

test('on a slow connection the page asks for its code before it paints, and for its fonts once it is live, then draws its text in them (decision 075)', async ({ browser, baseURL }) => {
  // A context of its own: no font in its cache, which a kept tab may have (fixtures.ts).
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // A long round trip, as the browser then estimates it (navigator.connection.rtt); no bandwidth limit.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
  try {
    await page.goto('/restaurant');
    await waitForApp(page);
    const times = await page.evaluate(() => ({
      rtt: (navigator as Navigator & { connection?: { rtt: number } }).connection?.rtt ?? 0,
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      live: performance.getEntriesByName('app-hydrated')[0]!.startTime,
      entry: performance.getEntriesByName(new URL((document.querySelector('meta[name="app-entry"]') as HTMLMetaElement).content, location.href).href)[0]!.startTime,
    }));
    expect(times.rtt).toBeGreaterThanOrEqual(300);
    expect(times.entry).toBeLessThan(times.paint);
    // Drawn in the fonts' fallbacks until then; the fonts are asked for as the text needs them.
    await expect(page.locator('html')).not.toHaveAttribute('data-fonts');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px Inter') && document.fonts.check('600 16px "Cormorant Garamond"'))).toBe(true);
    const text = await page.evaluate(() => performance.getEntriesByType('resource').find((entry) => entry.name.includes('/assets/inter-variable-'))!.startTime);
    expect(text).toBeGreaterThanOrEqual(times.live);
    expect(await page.getByRole('heading', { level: 1 }).evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^"Cormorant Garamond"/);
  } finally {
    await context.close();
  }
});

test('the home page has the hero slides, four feature cards, the compare slider, the map and contacts, the events banner (PUB-01, PUB-03, PUB-04, PUB-05, PUB-06, PUB-17)', async ({ page }) => {
  await page.goto('/');
  const slides = page.getByTestId('hero-slide');
  await expect(slides).toHaveCount(3);
  await expect(slides.nth(0)).toContainText('Кафе');
  await expect(slides.nth(1)).toContainText('Ресторан');
  await expect(slides.nth(2)).toContainText('Отель');
  const cards = page.getByTestId('feature-cards').getByRole('link');
  await expect(cards).toHaveCount(4);
  for (const [i, href] of ['/cafe', '/restaurant', '/hotel', '/delivery'].entries()) {
    await expect(cards.nth(i)).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('slider', { name: /до и после/ })).toBeVisible();
  await expect(page.getByTestId('events-banner').getByRole('link')).toHaveAttribute('href', '/events');
  const contacts = page.getByTestId('contacts-block');
  await contacts.scrollIntoViewIfNeeded();
  await expect(contacts).toContainText('ул. Замковая, 7');
  await expect(contacts.getByRole('link', { name: '+375 152 00-17-99' })).toHaveAttribute('href', 'tel:+375152001799');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES['/'].ru);
  await expect(page.locator('main')).toContainText('Восемь номеров');
});

test('the map works without a key: a drawn plan with the address, links to Yandex and Google Maps (PUB-05)', async ({ page }) => {
  const tiles: string[] = [];
  page.on('request', (request) => request.url().includes('tile.openstreetmap.org') && tiles.push(request.url()));
  await page.goto('/contacts');
  await waitForApp(page);
  const map = page.getByTestId('venue-map');
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByRole('img', { name: /Дом 1799, ул\. Замковая, 7/ })).toBeVisible();
  await expect(map).toContainText('ул. Замковая, 7, Гродно');
  await expect(map.getByRole('link', { name: 'Яндекс Карты' })).toHaveAttribute('href', /yandex\.by\/maps\/\?pt=23\.82565,53\.67795/);
  await expect(map.getByRole('link', { name: 'Google Карты' })).toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=53\.67795,23\.82565/);
  // Nothing of the street map until the guest asks for it (decision 077): no Leaflet, no tile.
  await expect(map.getByRole('button', { name: 'Интерактивная карта' })).toBeVisible();
  await expect(map.locator('.leaflet-container')).toHaveCount(0);
  expect(tiles).toEqual([]);
});

/** A tile of OpenStreetMap, as its servers would send one (this machine has no internet). */
const TILE = readFileSync(path.resolve(import.meta.dirname, '../../apps/web/public/icon-192.png'));

test('the street map comes when asked: the tiles failing leave the plan and a way to try again; once they arrive the map shows and has the focus (PUB-05, decision 077)', async ({ page }) => {
  let online = false;
  await page.route(/tile\.openstreetmap\.org/, (route) => (online ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE }) : route.abort('internetdisconnected')));
  await page.goto('/contacts');
  await waitForApp(page);
  const map = page.getByTestId('venue-map');
  await map.getByRole('button', { name: 'Интерактивная карта' }).click();
  await expect(map.getByRole('status')).toHaveText('Карта не загрузилась. Дорогу покажут план и ссылки ниже.');
  await expect(map.getByRole('img', { name: /Дом 1799/ })).toBeVisible();
  await expect(map).toHaveAttribute('data-tiles', 'false');

  online = true;
  await map.getByRole('button', { name: 'Попробовать ещё раз' }).click();
  await expect(map).toHaveAttribute('data-tiles', 'true');
  await expect(map.getByRole('button', { name: /Интерактивная карта|Попробовать ещё раз/ })).toHaveCount(0);
  await expect(map.getByRole('status')).toHaveText('');
  await expect(map.locator('.leaflet-container')).toBeFocused();
  await expect(map.getByRole('button', { name: 'Приблизить' })).toBeVisible();
});

test('/restaurant has intro, meals, about (to /), chef, delivery (to /delivery) and reserve by phone (PUB-08, PUB-09)', async ({ page }) => {
  await page.goto('/restaurant');
  for (const id of ['restaurant-intro', 'restaurant-meals', 'restaurant-about', 'restaurant-chef', 'restaurant-delivery', 'restaurant-reserve']) {
    await expect(page.getByTestId(id)).toBeAttached();
  }
  await expect(page.getByTestId('restaurant-about').getByRole('link', { name: 'О доме и отеле' })).toHaveAttribute('href', '/');
  await expect(page.getByTestId('restaurant-delivery').getByRole('link', { name: 'Заказать доставку' })).toHaveAttribute('href', '/delivery');
  await expect(page.getByTestId('reserve-phone')).toHaveAttribute('href', 'tel:+375152001800');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'restaurant');
});

test('/restaurant shows dishes from the real menu (GET delivery/products/)', async ({ page }) => {
  const menu = Promise.all([page.waitForResponse(/\/api\/v1\/delivery\/products\/$/), page.goto('/restaurant')]);
  const [response] = await menu;
  const products = (await response.json()) as { name: { ru: string } }[];
  const meals = page.getByTestId('restaurant-meals');
  if (products.length === 0) {
    await expect(meals).toContainText('раздел доставки');
  } else {
    await expect(meals.getByTestId('menu-item').first()).toContainText(products[0]!.name.ru);
  }
});

test('/terms is an accordion with the rules: times, quiet hours, cancellation, payment, delivery (PUB-12, PUB-13, CON-02, CON-03, CON-04)', async ({ page }) => {
  await page.goto('/terms');
  const accordion = page.getByTestId('terms-accordion');
  const stay = accordion.getByRole('button', { name: /Заезд и выезд/ });
  await expect(stay).toHaveAttribute('aria-expanded', 'true');
  await expect(accordion).toContainText('Заезд — с 14:00.');
  await expect(accordion).toContainText('Выезд — до 12:00.');
  await stay.click();
  await expect(stay).toHaveAttribute('aria-expanded', 'false');
  await expect(accordion.getByText('Заезд — с 14:00.')).toBeHidden();

  const open = async (name: RegExp) => {
    const trigger = accordion.getByRole('button', { name });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  };
  await open(/Тихие часы/);
  await expect(accordion).toContainText('с 23:00 до 07:00');
  await open(/Отмена бронирования/);
  await expect(accordion).toContainText('больше 24 часов');
  await expect(accordion).toContainText('стоимость первой ночи');
  await open(/Оплата/);
  await expect(accordion).toContainText('только в белорусских рублях при заселении');
  await expect(accordion).toContainText('НДС и обслуживание');
  await expect(accordion).toContainText('реквизиты запрашиваются на следующем шаге');
  await open(/Дополнительные места/);
  await expect(accordion).toContainText('оплачиваются отдельно');
  await open(/Доставка еды/);
  await expect(accordion).toContainText('за 60 минут');
  await expect(accordion).toContainText('139 BYN');
});

test('/terms in English states the same rules', async ({ page }) => {
  await gotoIn(page, 'en', '/terms');
  const accordion = page.getByTestId('terms-accordion');
  await expect(accordion).toContainText('Check-in is from 14:00.');
  await accordion.getByRole('button', { name: /Payment/ }).click();
  await expect(accordion).toContainText('only in Belarusian rubles, at check-in');
});

test('/contacts shows the venue contacts (PUB-14)', async ({ page }) => {
  await page.goto('/contacts');
  const block = page.getByTestId('contacts-block');
  await expect(block).toContainText('ул. Замковая, 7');
  await expect(block.getByRole('link', { name: '+375 152 00-18-00' })).toHaveAttribute('href', 'tel:+375152001800');
  await expect(block.getByRole('link', { name: 'hello@house1799.by' })).toHaveAttribute('href', 'mailto:hello@house1799.by');
  await expect(page.locator('main')).toContainText('Круглосуточно');
});

test('structured data, sitemap, robots, manifest and icons are served', async ({ page, request }) => {
  await page.goto('/');
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const items = ld.map((text) => JSON.parse(text) as Record<string, unknown>);
  const hotel = items.find((item) => item['@type'] === 'Hotel');
  expect(hotel).toMatchObject({ checkinTime: '14:00', checkoutTime: '12:00', telephone: '+375152001799', numberOfRooms: 8 });
  expect(hotel?.address).toMatchObject({ streetAddress: 'ул. Замковая, 7', addressLocality: 'Гродно' });
  expect(items.some((item) => item['@type'] === 'Restaurant')).toBe(true);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of Object.keys(PAGES)) expect(sitemap).toContain(`${path === '/' ? '/' : path}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { icons: unknown[] };
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
  for (const icon of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png']) {
    expect((await request.get(icon)).ok(), icon).toBe(true);
  }
});

test('the site navigation links to the cafe, banquets and events (PUB-11)', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByTestId('site-footer');
  for (const [name, href] of [['Кафе', '/cafe'], ['Банкеты', '/banquet'], ['События', '/events']]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
});
