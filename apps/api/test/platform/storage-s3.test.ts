/**
 * Pictures in object storage (issue 22, point 1; storage/s3.ts), driven through the real S3
 * client against a loopback stand-in: a photo uploaded through one instance is served by another,
 * its resized copies are made once and kept in the bucket, the headers are those of the disk, and
 * `npm run storage:migrate` copies an uploads folder into the bucket.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRoom } from '@hotel/domain';
import { buildApp, type App } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { loadEnv } from '../../src/env';
import { createDiskStorage, createStorage, type Storage } from '../../src/storage';
import { copyStoredFiles } from '../../src/storage/migrate';
import { createTestApp, type TestApp } from '../app';
import { insertRooms, type TestRooms } from '../hotel-fixtures';
import { picture, sendForm } from '../support/admin';
import { startS3StandIn, type S3StandIn } from '../support/s3';
import { createUser, type TestUser } from '../users';

const apiRoot = path.resolve(import.meta.dirname, '../..');

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
});

async function names(storage: Storage): Promise<string[]> {
  const found: string[] = [];
  for await (const name of storage.list()) found.push(name);
  return found;
}

describe('two instances on one bucket', () => {
  let a: TestApp;
  let b: App;
  let bDatabase: Database | undefined;
  let bDataDir: string;
  let bucket: Storage;
  let room: TestRooms;
  let admin: TestUser;

  beforeAll(async () => {
    a = await createTestApp(s3.env);
    room = await insertRooms(a);
    admin = await createUser(a, { role: 'admin' });
    bDataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-b-'));
    const env = { ...a.env, DATA_DIR: bDataDir };
    // On PostgreSQL the second instance has its own connections; the embedded database is one process's, so it is shared.
    const url = process.env.DATABASE_URL
      ? (a.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString
      : undefined;
    bDatabase = url ? await openDatabase({ databaseUrl: url }) : undefined;
    b = await buildApp({ env, database: bDatabase ?? a.database, storage: createStorage(env), logger: false });
    await b.ready();
    bucket = createStorage(env);
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
    await rm(bDataDir, { recursive: true, force: true });
  });

  it('a photo uploaded through A is served by B with the same headers, and neither keeps it on its disk', async () => {
    const upload = await sendForm(a, 'POST', `admin/rooms/${room.single}/images/`, { file: { bytes: await picture('png', 900, 600), filename: 'a.png' } }, admin.headers);
    expect(upload.statusCode, upload.body).toBe(201);
    const src = new URL(upload.json<AdminRoom>().images[0]!.src).pathname;
    const file = src.split('/').pop()!;
    expect(await names(bucket)).toContain(file);

    const fromA = await a.app.inject({ method: 'GET', url: src });
    const fromB = await b.inject({ method: 'GET', url: src });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    for (const header of ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy', 'cross-origin-resource-policy']) {
      expect(fromB.headers[header], header).toBe(fromA.headers[header]);
    }
    expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fromB.headers['x-content-type-options']).toBe('nosniff');
    expect(fromB.headers['content-security-policy']).toBeTruthy();

    expect(existsSync(path.join(a.dataDir, 'uploads'))).toBe(false);
    expect(existsSync(path.join(bDataDir, 'uploads'))).toBe(false);
  });

  it('a resized copy is made once, kept in the bucket and served by the other instance', async () => {
    const upload = await sendForm(a, 'POST', `admin/rooms/${room.double}/images/`, { file: { bytes: await picture('jpeg', 1400, 900), filename: 'b.jpg' } }, admin.headers);
    const src = new URL(upload.json<AdminRoom>().images[0]!.src).pathname;
    const file = src.split('/').pop()!;
    const derived = `640-${file.replace(/\.\w+$/, '')}.webp`;
    // The upload warms every width in the background; the bucket has it once that is done.
    await expect.poll(() => bucket.readDerived(derived), { timeout: 20_000 }).not.toBeNull();
    const kept = (await bucket.readDerived(derived))!;

    const fromB = await b.inject({ method: 'GET', url: `${src}?w=640` });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fromB.headers['x-content-type-options']).toBe('nosniff');
    expect(fromB.rawPayload.equals(kept)).toBe(true);
    expect(existsSync(path.join(bDataDir, 'cache'))).toBe(false);
    expect(existsSync(path.join(a.dataDir, 'cache'))).toBe(false);
  });

  it('a name never stored is a 404, a bad one a 422', async () => {
    expect((await b.inject({ method: 'GET', url: '/api/v1/uploads/nothing-0123456789.webp' })).statusCode).toBe(404);
    expect((await b.inject({ method: 'GET', url: '/api/v1/uploads/nothing-0123456789.webp?w=320' })).statusCode).toBe(404);
    expect((await b.inject({ method: 'GET', url: '/api/v1/uploads/..%2Fsecret.webp' })).statusCode).toBe(422);
    expect(await bucket.read('../uploads/x.webp')).toBeNull();
  });
});

describe('the bucket down (issue 43, point 6)', () => {
  let t: TestApp;
  let own: S3StandIn;
  let down = false;
  beforeAll(async () => {
    own = await startS3StandIn();
    t = await createTestApp(own.env);
  });
  afterAll(async () => {
    await t?.close();
    if (!down) await own?.close();
  });

  it('pictures and uploads answer 503 with Retry-After; readiness says storage is degraded and stays 200; the API still answers', async () => {
    const room = await insertRooms(t);
    const admin = await createUser(t, { role: 'admin' });
    const upload = async () => sendForm(t, 'POST', `admin/rooms/${room.single}/images/`, { file: { bytes: await picture('png', 300, 200), filename: 'a.png' } }, admin.headers);
    const stored = await upload();
    expect(stored.statusCode, stored.body).toBe(201);
    const src = new URL(stored.json<AdminRoom>().images[0]!.src).pathname;
    const ready = () => t.app.inject({ method: 'GET', url: '/api/v1/health/ready/' });
    // The storage's check is bounded (half a second): on a busy machine the first may run out, a later one not.
    await expect.poll(async () => (await ready()).json().storage, { timeout: 10_000, interval: 250 }).toBe('ok');

    await own.close();
    down = true;
    for (const url of [src, `${src}?w=320`, `${src}?w=640&f=avif`]) {
      const picture = await t.app.inject({ method: 'GET', url });
      expect(picture.statusCode, `${url}: ${picture.body}`).toBe(503);
      expect(Number(picture.headers['retry-after'])).toBeGreaterThan(0);
      expect(picture.json()).toHaveProperty('detail');
    }
    const refused = await upload();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Readiness' checks are shared for a second: wait for one made after the bucket went.
    await expect.poll(async () => (await ready()).json().storage, { timeout: 5000, interval: 200 }).toBe('degraded');
    expect((await ready()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/hotel/rooms/', headers: t.headers })).statusCode).toBe(200);
  });
});

describe('storage:migrate', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-migrate-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies an uploads folder into the bucket, and a second run copies only what is new', async () => {
    const disk = createDiskStorage(dataDir);
    const first = await disk.put('lobby', 'webp', await picture('webp', 40, 30));
    const second = await disk.put('garden', 'png', await picture('png', 50, 30));
    // A bucket of its own, made beforehand as an operator would.
    const other = await startS3StandIn('migrated');
    try {
      const env = other.env;
      const target = createStorage(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }));
      const run = await runCli(['--from', dataDir], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Copied 2 pictures/);
      expect(target.describe).toBe('s3://migrated');
      expect((await names(target)).sort()).toEqual([first, second].sort());
      expect((await target.read(first))!.equals((await disk.read(first))!)).toBe(true);

      const third = await disk.put('terrace', 'webp', await picture('webp', 20, 20));
      expect(await copyStoredFiles(disk, target)).toEqual({ copied: 1, present: 2 });
      expect(await names(target)).toContain(third);
    } finally {
      await other.close();
    }
  });

  it('says what is missing without a bucket', async () => {
    const run = await runCli([], { S3_BUCKET: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/S3_BUCKET is not set/);
  });
});

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/storage-migrate.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
