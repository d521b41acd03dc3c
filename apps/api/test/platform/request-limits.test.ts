/**
 * Limits that count the right thing (issue 21, point 4): the build's hashed files are not counted
 * by the global limit and pictures have a bucket of their own, so one address browsing many pages
 * is not refused; a page navigation that is limited gets a small page in the visitor's language
 * (`?lang=`, cookie, Accept-Language) with Retry-After, never JSON; a request through an undeclared proxy is logged loudly.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => {
  await t?.close();
});

const from = (address: string) => ({ remoteAddress: address });

describe('the global limit (issue 21, point 4)', () => {
  it('does not count hashed build files, and counts pictures in a bucket of their own', async () => {
    const address = from('198.51.100.10');
    for (let i = 0; i < 40; i += 1) {
      const asset = await t.app.inject({ method: 'GET', url: `/assets/index-${i}abc.js`, ...address });
      expect(asset.statusCode, asset.body).not.toBe(429);
      const picture = await t.app.inject({ method: 'GET', url: `/api/v1/uploads/missing-${i}.webp?w=320`, ...address });
      expect(picture.statusCode, picture.body).not.toBe(429);
    }
    // The address's API budget is untouched by all of that.
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address })).statusCode).toBe(429);
  });

  it("does not count the build's other files a page loads: boot.js, the illustrations, the icons (issue 43, point 9)", async () => {
    const address = from('198.51.100.30');
    const files = ['/boot.js', '/illustrations/hotel-front.webp', '/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/manifest.webmanifest', '/robots.txt'];
    for (let i = 0; i < 3; i += 1) {
      for (const file of files) {
        const answer = await t.app.inject({ method: 'GET', url: file, ...address });
        expect(answer.statusCode, `${file}: ${answer.body}`).not.toBe(429);
      }
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address })).statusCode).toBe(429);
  });

  it('a limited page navigation answers a translated HTML page with Retry-After; the API still answers JSON', async () => {
    const address = from('198.51.100.20');
    for (let i = 0; i < 5; i += 1) await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address });

    const api = await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toHaveProperty('detail');

    const page = await t.app.inject({ method: 'GET', url: '/hotel', headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }, ...address });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toContain('Слишком много запросов');
    expect(page.body).toContain(`через ${page.headers['retry-after']} с`);
    expect(page.body).not.toContain('"detail"');

    const english = await t.app.inject({ method: 'GET', url: '/delivery', headers: { accept: 'text/html', cookie: 'language=en' }, ...address });
    expect(english.statusCode).toBe(429);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Too many requests');
  });

  it('the limited page follows the language as the other pages do: ?lang=, then the cookie, then Accept-Language (issue 42, point 13)', async () => {
    const address = from('198.51.100.30');
    for (let i = 0; i < 5; i += 1) await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers, ...address });
    const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers }, ...address });

    const asked = await page('/hotel?lang=en');
    expect(asked.statusCode).toBe(429);
    expect(asked.body).toContain('<html lang="en">');
    expect(asked.body).toContain('Too many requests');
    const browser = await page('/hotel', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(browser.body).toContain('<html lang="en">');
    // A choice made on the site outweighs the browser's, and an address's outweighs both.
    expect((await page('/hotel', { 'accept-language': 'en', cookie: 'language=ru' })).body).toContain('<html lang="ru">');
    expect((await page('/hotel?lang=ru', { 'accept-language': 'en', cookie: 'language=en' })).body).toContain('<html lang="ru">');
  });
});

describe('TRUST_PROXY (issue 21, point 4)', () => {
  it('logs an error once when requests come through a proxy while TRUST_PROXY is 0', async () => {
    const warnings = () => t.logLines.filter((line) => line.includes('TRUST_PROXY is 0'));
    expect(warnings()).toHaveLength(0);
    await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: { ...t.headers, 'x-forwarded-for': '203.0.113.7' }, ...from('10.0.0.2') });
    await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: { ...t.headers, forwarded: 'for=203.0.113.8' }, ...from('10.0.0.2') });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/"level":50/);

    const declared = await createTestApp({ TRUST_PROXY: '1' });
    try {
      await declared.app.inject({ method: 'GET', url: '/api/v1/health/', headers: { ...declared.headers, 'x-forwarded-for': '203.0.113.7' } });
      expect(declared.logLines.filter((line) => line.includes('TRUST_PROXY is 0'))).toHaveLength(0);
    } finally {
      await declared.close();
    }
  });
});

describe('a request whose connection closed (issue 43, point 9)', () => {
  it('is not a 500: the limit counts it without an address', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const logged = t.logLines.length;
    const { port } = t.app.server.address() as AddressInfo;
    // The connection goes before the server has looked at the request, as when a client is killed mid-burst.
    const answered = new Promise<number>((resolve) => {
      const cut = (request: IncomingMessage, response: ServerResponse) => {
        t.app.server.off('request', cut);
        request.socket.destroy();
        const end = response.end.bind(response);
        response.end = ((...args: Parameters<typeof end>) => {
          resolve(response.statusCode);
          return end(...args);
        }) as typeof response.end;
      };
      t.app.server.prependListener('request', cut);
    });
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`GET /api/v1/health/ HTTP/1.1\r\nhost: 127.0.0.1\r\nx-client-token: ${t.headers['x-client-token']}\r\n\r\n`);
    expect(await answered).not.toBe(500);
    expect(t.logLines.slice(logged).filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});
