/**
 * The approved reviews on the pages the server draws (issue 25, point 2): /hotel with those of
 * stays, /delivery with those of orders, as text, newest first, with the answer, and the pages'
 * JSON-LD with `aggregateRating` and `review`. An approval shows at once: the `reviews` family's
 * trigger moves the pages' data version on, whoever wrote the change (docs/caching.md).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnReview } from '@hotel/domain';
import { orders, reviews } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms } from '../hotel-fixtures';
import { insertMenu } from '../order-fixtures';
import { createUser, type TestUser } from '../users';
import { webBuildForTests, type WebBuild } from '../web-build';

let web: WebBuild;
let t: TestApp;
let guest: TestUser;
let admin: TestUser;
let stayReview: number;
let orderReview: number;

const address = { label: 'Дом', address: 'ул. Советская, 1', entrance: null, floor: null, apartment: null, intercom: null, comment: null };
const STAY_TEXT = 'Тихо, тепло, <b>завтрак</b> & кофе.\nВернёмся!';
/** Words of the stay's review no text of the site has (a page carries its texts: decision 075). */
const STAY_WORDS = 'Тихо, тепло';

const page = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The JSON-LD blocks of a page's head. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

const approve = (id: number, body: object = { state: 'approved' }) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/reviews/${id}/`, headers: admin.headers, payload: body });

beforeAll(async () => {
  web = await webBuildForTests();
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { webDistFolder: web.dir });
  const rooms = await insertRooms(t);
  await insertMenu(t);
  guest = await createUser(t, { firstName: 'Анна' });
  admin = await createUser(t, { role: 'admin' });
  const stay = await insertReservation(t, { userId: guest.id, roomId: rooms.double, arrival: day(-6), departure: day(-3) });
  const [order] = await t.database.db
    .insert(orders)
    .values({ userId: guest.id, status: 'completed', address, itemsTotal: 10_00, deliveryFee: 139_00, total: 149_00, paidAt: new Date(), deliveredAt: new Date() })
    .returning({ id: orders.id });
  const write = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/reviews/', headers: guest.headers, payload });
  stayReview = (await write({ kind: 'stay', subject_id: stay, stars: 4, text: STAY_TEXT, language: 'ru' })).json<OwnReview>().id;
  orderReview = (await write({ kind: 'order', subject_id: order!.id, stars: 5, text: 'Hot and quick.', language: 'en' })).json<OwnReview>().id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  await web?.release();
});

describe('approved reviews on /hotel and /delivery (issue 25.2)', () => {
  it('a review waiting for staff is on no page, and the JSON-LD has no rating', async () => {
    const html = (await page('/hotel')).body;
    expect(html).toContain('Отзывы гостей</h2>');
    expect(html).toContain('Отзывов пока нет.');
    expect(html).not.toContain(STAY_WORDS);
    const hotel = jsonLd(html).find((item) => item['@type'] === 'Hotel');
    expect(hotel).toBeDefined();
    expect(hotel).not.toHaveProperty('aggregateRating');
  });

  it('approved and answered, it is on /hotel at once: as text, with the answer, and in the JSON-LD', async () => {
    expect((await approve(stayReview, { state: 'approved', answer: 'Спасибо, Анна!' })).statusCode).toBe(200);
    const html = (await page('/hotel')).body;
    // As written, never as markup.
    expect(html).toContain('Тихо, тепло, &lt;b&gt;завтрак&lt;/b&gt; &amp; кофе.\nВернёмся!');
    expect(html).not.toContain('<b>завтрак</b>');
    expect(html).toContain('<article lang="ru">');
    expect(html).toContain('Спасибо, Анна!');
    expect(html.replaceAll('<!-- -->', '')).toContain('1 отзыв<');
    const hotel = jsonLd(html).find((item) => item['@type'] === 'Hotel')!;
    expect(hotel.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(hotel.review).toEqual([
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Анна' },
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reviewBody: STAY_TEXT,
        inLanguage: 'ru',
      },
    ]);
    // The JSON-LD cannot close its script: "<" is written as \u003c.
    expect(html).toContain('\\u003cb>завтрак\\u003c/b>');
    // In English too, the review as written in Russian.
    const english = (await page('/hotel', 'language=en')).body;
    expect(english).toContain('Guests’ reviews</h2>');
    expect(english).toContain('&lt;b&gt;завтрак&lt;/b&gt;');
    // The order's review is not the hotel's.
    expect(html).not.toContain('Hot and quick.');
  });

  it('/delivery shows the orders’ reviews and the restaurant’s rating; the data it carries is the API’s answer', async () => {
    expect((await approve(orderReview)).statusCode).toBe(200);
    const html = (await page('/delivery')).body;
    expect(html).toContain('Отзывы о доставке</h2>');
    expect(html).toContain('<article lang="en">');
    expect(html).toContain('Hot and quick.');
    expect(html).not.toContain(STAY_WORDS);
    const restaurant = jsonLd(html).find((item) => item['@type'] === 'Restaurant')!;
    expect(restaurant.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    const api = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=order', headers: t.headers })).json();
    const data = JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)![1]!) as [unknown, unknown][];
    expect(data).toContainEqual([['reviews', 'order'], api]);
  });

  it('a review hidden by SQL past the API leaves the page once its change is heard', async () => {
    await page('/hotel');
    await t.database.db.update(reviews).set({ state: 'hidden' }).where(eq(reviews.id, stayReview));
    // Nothing tells the page: the trigger's notification moves the reviews' data version on.
    await t.app.dataVersions.caughtUp();
    const html = (await page('/hotel')).body;
    expect(html).not.toContain(STAY_WORDS);
    expect(jsonLd(html).find((item) => item['@type'] === 'Hotel')).not.toHaveProperty('aggregateRating');
  });
});
