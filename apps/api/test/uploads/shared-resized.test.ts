/**
 * IMAGE_CACHE_DIR: servers on fresh data folders share resized copies of the same picture through
 * one folder of the machine (storage/index.ts, withSharedDerived), so each copy is encoded once.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';

const picture = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).webp().toBuffer();

describe('resized copies shared by the servers of one machine (IMAGE_CACHE_DIR)', () => {
  let shared: string;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    shared = await mkdtemp(path.join(os.tmpdir(), 'hotel-shared-resized-'));
  });

  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await rm(shared, { recursive: true, force: true });
  });

  async function serverWith(overrides: Record<string, string>) {
    const t = await createTestApp(overrides);
    apps.push(t);
    return t;
  }

  const resized = (t: TestApp, file: string, width: number) => t.app.inject({ method: 'GET', url: `/api/v1/uploads/${file}?w=${width}`, headers: t.headers });

  it('a copy one server made is served by the next from the shared folder, and kept in its own storage', async () => {
    const original = await picture('#8a3324');
    const first = await serverWith({ IMAGE_CACHE_DIR: shared });
    const file = await first.app.storage.put('room', 'webp', original);

    const made = await resized(first, file, 320);
    expect(made.statusCode).toBe(200);
    expect(made.headers['content-type']).toBe('image/webp');
    const sharedCopy = path.join(shared, `320-${file.replace(/\.webp$/, '')}.webp`);
    expect(await readFile(sharedCopy)).toEqual(made.rawPayload);
    expect((await sharp(made.rawPayload).metadata()).width).toBe(320);

    // Another picture's bytes under the copy's name prove that the second server read the folder
    // rather than encoding the picture again.
    const marker = await sharp(original).resize({ width: 320 }).webp({ quality: 20 }).toBuffer();
    expect(marker).not.toEqual(made.rawPayload);
    await writeFile(sharedCopy, marker);

    const second = await serverWith({ IMAGE_CACHE_DIR: shared });
    expect(await second.app.storage.put('room', 'webp', original)).toBe(file);
    const served = await resized(second, file, 320);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(marker);
    expect(existsSync(path.join(second.dataDir, 'cache', path.basename(sharedCopy)))).toBe(true);

    // Without the setting a server encodes its own copy.
    const alone = await serverWith({});
    await alone.app.storage.put('room', 'webp', original);
    const own = await resized(alone, file, 320);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload).not.toEqual(marker);
  });

  it('a folder that cannot be written costs only the encode', async () => {
    const notAFolder = path.join(shared, 'a-file');
    await writeFile(notAFolder, 'not a folder');
    const t = await serverWith({ IMAGE_CACHE_DIR: notAFolder });
    const file = await t.app.storage.put('dish', 'webp', await picture('#2f4f4f'));
    const response = await resized(t, file, 640);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(640);
  });
});
