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

  test('answers every app route with the app and unknown API paths with a JSON 404', async ({ request }) => {
    const deep = await request.get('/some/deep/link');
    expect(deep.status()).toBe(200);
    expect(deep.headers()['content-type']).toContain('text/html');
    const api = await request.get('/api/v1/nothing/', { headers: { 'x-client-token': 'house1799-web' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found' });
  });

  test('health reports the embedded database', async ({ request }) => {
    const res = await request.get('/api/v1/health/', { headers: { 'x-client-token': 'house1799-web' } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite', ok: true } });
  });

  test('the OpenAPI viewer is at /api/docs', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('House 1799 API').first()).toBeVisible();
  });
});
