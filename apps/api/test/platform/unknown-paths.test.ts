/**
 * An unknown path is never a page of its own (issue 43, point 9; docs/decisions/005-unknown-paths.md):
 * the server redirects it where the spec says (PUB-15, HOT-03, DEL-02, AUTH-04, ADM-05) instead of
 * answering 200 with the home page, which search engines take for a page (a soft 404). Known pages,
 * trailing slash or not, are answered; a missing file is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { tinyWebBuild } from '../support/tiny-web-build';

let t: TestApp;
let build: Awaited<ReturnType<typeof tinyWebBuild>>;
beforeAll(async () => {
  build = await tinyWebBuild();
  t = await createTestApp({}, { webDistFolder: build.dir });
});
afterAll(async () => {
  await t?.close();
  await build?.release();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('unknown paths (PUB-15, HOT-03, DEL-02, AUTH-04, ADM-05)', () => {
  it.each([
    ['/no/such/page', '/'],
    ['/hotel/nothing', '/hotel'],
    ['/delivery/x/', '/delivery'],
    ['/auth/unknown', '/auth'],
    ['/admin/zzz', '/admin/hotel'],
    ['/account/whatever', '/account/overview'],
  ])('%s is redirected to %s, not answered with the home page', async (from, to) => {
    const answer = await get(from);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(to);
    expect(answer.body).toBe('');
  });

  it('keeps the language asked for', async () => {
    expect((await get('/nowhere?lang=en&x=1')).headers.location).toBe('/?lang=en');
  });

  it('answers known pages, with or without a trailing slash, and a missing file with a 404', async () => {
    for (const url of ['/', '/hotel', '/hotel/', '/hotel/rooms?checkIn=2030-01-01', '/auth/reg', '/account', '/admin/orders']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const missing = await get('/no-such-picture.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found' });
  });
});
