import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chooseOptions, convenienceSchema, productListSchema, roomSchema } from '@hotel/domain';
import { categories, conveniences, products, roomConveniences, rooms } from '../../src/db/schema';
import { seedDemoContent } from '../../src/seed/seed';
import { createDiskStorage } from '../../src/storage';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;
let firstSeed: boolean;

beforeAll(async () => {
  t = await createTestApp();
  firstSeed = await seedDemoContent(t.database.db, createDiskStorage(t.dataDir));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const roomList = z.array(roomSchema);
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });

async function tableCounts() {
  const db = t.database.db;
  const [[r], [c], [rc], [cat], [p]] = await Promise.all([
    db.select({ n: count() }).from(rooms),
    db.select({ n: count() }).from(conveniences),
    db.select({ n: count() }).from(roomConveniences),
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(products),
  ]);
  return { rooms: r!.n, conveniences: c!.n, roomConveniences: rc!.n, categories: cat!.n, products: p!.n };
}

describe('demo content', () => {
  it('CON-01: loads eight rooms, answered by rooms/sync in both languages', async () => {
    expect(firstSeed).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/rooms/sync/',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const list = roomList.parse(res.json());
    expect(list).toHaveLength(8);
    expect(new Set(list.map((room) => room.slug)).size).toBe(8);
    for (const room of list) {
      for (const text of [room.name, room.description]) {
        expect(text.ru.trim()).not.toBe('');
        expect(text.en.trim()).not.toBe('');
      }
      expect(room.images).toHaveLength(3);
      for (const image of room.images) {
        expect(image.alt.ru.trim()).not.toBe('');
        expect(image.alt.en.trim()).not.toBe('');
      }
      expect(room.conveniences.length).toBeGreaterThan(0);
      expect(Number.isInteger(room.price) && room.price > 0).toBe(true);
    }
  });

  it('has at least 12 amenities, 6 categories and 30 dishes with whole kopeck prices', async () => {
    const counts = await tableCounts();
    expect(counts.rooms).toBe(8);
    expect(counts.conveniences).toBeGreaterThanOrEqual(12);
    expect(counts.categories).toBeGreaterThanOrEqual(6);
    expect(counts.products).toBeGreaterThanOrEqual(30);
    const prices = await t.database.db.select({ price: products.price }).from(products);
    for (const { price } of prices) {
      expect(Number.isInteger(price)).toBe(true);
      expect(price).toBeGreaterThan(0);
    }
  });

  it('a second seed answers false and changes nothing', async () => {
    const before = await tableCounts();
    const again = await seedDemoContent(t.database.db, createDiskStorage(t.dataDir));
    expect(again).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('catalogue reads over the demo content', () => {
  it('GET rooms/ answers the rooms in display order', async () => {
    const res = await get('/api/v1/hotel/rooms/');
    expect(res.statusCode).toBe(200);
    const list = roomList.parse(res.json());
    expect(list.map((room) => room.slug)).toEqual([
      'merchant',
      'neman-view',
      'library',
      'tyzenhaus-suite',
      'attic',
      'orzeszkowa',
      'courtyard',
      'study',
    ]);
  });

  it('API-28: POST rooms/sync/ answers the same list as GET rooms/', async () => {
    const [listed, synced] = await Promise.all([
      get('/api/v1/hotel/rooms/'),
      t.app.inject({ method: 'POST', url: '/api/v1/hotel/rooms/sync/', headers: t.headers }),
    ]);
    expect(synced.statusCode).toBe(200);
    expect(roomList.parse(synced.json())).toEqual(roomList.parse(listed.json()));
  });

  it('API-27: GET conveniences/ answers every amenity with an SVG icon', async () => {
    const res = await get('/api/v1/hotel/conveniences/');
    expect(res.statusCode).toBe(200);
    const list = z.array(convenienceSchema).parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const convenience of list) {
      expect(convenience.description.ru.trim()).not.toBe('');
      expect(convenience.description.en.trim()).not.toBe('');
      expect(convenience.image).toMatch(/\.svg$/);
    }
  });

  it('API-42: GET delivery/products/ answers the menu with categories, prices and pictures', async () => {
    const res = await get('/api/v1/delivery/products/');
    expect(res.statusCode).toBe(200);
    const list = productListSchema.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(new Set(list.map((product) => product.category.id)).size).toBeGreaterThanOrEqual(6);
    for (const product of list) {
      expect(Number.isInteger(product.price) && product.price > 0).toBe(true);
      expect(product.image).not.toBeNull();
      expect(product.image!.widths.length).toBeGreaterThan(0);
    }
  });

  it('two dishes have options in both languages (a portion or size, and up to two additions), each a dish of the menu can be ordered with', async () => {
    const list = productListSchema.parse((await get('/api/v1/delivery/products/')).json());
    const withOptions = list.filter((product) => product.option_groups.length > 0);
    expect(withOptions.map((product) => product.name.en).sort()).toEqual(['Cappuccino', 'Kalduny with pork filling']);
    for (const product of withOptions) {
      expect(product.option_groups.map((group) => [group.kind, group.max])).toEqual([['one', 1], ['any', 2]]);
      const names = product.option_groups.flatMap((group) => [group.name, ...group.options.map((option) => option.name)]);
      for (const name of names) expect(name.ru && name.en && name.ru !== name.en).toBeTruthy();
      // The first of a portion adds nothing: the dish's own price is the small portion (decision 041).
      expect(product.option_groups[0]!.options[0]!.price).toBe(0);
      const ids = product.option_groups.flatMap((group) => [group.id, ...group.options.map((option) => option.id)]);
      expect(new Set(ids).size).toBe(ids.length);
      const [portion, additions] = product.option_groups;
      expect(chooseOptions(product.option_groups, [portion!.options[1]!.id, ...additions!.options.map((option) => option.id)]).ok).toBe(true);
    }
  });

  it('API-34: image URLs are absolute, on the host the request came to', async () => {
    const [roomRes, convenienceRes, productRes] = await Promise.all([
      get('/api/v1/hotel/rooms/'),
      get('/api/v1/hotel/conveniences/'),
      get('/api/v1/delivery/products/'),
    ]);
    const urls = [
      ...roomList.parse(roomRes.json()).flatMap((room) => [
        ...room.images.map((image) => image.src),
        ...room.conveniences.map((c) => c.image!),
      ]),
      ...z.array(convenienceSchema).parse(convenienceRes.json()).map((c) => c.image!),
      ...productListSchema.parse(productRes.json()).map((product) => product.image!.src),
    ];
    expect(urls.length).toBeGreaterThan(8 * 3 + 12 + 30);
    for (const url of urls) expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/uploads\/[a-z0-9-]+\.(webp|svg)$/);
  });

  it('API-33, API-34: a room picture is served as WebP, and resized with ?w=640', async () => {
    const list = roomList.parse((await get('/api/v1/hotel/rooms/')).json());
    const path = new URL(list[0]!.images[0]!.src).pathname;

    const original = await t.app.inject({ method: 'GET', url: path });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    // Embeddable by a page on another host name than PUBLIC_URL's.
    expect(original.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(1067);

    const small = await t.app.inject({ method: 'GET', url: `${path}?w=640` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const smallMeta = await sharp(small.rawPayload).metadata();
    expect(smallMeta.format).toBe('webp');
    expect(smallMeta.width).toBeLessThanOrEqual(640);
  });

  it('API-33: every room and dish picture comes with its resized copies: the first ask for any width gets the AVIF, kept for a year', async () => {
    const [roomRes, productRes] = await Promise.all([get('/api/v1/hotel/rooms/'), get('/api/v1/delivery/products/')]);
    const images = [
      ...roomList.parse(roomRes.json()).flatMap((room) => room.images),
      ...productListSchema.parse(productRes.json()).map((product) => product.image!),
    ];
    expect(images).toHaveLength(8 * 3 + productListSchema.parse(productRes.json()).length);
    for (const image of images) {
      expect(image.widths).toEqual([320, 640, 960, 1280]);
      for (const width of image.widths) {
        // Nothing is encoded on the way: a copy still being made would be a WebP kept for a minute.
        const res = await t.app.inject({ method: 'GET', url: `${new URL(image.src).pathname}?w=${width}&f=avif` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/avif');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('API-33: a dish picture is a 960×720 WebP and an amenity icon is served as SVG', async () => {
    const product = productListSchema.parse((await get('/api/v1/delivery/products/')).json())[0]!;
    const dish = await t.app.inject({ method: 'GET', url: new URL(product.image!.src).pathname });
    expect(dish.headers['content-type']).toBe('image/webp');
    const meta = await sharp(dish.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([960, 720]);

    const convenience = z.array(convenienceSchema).parse((await get('/api/v1/hotel/conveniences/')).json())[0]!;
    const icon = await t.app.inject({ method: 'GET', url: new URL(convenience.image!).pathname });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toMatch(/^<svg [^>]*viewBox="0 0 96 96"/);
  });
});
