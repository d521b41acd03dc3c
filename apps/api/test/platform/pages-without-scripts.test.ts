/**
 * The public pages work without scripts (issue 26): the room search's results, the delivery menu's
 * category and the other language are pages the server draws from their address, and the cart
 * sends a visitor who has no session to sign in at once (src/plugins/web-app.ts,
 * src/plugins/rendered-pages.ts, src/modules/hotel/page-data.ts, src/modules/delivery/page-data.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TABLE_TIMES } from '@hotel/domain';
import { categories, products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms } from '../hotel-fixtures';
import { insertMenu } from '../order-fixtures';
import { webBuildForTests, type WebBuild } from '../web-build';

let web: WebBuild;
let t: TestApp;
let soups: number;

beforeAll(async () => {
  web = await webBuildForTests();
  t = await createTestApp({}, { webDistFolder: web.dir });
  await insertRooms(t);
  await insertMenu(t);
  const [category] = await t.database.db
    .insert(categories)
    .values({ title: { ru: 'Супы', en: 'Soups' }, position: 2 })
    .returning({ id: categories.id });
  soups = category!.id;
  await t.database.db.insert(products).values({
    categoryId: soups,
    name: { ru: 'Борщ', en: 'Borscht' },
    description: { ru: 'Описание', en: 'About' },
    price: 8_00,
    image: null,
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await web?.release();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
// React separates neighbouring texts with empty comments.
const textOf = (html: string) => html.replaceAll('<!-- -->', '');
const withoutData = (html: string) => html.replace(/<script type="application\/json" id="app-data">.*?<\/script>/s, '');
const appData = (html: string) => {
  const json = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as [unknown[], unknown][]) : null;
};

describe('GET /hotel/rooms?checkIn&checkOut&guests', () => {
  it('HOT-13, HOT-14: draws the rooms free for the search, priced, and carries the API’s own answer', async () => {
    const search = `checkIn=${day(10)}&checkOut=${day(12)}&guests=2`;
    const res = await get(`/hotel/rooms?${search}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<div id="root" data-prerendered="/hotel/rooms" data-language="ru">');
    const text = textOf(withoutData(html));
    // Two rooms hold two guests; the single does not.
    expect(text).toContain('Номер double');
    expect(text).toContain('Номер family');
    expect(text).not.toContain('Номер single');
    expect(text).toMatch(/500\sBYN/);
    expect(html).toContain(`value="${day(10)}"`);
    expect(html).not.toContain('aria-busy="true"');

    const api = await get(`/api/v1/hotel/reservations/variants/?arrival=${day(10)}&departure=${day(12)}&guest_count=2`, t.headers);
    expect(appData(html)).toEqual([[['hotel', 'variants', day(10), day(12), 2], api.json()]]);
  });

  it('HOT-14: in English for a visitor whose language cookie says so', async () => {
    const text = textOf(withoutData((await get(`/hotel/rooms?checkIn=${day(10)}&checkOut=${day(11)}&guests=1`, { cookie: 'language=en' })).body));
    expect(text).toContain('Room single');
    expect(text).not.toContain('Номер');
  });

  it('ERR-34: a search nothing fits is the page with the form and no rooms, not an error', async () => {
    const res = await get(`/hotel/rooms?checkIn=${day(10)}&checkOut=${day(11)}&guests=9`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="no-variants"');
    expect(res.body).toContain('data-testid="room-search"');
  });

  it('HOT-10: an address the form would refuse is the page with the form and its message; none is the form alone', async () => {
    for (const search of [`checkIn=${day(-1)}&checkOut=${day(1)}&guests=1`, `checkIn=${day(-1)}&checkOut=${day(1)}&guests=1&utm=x`]) {
      const res = await get(`/hotel/rooms?${search}`);
      expect(res.statusCode).toBe(200);
      expect(textOf(res.body)).toContain('Дата заезда не может быть в прошлом');
      expect(res.body).toContain('data-testid="room-search"');
      expect(res.body).not.toContain('id="app-data"');
    }
    for (const url of ['/hotel/rooms', '/hotel/rooms?checkIn=soon&guests=many', `/hotel/rooms?checkIn=${'9'.repeat(5000)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-testid="room-search"');
    }
    expect(textOf((await get('/hotel/rooms')).body)).toContain('Выберите даты');
  });
});

describe('GET /delivery?category=ID', () => {
  it('DEL-03: draws the menu with that category chosen, its links leading to the others', async () => {
    const text = textOf(withoutData((await get(`/delivery?category=${soups}`)).body));
    expect(text).toContain('>Борщ</h3>');
    expect(text).not.toContain('>Драники</h3>');
    expect(text).toMatch(new RegExp(`<a [^>]*aria-current="true"[^>]* href="/delivery\\?category=${soups}"`));
    expect(text).toMatch(/<a [^>]* href="\/delivery"/);
    const all = textOf(withoutData((await get('/delivery?category=nonsense')).body));
    expect(all).toContain('>Борщ</h3>');
    expect(all).toContain('>Драники</h3>');
  });
});

describe('GET /restaurant/book', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  /** The day the form opens on, the times it offers, and those it marks as gone (hidden where scripts run). */
  const form = (html: string) => {
    const slots = [...html.matchAll(/<label([^>]*)><input[^>]*value="(\d\d:\d\d)"/g)];
    return {
      date: /<input[^>]*name="date"[^>]*>/.exec(html)?.[0].match(/value="([\d-]+)"/)?.[1],
      times: slots.map((slot) => slot[2]),
      gone: slots.filter((slot) => slot[1]!.includes('data-past')).map((slot) => slot[2]),
    };
  };

  it('offers every table time, the ones gone today marked and drawn again as they go, and opens on tomorrow after the last seating (issue 24.1, issue 47)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:05:00Z')); // 12:05 in Grodno
    expect(form((await get('/restaurant/book')).body)).toEqual({ date: '2026-12-01', times: [...TABLE_TIMES], gone: ['12:00'] });

    vi.setSystemTime(new Date('2026-12-01T16:20:00Z')); // 19:20: the page kept at noon is not sent
    const evening = form((await get('/restaurant/book')).body);
    expect(evening.times).toEqual([...TABLE_TIMES]);
    expect(TABLE_TIMES.filter((time) => !evening.gone.includes(time))).toEqual(['19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);

    vi.setSystemTime(new Date('2026-12-01T18:05:00Z')); // 21:05: no time left today
    expect(form((await get('/restaurant/book', { cookie: 'language=en' })).body)).toEqual({ date: '2026-12-02', times: [...TABLE_TIMES], gone: [] });
  });
});

describe('the language switch without scripts', () => {
  it('CHR-25: ?lang=en is the page in English, and the choice is kept in the cookie', async () => {
    const res = await get(`/delivery?category=${soups}&lang=en`);
    expect(res.body).toContain('lang="en"');
    expect(textOf(withoutData(res.body))).toContain('>Borscht</h3>');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^language=en;/);
    for (const part of ['Max-Age=31536000', 'Path=/', 'SameSite=Lax']) expect(cookie).toContain(part);
    // The switch on the English page leads back to the Russian one, keeping the category.
    expect(res.body).toContain(`href="/delivery?category=${soups}&amp;lang=ru"`);
    // A page drawn without data (prerendered) too.
    expect((await get('/restaurant?lang=en')).body).toContain('lang="en"');
    expect((await get('/restaurant?lang=xx')).headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /delivery/cart', () => {
  it('DEL-19: a visitor without a session is sent to sign in at once, the sign-in told where from', async () => {
    for (const path of ['/delivery/cart', '/cart', '/delivery/cart/']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`/auth?from=${encodeURIComponent(path)}`);
    }
    const signedIn = await get('/delivery/cart', { cookie: 'sid=anything' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
