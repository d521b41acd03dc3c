/**
 * /hotel/rooms?checkIn… drawn in parts (docs/decisions/063-search-page-in-parts.md): the page once
 * per language with marks, the search's form and results alone on each request. What the server
 * sends must be, byte for byte, the page the whole render draws, or the browser's hydration would
 * find a mismatch; and its gzip, assembled from parts compressed apart, must be that page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@hotel/domain';
import { rooms } from '../../src/db/schema';
import { cutShell, fillShell } from '../../src/plugins/rendered-pages';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms } from '../hotel-fixtures';
import { webBuildForTests, type WebBuild } from '../web-build';

interface Bundle {
  render(path: string, language: Language, data: object): Promise<{ html: string; head: string; data: string }>;
  fillTemplate(template: string, parts: { html: string; head: string; data: string }): string;
}

let web: WebBuild;
let t: TestApp;
let bundle: Bundle;

beforeAll(async () => {
  web = await webBuildForTests();
  t = await createTestApp({}, { webDistFolder: web.dir });
  const room = await insertRooms(t);
  // A picture each: the first card's is fetched first (decision 067), so a card's markup depends
  // on its place, and a part kept from one search must not carry its place into another.
  for (const [slug, id] of Object.entries(room)) {
    await t.database.db
      .update(rooms)
      .set({ images: [{ file: `room-${slug}-1.webp`, alt: { ru: slug, en: slug } }] })
      .where(eq(rooms.id, id));
  }
  await t.app.dataVersions.caughtUp();
  bundle = (await import(pathToFileURL(path.join(web.dir, '.ssr', 'entry-server.js')).href)) as Bundle;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await web?.release();
});

const appData = (html: string) => {
  const json = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as [unknown[], unknown][]) : null;
};

/** The page the whole render draws for this address and data, in the build's template. */
async function wholeRender(address: string, language: Language, data: object) {
  const template = await readFile(path.join(web.dir, '.ssr', 'templates', 'hotel', 'rooms', `${language}.html`), 'utf8');
  return bundle.fillTemplate(template, await bundle.render(address, language, data));
}

describe('GET /hotel/rooms?checkIn… drawn in parts', () => {
  const searches: [string, Language, string][] = [
    ['rooms free', 'ru', `checkIn=${day(10)}&checkOut=${day(12)}&guests=2`],
    ['rooms free', 'en', `checkIn=${day(10)}&checkOut=${day(11)}&guests=1`],
    // The rooms' part of each card is the one kept from the first search in this language (ServerKept).
    ['rooms free again (their room parts kept)', 'ru', `checkIn=${day(11)}&checkOut=${day(14)}&guests=1`],
    // Only the family room takes three: first here, second above. The first card's picture is
    // fetched first (other markup), so its part is kept apart from the same room's further down.
    ['a room first that was not first before', 'ru', `checkIn=${day(11)}&checkOut=${day(13)}&guests=3`],
    ['nothing fits', 'ru', `checkIn=${day(10)}&checkOut=${day(11)}&guests=9`],
    ['refused by the form', 'en', `checkIn=${day(-1)}&checkOut=${day(1)}&guests=1`],
    ['not a search', 'ru', 'checkIn=soon&guests=many'],
  ];
  it.each(searches)('HOT-13, HOT-14: %s (%s) is the page the whole render draws, byte for byte', async (_name, language, search) => {
    const res = await t.app.inject({ method: 'GET', url: `/hotel/rooms?${search}&utm_source=x`, headers: { cookie: `language=${language}` } });
    expect(res.statusCode).toBe(200);
    // The test app marks pages while payments are the sandbox's (plugins/web-app.ts).
    const sent = res.body.replace(' data-payments="sandbox"', '');
    const address = `/hotel/rooms?${new URLSearchParams([...new URLSearchParams(search)].filter(([name]) => name !== 'utm_source')).toString()}`;
    const data = appData(sent);
    expect(sent).toBe(await wholeRender(address, language, data ? { variants: data[0]![1] } : {}));
    // The language switch names the search, as the app's link does.
    expect(sent).toContain(`href="${address.replaceAll('&', '&amp;')}&amp;lang=${language === 'ru' ? 'en' : 'ru'}"`);
  });
});

describe('a page cut at its marks', () => {
  it('HOT-13: its gzip, assembled from parts compressed apart, is the page', () => {
    const marks = { slot: '\uE000slot\uE000', query: '\uE000query\uE000' };
    const shell = `<html><a href="/x?${marks.query}&amp;lang=en">${'Ш'.repeat(3000)}</a><main>${marks.slot}</main><a href="/x?${marks.query}">и</a></html>\uE000data\uE000</body>`;
    const parts = cutShell(shell, marks);
    for (const filling of [
      { slot: '<ul><li>Номер</li></ul>'.repeat(400), query: 'checkIn=2026-12-01&amp;guests=2', data: '<script type="application/json">[]</script>' },
      { slot: '', query: '', data: '' },
    ]) {
      const page = fillShell(parts, filling);
      const expected = shell.replaceAll(marks.query, filling.query).replace(marks.slot, filling.slot).replace('\uE000data\uE000', filling.data);
      expect(page.identity.toString()).toBe(expected);
      expect(gunzipSync(page.gzip).toString()).toBe(expected);
    }
  });
});
