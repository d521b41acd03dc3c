import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health and client token (API-01, API-02)', () => {
  it('reports the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('refuses a call without the client token header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/x-client-token/);
  });

  it('refuses a wrong client token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: { 'x-client-token': 'nope-nope-nope' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/Invalid/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing/', headers: t.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
  });
});

describe('bad input gets a clear 4xx, never a 500', () => {
  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/rooms/sync/',
      headers: { ...t.headers, 'content-type': 'application/json', ...headers },
      payload,
    });

  it('malformed JSON answers 400 with a detail', async () => {
    const res = await post('{"a":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body' });
  });

  it('unknown fields answer 422 naming the problem', async () => {
    const res = await post(JSON.stringify({ surprise: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^body/);
  });

  it('a wrong type answers 422', async () => {
    const res = await post(JSON.stringify([1, 2, 3]));
    expect(res.statusCode).toBe(422);
    expect(typeof res.json().detail).toBe('string');
  });

  it('a wrong query type answers 422', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/uploads/room-a-1234567890.webp?w=abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/querystring/);
  });

  it('an oversized body answers 413', async () => {
    const res = await post(JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('an unsupported content type answers 415', async () => {
    const res = await post('hello', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Unsupported content type');
  });

  it('a path traversal attempt in uploads is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/uploads/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('a missing upload answers 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/uploads/nothing-here-0000000000.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'File not found' });
  });
});

describe('server hygiene', () => {
  it('sets security headers and keeps a caller request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health/',
      headers: { ...t.headers, 'x-request-id': 'abc-123-def-456' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123-def-456');
    // A JSON answer gets the headers that protect it; pages get the whole set (request-path.test.ts).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports which database driver it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers });
    expect(res.json().database.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('serves the OpenAPI document with the catalogue routes and the client token scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/health/',
        '/api/v1/hotel/rooms/',
        '/api/v1/hotel/rooms/sync/',
        '/api/v1/hotel/conveniences/',
        '/api/v1/delivery/products/',
      ]),
    );
    expect(doc.components.securitySchemes.clientToken).toMatchObject({ in: 'header', name: 'x-client-token' });
  });

  it('rate-limits a client that calls too often (429 with a detail)', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/v1/health/', headers: limited.headers })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/api/v1/health/', headers: limited.headers });
      expect(res.json().detail).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('environment', () => {
  it('fails at start with a clear message for a bad variable', async () => {
    const { loadEnv } = await import('../../src/env');
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadEnv({}).PORT).toBe(3000);
  });
});
