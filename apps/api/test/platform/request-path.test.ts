/**
 * The lean request path (docs/decisions/022-lean-request-path.md): JSON answers carry the headers
 * that protect them and pages the whole set; only answers worth it are compressed; answers are
 * written by serializers compiled from their zod schemas, and tests still refuse a wrong shape.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptedEncodings, COMPRESSION_THRESHOLD, preferredEncoding } from '../../src/plugins/compression';
import { DATABASE_BUSY_DETAIL } from '../../src/plugins/database-queue';
import { responseSerializerCompiler } from '../../src/plugins/serialization';
import { createTestApp, type TestApp } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PAGE_ONLY_HEADERS = ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control'];

describe('security headers', () => {
  it('a JSON answer, a refusal included, carries nosniff, a same-origin CORP, a policy that runs nothing, and its request id', async () => {
    for (const headers of [t.headers, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers });
      expect(res.statusCode).toBe(headers === t.headers ? 200 : 403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // Plain HTTP: no HSTS (deployment.test.ts checks it over HTTPS).
      expect(res.headers['strict-transport-security']).toBeUndefined();
      for (const name of PAGE_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
    }
  });

  it('a page gets the whole set: its policy allows the pictures of the site and nothing frames it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/sandbox/7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    // Pictures carry absolute URLs on the site's origin, allowed under any host name the site is reached by.
    expect(policy).toMatch(/img-src 'self' http:\/\/localhost:\d+ /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a page with a policy of its own keeps it (the API viewer) and gets the rest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('compression', () => {
  it(`leaves answers under ${COMPRESSION_THRESHOLD} bytes as they are`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: { ...t.headers, 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('compresses a longer answer in the encoding the client prefers, the same bytes each time, and not when it refuses both', async () => {
    const url = '/api/docs/json';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0, deflate' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('reads Accept-Encoding as browsers and tools write it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('BR')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('brotli, xgzip')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    // Every encoding taken, ours preferred first: a precompressed file falls back to the next.
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
  });
});

describe('answers written by compiled serializers', () => {
  const room = z.object({ id: z.number().int(), name: z.string(), price: z.number().int().nullable(), tags: z.array(z.string()) });

  async function serverWith(checkWithZod: boolean, answer: unknown) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ checkWithZod }));
    app.get('/room', { schema: { response: { 200: room } } }, async () => answer);
    await app.ready();
    return app;
  }

  it('write the fields of the schema and no other', async () => {
    for (const checkWithZod of [true, false]) {
      const app = await serverWith(checkWithZod, { id: 1, name: 'Attic', price: null, tags: ['view'], secret: 'not for clients' });
      const res = await app.inject({ method: 'GET', url: '/room' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 1, name: 'Attic', price: null, tags: ['view'] });
      await app.close();
    }
  });

  it('under test, refuse an answer of the wrong shape (500), where production would write it on', async () => {
    const wrong = { id: 1.5, name: 42, price: null, tags: [] };
    const checked = await serverWith(true, wrong);
    const res = await checked.inject({ method: 'GET', url: '/room' });
    expect(res.statusCode).toBe(500);
    await checked.close();
    const unchecked = await serverWith(false, wrong);
    const written = await unchecked.inject({ method: 'GET', url: '/room' });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ id: 1, name: '42', price: null, tags: [] });
    await unchecked.close();
  });
});

describe.skipIf(process.env.DATABASE_URL)('a full queue of the embedded database', () => {
  let busy: TestApp;
  beforeAll(async () => {
    // No timers: a settling round that starts mid-test would take the queue's one place too.
    busy = await createTestApp({ PGLITE_QUEUE_LIMIT: '1', PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  });
  afterAll(async () => {
    await busy?.close();
  });

  it('answers an API call 503 with Retry-After and a detail at once, serves pictures meanwhile, and admits calls again when it drains', async () => {
    expect((await busy.app.inject({ method: 'GET', url: '/api/v1/hotel/conveniences/', headers: busy.headers })).statusCode).toBe(200);
    // A transaction that waits for the test fills the queue's one place.
    let release!: () => void;
    const held = busy.database.pglite!.transaction(async () => {
      await new Promise<void>((resolve) => (release = resolve));
    });
    expect(busy.database.pending!()).toBe(1);

    const refused = await busy.app.inject({ method: 'GET', url: '/api/v1/hotel/conveniences/', headers: busy.headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ detail: DATABASE_BUSY_DETAIL });
    // A picture does not wait for the database.
    expect((await busy.app.inject({ method: 'GET', url: '/api/v1/uploads/missing.webp' })).statusCode).toBe(404);

    release();
    await held;
    expect(busy.database.pending!()).toBe(0);
    expect((await busy.app.inject({ method: 'GET', url: '/api/v1/hotel/conveniences/', headers: busy.headers })).statusCode).toBe(200);
  });
});

describe.skipIf(process.env.DATABASE_URL)('calls in line for the embedded database', () => {
  let line: TestApp;
  beforeAll(async () => {
    line = await createTestApp({ PGLITE_CONCURRENT_CALLS: '1', PGLITE_QUEUE_WAIT_MS: '300' });
  });
  afterAll(async () => {
    await line?.close();
  });

  // inject() sends when its answer is first asked for: `then` sends it now, in this order.
  const conveniences = () => line.app.inject({ method: 'GET', url: '/api/v1/hotel/conveniences/', headers: line.headers }).then((res) => res);

  it('runs one call at a time, lets the next in when it ends, and refuses one that waited too long with 503', async () => {
    // The menu is read once, then kept in memory.
    expect((await line.app.inject({ method: 'GET', url: '/api/v1/delivery/products/', headers: line.headers })).statusCode).toBe(200);
    // The database is held, so the first call runs but cannot finish.
    let release!: () => void;
    const held = line.database.pglite!.transaction(async () => {
      await new Promise<void>((resolve) => (release = resolve));
    });
    const first = conveniences();
    const second = conveniences();
    // The second waits its turn behind the first; the third, still waiting when its time is up, is refused.
    const third = await conveniences();
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toEqual({ detail: DATABASE_BUSY_DETAIL });
    // What answers from memory, and pictures, do not wait in the line.
    expect((await line.app.inject({ method: 'GET', url: '/api/v1/hotel/rooms/', headers: line.headers })).statusCode).toBe(200);
    expect((await line.app.inject({ method: 'GET', url: '/api/v1/delivery/products/', headers: line.headers })).statusCode).toBe(200);

    release();
    await held;
    expect((await first).statusCode).toBe(200);
    // The second had waited longer than allowed too: refused, not left hanging.
    expect((await second).statusCode).toBe(503);
    expect((await conveniences()).statusCode).toBe(200);
  });

  it('admits the next call as soon as the one before it ends', async () => {
    let release!: () => void;
    const held = line.database.pglite!.transaction(async () => {
      await new Promise<void>((resolve) => (release = resolve));
    });
    const first = conveniences();
    const second = conveniences();
    setTimeout(() => release(), 50);
    await held;
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  });
});
