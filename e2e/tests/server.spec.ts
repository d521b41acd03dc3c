import { expect, test } from '../fixtures';

test.describe('server', () => {
  test('serves hashed assets with immutable caching and the app shell without', async ({ request }) => {
    const page = await request.get('/');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    // The prerendered page names its entry for boot.js to load (decision 011).
    const asset = /<meta name="app-entry" content="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const js = await request.get(asset!);
    expect(js.ok()).toBe(true);
    expect(js.headers()['cache-control']).toContain('immutable');
  });

  test("the app ships React's own runtime, not a substitute (decision 013)", async ({ request }) => {
    const html = await (await request.get('/')).text();
    const entry = /<meta name="app-entry" content="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const code = await (await request.get(entry!)).text();
    // React 19's element type and react-dom's hydration entry, by the names they are built with.
    expect(code).toContain('react.transitional.element');
    expect(code).toContain('hydrateRoot');
    expect(code.toLowerCase()).not.toContain('preact');
  });

  test('answers every app route with the app and unknown API paths with a JSON 404', async ({ request }) => {
    const deep = await request.get('/some/deep/link');
    expect(deep.status()).toBe(200);
    expect(deep.headers()['content-type']).toContain('text/html');
    const api = await request.get('/api/v1/nothing/', { headers: { 'x-client-token': 'house1799-web' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found' });
  });

  test('a prerendered page comes in the language of the language cookie, Russian without one (CHR-25)', async ({ request }) => {
    const russian = await request.get('/restaurant');
    expect(russian.headers()['vary']).toContain('cookie');
    const russianHtml = await russian.text();
    expect(russianHtml).toContain('<html data-payments="sandbox" lang="ru">');
    expect(russianHtml).toContain('data-language="ru"');

    for (const cookie of ['language=en', 'session=x; language=en']) {
      const english = await (await request.get('/', { headers: { cookie } })).text();
      expect(english).toContain('<html data-payments="sandbox" lang="en">');
      expect(english).toContain('data-language="en"');
      expect(english).toContain('A house that remembers three centuries');
      expect(english).not.toContain('Дом, который помнит три столетия');
    }
    // Anything else is the default, and a route without a prerendered page gets the shell.
    expect(await (await request.get('/', { headers: { cookie: 'language=de' } })).text()).toContain('data-language="ru"');
    expect(await (await request.get('/account/profile', { headers: { cookie: 'language=en' } })).text()).toContain('<div id="root"></div>');
  });

  test('health reports the embedded database', async ({ request }) => {
    const res = await request.get('/api/v1/health/', { headers: { 'x-client-token': 'house1799-web' } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite', ok: true } });
  });

  test('the OpenAPI viewer is at /api/docs', async ({ page }) => {
    // The viewer is a 1.5 MB script that fetches the document and then draws it: on a loaded
    // two-core machine that alone can pass the usual 7 s, so the test waits for the document
    // and gives the drawing its own bound.
    const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/docs/json');
    await page.goto('/api/docs');
    expect((await document).status()).toBe(200);
    await expect(page.getByText('House 1799 API').first()).toBeVisible({ timeout: 20_000 });
  });
});
