/**
 * The build's hashed files (plugins/web-app.ts): answered from memory once read, in the encoding
 * the client takes of those the build precompressed, with immutable caching and the headers every
 * answer carries; other files and unknown names are answered as before.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

const SCRIPT = `export const hello = ${JSON.stringify('привет '.repeat(300))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head></head><body><div id="root"></div></body></html>');
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'assets', 'index-Ab12Cd.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'index-Ab12Cd.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, 'assets', 'index-Ab12Cd.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(dist, 'assets', 'page-Ef34Gh.css'), 'h1{color:#222}');
  await writeFile(path.join(dist, 'assets', 'inter-Ij56Kl.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  await writeFile(path.join(dist, 'assets', 'mark-Mn78Op.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({}, { webDistFolder: dist });
});

afterAll(async () => {
  await t?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the build’s hashed files', () => {
  it('a script comes in the encoding the browser takes, the precompressed bytes as built, cached for good', async () => {
    for (const [acceptEncoding, encoding, file] of [
      ['gzip, deflate, br, zstd', 'br', 'index-Ab12Cd.js.br'],
      ['gzip', 'gzip', 'index-Ab12Cd.js.gz'],
      // A client that refuses brotli gets gzip.
      ['br;q=0, gzip', 'gzip', 'index-Ab12Cd.js.gz'],
      ['identity', undefined, 'index-Ab12Cd.js'],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd.js', acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['vary']).toBe('accept-encoding');
      // The headers every answer carries (plugins/security.ts).
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.rawPayload.equals(await readFile(path.join(dist, 'assets', file))), file).toBe(true);
    }
  });

  it('styles and fonts carry their types; a query string does not change the file', async () => {
    const css = await get('/assets/page-Ef34Gh.css?v=2', 'br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    // Too short for the build to precompress, and for the server to compress.
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('h1{color:#222}');
    const font = await get('/assets/inter-Ij56Kl.woff2', 'br');
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('a file once read is answered from memory: the same bytes after the disk copy changes', async () => {
    const first = await get('/assets/page-Ef34Gh.css');
    await writeFile(path.join(dist, 'assets', 'page-Ef34Gh.css'), 'h1{color:red}');
    const again = await get('/assets/page-Ef34Gh.css');
    expect(again.body).toBe(first.body);
  });

  it('a file of another type is still served, and a name the build does not have is a 4xx with a detail', async () => {
    const picture = await get('/assets/mark-Mn78Op.png');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe(IMMUTABLE);
    // A NUL byte is refused before any route (plugins/input-rules.ts).
    for (const [url, status] of [['/assets/index-Zz99Zz.js', 404], ['/assets/index-Ab12Cd.js.br.js', 404], ['/assets/index-Ab12Cd.js%00', 422]] as const) {
      const missing = await get(url, 'br');
      expect(missing.statusCode, url).toBe(status);
      expect(missing.json(), url).toEqual({ detail: expect.any(String) });
    }
  });

  it('HEAD gives the headers without the body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('');
  });
});
