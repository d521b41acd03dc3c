/**
 * /delivery as the server sends it: drawn on request with the menu from the database, so the
 * dishes (and the first dish's picture, the page's largest paint) are in the HTML, kept per
 * language until the menu changes (src/plugins/rendered-pages.ts).
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@hotel/domain';
import { products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { insertMenu, setPrice, type TestMenu } from '../order-fixtures';
import { webBuildForTests, type WebBuild } from '../web-build';

let web: WebBuild;
let t: TestApp;
let menu: TestMenu;

beforeAll(async () => {
  web = await webBuildForTests();
  t = await createTestApp({}, { webDistFolder: web.dir });
  menu = await insertMenu(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await web?.release();
});

const getDelivery = (headers: Record<string, string> = {}, url = '/delivery') => t.app.inject({ method: 'GET', url, headers });
// React separates neighbouring texts with empty comments.
const textOf = (html: string) => html.replaceAll('<!-- -->', '');
const appData = (html: string) => {
  const json = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as [unknown, Product[]][]) : null;
};

describe('GET /delivery', () => {
  it('DEL-01: the page comes with the dishes from the database, in Russian, and carries the API’s own answer', async () => {
    const res = await getDelivery();
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    const html = res.body;
    expect(html).toContain('<html data-payments="sandbox" lang="ru">');
    expect(html).toContain('<div id="root" data-prerendered="/delivery" data-language="ru">');
    const text = textOf(html);
    for (const name of ['Суп', 'Драники', 'Чай']) expect(text).toContain(`>${name}</h3>`);
    expect(text).toMatch(/>12[.,]50\sBYN</);
    expect(html).not.toContain('data-testid="product-grid-loading"');
    // The first dish's picture is in the document, so the browser fetches it with the page.
    expect(html).toMatch(/<img src="http:\/\/localhost:3000\/api\/v1\/uploads\/draniki\.webp[^"]*"[^>]*alt="Драники"/);

    const api = await t.app.inject({ method: 'GET', url: '/api/v1/delivery/products/', headers: t.headers });
    // And the approved reviews under it, as GET reviews/?kind=order answers them (issue 25, point 2).
    const reviews = await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?kind=order', headers: t.headers });
    expect(appData(html)).toEqual([
      [['delivery', 'products'], api.json()],
      [['reviews', 'order'], reviews.json()],
    ]);
  });

  it('DEL-01: in English for a visitor whose language cookie says so, at /delivery/ too', async () => {
    const res = await getDelivery({ cookie: 'language=en' }, '/delivery/');
    expect(res.body).toContain('<html data-payments="sandbox" lang="en">');
    const text = textOf(res.body);
    for (const name of ['Soup', 'Potato pancakes', 'Tea']) expect(text).toContain(`>${name}</h3>`);
  });

  it('DEL-01: shows a price and a name changed by SQL past the API as soon as the menu’s version has moved on', async () => {
    await getDelivery();
    await setPrice(t, menu.tea, 5_40);
    await t.database.db.update(products).set({ name: { ru: 'Чай с чабрецом', en: 'Thyme tea' } }).where(eq(products.id, menu.tea));
    // Nothing tells the page: the trigger's notification moves the menu's data version on.
    await t.app.dataVersions.caughtUp();
    const text = textOf((await getDelivery()).body);
    expect(text).toContain('>Чай с чабрецом</h3>');
    expect(text).toMatch(/>5[.,]40\sBYN</);
    expect(textOf((await getDelivery({ cookie: 'language=en' })).body)).toContain('>Thyme tea</h3>');
  });
});

describe('drawn before anyone asks (decision 082)', () => {
  /** The page compressed as it is kept once drawn: brotli at quality 10. */
  const keptCompression = (page: Buffer) =>
    brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: page.length } });
  const firstVisit = (app: TestApp['app'], language: string) =>
    app.inject({ method: 'GET', url: '/delivery', headers: { 'accept-encoding': 'br', cookie: `language=${language}` } });

  it('DEL-01: the server draws /delivery in each language as it gets ready, so its first visitor gets the kept page', async () => {
    const server = await createTestApp({}, { webDistFolder: web.dir, drawPagesAhead: true });
    try {
      for (const language of ['ru', 'en']) {
        const res = await firstVisit(server.app, language);
        expect(res.headers['content-encoding']).toBe('br');
        const page = brotliDecompressSync(res.rawPayload);
        expect(page.toString()).toContain(`lang="${language}"`);
        expect(res.rawPayload.equals(keptCompression(page))).toBe(true);
      }
    } finally {
      await server.close();
    }
  });

  it('DEL-01: without it (the tests’ apps), the first visitor waits for a drawing and gets its quick copy', async () => {
    const app = await createTestApp({}, { webDistFolder: web.dir });
    try {
      const res = await firstVisit(app.app, 'ru');
      expect(res.rawPayload.equals(keptCompression(brotliDecompressSync(res.rawPayload)))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
