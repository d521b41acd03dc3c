/**
 * What a deployment behind a proxy relies on: rate limits counted per real client with a set
 * number of trusted hops, a tighter limit on searches, pages limited too, absolute URLs from
 * PUBLIC_URL only (required in production), HSTS over HTTPS.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checkServerEnv, loadEnv } from '../../src/env';
import { rooms } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day } from '../hotel-fixtures';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const health = (app: TestApp, forwardedFor?: string) =>
  app.app.inject({
    method: 'GET',
    url: '/api/v1/health/',
    headers: { ...app.headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });

describe('rate limits per real client behind trusted proxies', () => {
  it('with one trusted hop, a rotated X-Forwarded-For does not buy a new budget', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '5' });
    // The proxy appends the address it saw; whatever the client wrote comes before it.
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await health(t, `198.51.100.${i}, 203.0.113.7`)).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // Another real client has a budget of its own.
    expect((await health(t, '198.51.100.1, 203.0.113.8')).statusCode).toBe(200);
    const limited = await health(t, '1.1.1.1, 203.0.113.7');
    expect(limited.json().detail).toMatch(/^Too many requests, retry in \d+ s$/);
  });

  it('without trusted proxies the header is ignored: the connection is the client', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await health(t, `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('reads TRUST_PROXY as a number of hops; true is one', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadEnv({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv(base).TRUST_PROXY).toBe(0);
    expect(() => loadEnv({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('searches have a tighter limit than reads (API-26)', async () => {
    t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '2' });
    const search = () =>
      t!.app.inject({
        method: 'GET',
        url: `/api/v1/hotel/reservations/variants/?arrival=${day(3)}&departure=${day(4)}&guest_count=1`,
        headers: t!.headers,
      });
    expect((await search()).statusCode).toBe(404);
    expect((await search()).statusCode).toBe(404);
    const third = await search();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^Too many requests/);
    expect((await health(t)).statusCode).toBe(200);
  });

  it('pages and unknown paths, answered outside any route, are limited too', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    const page = () => t!.app.inject({ method: 'GET', url: '/hotel/rooms' });
    expect((await page()).statusCode).toBe(404);
    expect((await page()).statusCode).toBe(404);
    const limited = await page();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many requests/);
  });
});

/** The first room picture's URL in GET hotel/rooms/, asked with this Host header. */
async function firstImageAsSeenFrom(app: TestApp, host: string): Promise<string> {
  await app.database.db.insert(rooms).values({
    slug: 'double',
    name: { ru: 'Двухместный', en: 'Double' },
    description: { ru: '', en: '' },
    images: [{ file: 'room-double-1.webp', alt: { ru: '', en: '' } }],
    price: 100_00,
    primaryCapacity: 2,
    roomSize: 20,
  });
  await app.app.dataVersions.caughtUp();
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/hotel/rooms/', headers: { ...app.headers, host } });
  return res.json<{ images: { src: string }[] }[]>()[0]!.images[0]!.src;
}

describe('PUBLIC_URL and HTTPS', () => {
  it('is required by the server in production, which says so by name', () => {
    expect(() => checkServerEnv(loadEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }))).toThrow(/PUBLIC_URL: is required in production/);
    expect(checkServerEnv(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://house1799.by', PAYMENT_PROVIDER: 'sandbox' })).PUBLIC_URL).toBe('https://house1799.by');
    expect(checkServerEnv(loadEnv({ NODE_ENV: 'development' })).PUBLIC_URL).toBeUndefined();
  });

  it('absolute URLs never take the Host header a client sends', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://house1799.by' });
    expect(await firstImageAsSeenFrom(t, 'evil.example')).toBe('https://house1799.by/api/v1/uploads/room-double-1.webp');
  });

  it('without PUBLIC_URL (development, tests) they name the local server, still not the Host header', async () => {
    t = await createTestApp({ PORT: '3999' });
    expect(await firstImageAsSeenFrom(t, 'evil.example')).toBe('http://localhost:3999/api/v1/uploads/room-double-1.webp');
  });

  it('sends HSTS when the site is public over HTTPS, and not on plain HTTP', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://house1799.by' });
    expect((await health(t)).headers['strict-transport-security']).toBe('max-age=31536000');
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    expect((await health(t)).headers['strict-transport-security']).toBeUndefined();
  });
});
