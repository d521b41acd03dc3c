/**
 * Backups that restore (issue 22, point 5; backup.ts): bookings, an order and a photo are backed
 * up, restored into an empty database and an empty storage, and found there, on the database the
 * run uses (the embedded one, or PostgreSQL with DATABASE_URL through pg_dump and pg_restore).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRoom } from '@hotel/domain';
import { backup, dumpOf, MANIFEST, PGLITE_DUMP, POSTGRES_DUMP, restore, serveBackupRequests } from '../../src/backup';
import { openDatabase, type Database, type DatabaseConfig } from '../../src/db/client';
import { orders, reservations, rooms } from '../../src/db/schema';
import { repoRoot } from '../../src/paths';
import { createDiskStorage } from '../../src/storage';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, insertReservation, type TestRooms } from '../hotel-fixtures';
import { insertMenu, insertOrderingGuest, withExpectedTotal } from '../order-fixtures';
import { picture, sendForm } from '../support/admin';
import { copyMigratedDatabase } from '../support/server-process';
import { createUser } from '../users';

const onServer = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let room: TestRooms;
let folders: string[] = [];
let admin: pg.Client | undefined;
const madeDatabases: string[] = [];

const folder = async (name: string) => {
  const made = await mkdtemp(path.join(os.tmpdir(), `hotel-${name}-`));
  folders.push(made);
  return made;
};
const urlOf = (database: Database) => (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

/** An empty database to restore into: a new one on the server, or a data folder not made yet. */
async function emptyDatabase(): Promise<DatabaseConfig> {
  if (!onServer) return { pgliteDir: path.join(await folder('restored'), 'db') };
  const name = `hotel_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin!.query(`CREATE DATABASE ${name}`);
  madeDatabases.push(name);
  const url = new URL(urlOf(t.database));
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString() };
}

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  room = await insertRooms(t);
  if (onServer) {
    admin = new pg.Client({ connectionString: urlOf(t.database) });
    await admin.connect();
  }
});
afterAll(async () => {
  for (const name of madeDatabases) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  await t?.close();
  await Promise.all(folders.map((made) => rm(made, { recursive: true, force: true })));
  folders = [];
});

// Each test dumps a database and opens another to restore into: seconds of CPU on their own, and
// many more on a two-core machine running the browser tests beside them.
describe(`a backup on ${onServer ? 'PostgreSQL' : 'the embedded database'}`, { timeout: 90_000 }, () => {
  it('restores bookings, an order and a photo into an empty database and storage', async () => {
    // Two bookings, an order and a room photo, through the API where a guest or staff would.
    const guest = await createUser(t);
    await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(10), departure: day(12) });
    await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(20), departure: day(23), guestCount: 2 });
    const menu = await insertMenu(t);
    const orderer = await insertOrderingGuest(t);
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: orderer.user.headers,
      payload: await withExpectedTotal(t, { address_id: orderer.address, payment_method_id: orderer.card.publicId, items: [{ product_id: String(menu.soup), quantity: 2 }] }),
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const staff = await createUser(t, { role: 'admin' });
    const uploaded = await sendForm(t, 'POST', `admin/rooms/${room.family}/images/`, { file: { bytes: await picture('png', 300, 200), filename: 'view.png' } }, staff.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = new URL(uploaded.json<AdminRoom>().images[0]!.src).pathname.split('/').pop()!;

    const out = path.join(await folder('backup'), 'nightly');
    const manifest = await backup({
      out,
      database: onServer ? { databaseUrl: urlOf(t.database) } : { dump: dumpOf(t.database) },
      storage: t.app.storage,
    });
    expect(manifest.database).toBe(onServer ? 'postgres' : 'pglite');
    expect(manifest.pictures).toBe(1);
    expect((await readdir(out)).sort()).toEqual([MANIFEST, onServer ? POSTGRES_DUMP : PGLITE_DUMP, 'uploads'].sort());
    await expect(backup({ out, database: { dump: dumpOf(t.database) }, storage: t.app.storage })).rejects.toThrow(/not empty/);

    const target = await emptyDatabase();
    const storage = createDiskStorage(await folder('restored-storage'));
    await restore({ from: out, database: target, storage });
    // A second restore over it is refused: it would mix two sites' data.
    await expect(restore({ from: out, database: target, storage })).rejects.toThrow(/not empty/);

    const restored = await openDatabase(target);
    try {
      const stays = await restored.db
        .select({ roomId: reservations.roomId, guestCount: reservations.guestCount })
        .from(reservations)
        .orderBy(asc(reservations.id));
      expect(stays).toEqual([
        { roomId: room.single, guestCount: 1 },
        { roomId: room.double, guestCount: 2 },
      ]);
      const [order] = await restored.db.select().from(orders);
      expect(order).toMatchObject({ id: ordered.json<{ id: number }>().id, userId: orderer.user.id });
      const withPhotos = await restored.db.select({ images: rooms.images }).from(rooms);
      expect(withPhotos.flatMap((row) => row.images.map((image) => image.file))).toContain(photo);
      // The restored database is whole: its migrations are recorded, so the server starts on it.
      await restored.migrate();
    } finally {
      await restored.close();
    }
    expect((await storage.read(photo))!.equals((await t.app.storage.read(photo))!)).toBe(true);
  });

  it('refuses a folder that is not a backup, and a backup of the other kind of database', async () => {
    await expect(restore({ from: await folder('nothing'), database: await emptyDatabase(), storage: createDiskStorage(await folder('s')) })).rejects.toThrow(/not a backup/);
    const out = path.join(await folder('backup'), 'b');
    await backup({ out, database: onServer ? { databaseUrl: urlOf(t.database) } : { dump: dumpOf(t.database) }, storage: t.app.storage });
    const other: DatabaseConfig = onServer ? { pgliteDir: path.join(await folder('x'), 'db') } : { databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restore({ from: out, database: other, storage: createDiskStorage(await folder('s')) })).rejects.toThrow(/restore it with DATABASE_URL/);
  });
});

/** Runs an API command-line tool as `npm run …` does, in the environment given. */
function runCli(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe.skipIf(onServer)('npm run backup and restore while the server holds the embedded database', { timeout: 90_000 }, () => {
  it('the running server writes the dump; restore brings it into a new data folder', async () => {
    // The server's database, migrated: a copy of the template spares this test initdb and the migrations.
    const dataDir = await folder('data');
    await copyMigratedDatabase(dataDir);
    const held = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    let out: string;
    try {
      await held.migrate();
      serveBackupRequests(held);
      await createDiskStorage(dataDir).put('lobby', 'webp', await picture('webp', 30, 20));
      out = path.join(await folder('backup'), 'by-cli');
      const made = await runCli('src/cli/backup.ts', ['--out', out], { DATA_DIR: dataDir });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/Backed up the database and 1 pictures/);
    } finally {
      await held.close();
    }
    const restoredDir = await folder('restored-data');
    const restored = await runCli('src/cli/restore.ts', [out], { DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(await readdir(path.join(restoredDir, 'uploads'))).toHaveLength(1);
    const again = await runCli('src/cli/restore.ts', [out], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
  }, 120_000);
});

/** What `sh` started under umask 022, the usual default, runs: `args` in `cwd` with `env` added. */
function underUmask022(args: string[], cwd: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn('sh', ['-c', 'umask 022 && exec "$@"', 'sh', ...args], {
    cwd,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
  });
}

function finished(child: ChildProcessWithoutNullStreams) {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Every folder under `root` (itself included) that is not 0700 and every file that is not 0600, with its mode. */
async function notPrivate(root: string): Promise<string[]> {
  const found: string[] = [];
  const mode = async (target: string) => (await stat(target)).mode & 0o777;
  if ((await mode(root)) !== 0o700) found.push(`. ${(await mode(root)).toString(8)}`);
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const target = path.join(entry.parentPath, entry.name);
    const expected = entry.isDirectory() ? 0o700 : 0o600;
    const actual = await mode(target).catch(() => expected);
    if (actual !== expected) found.push(`${path.relative(root, target)} ${actual.toString(8)}`);
  }
  return found;
}

describe.skipIf(onServer)('backups and the data folder as an operator has them', { timeout: 300_000 }, () => {
  const backupsFolder = path.join(repoRoot, 'backups');
  let named: string | undefined;
  afterAll(async () => {
    if (named) await rm(path.join(backupsFolder, named), { recursive: true, force: true });
  });

  it('npm run backup and restore from the repository root take paths from there; everything written is 0700/0600 under umask 022', async () => {
    // A first start, as `npm start` makes it: the data folder, the database, the demo pictures.
    const dataDir = path.join(await folder('operator'), 'var');
    const server = underUmask022([process.execPath, '--import', 'tsx', 'src/server.ts'], path.resolve(import.meta.dirname, '../..'), {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    });
    const exited = finished(server);
    let printed = '';
    const port = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const running = /is running at http:\/\/localhost:(\d+)/.exec(printed);
        if (running) resolve(running[1]!);
      });
      void exited.then(({ code, stderr }) => reject(new Error(`The server exited with ${code}: ${stderr}`)));
    });
    try {
      // A letter in the outbox: a sign-up's code.
      const signup = await fetch(`http://127.0.0.1:${port}/api/v1/auth/signup/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-token': 'house1799-web' },
        body: JSON.stringify({ first_name: 'Maryia', email: 'maryia@example.com', password: 'Grodno-1799-Stay', language: 'en' }),
      });
      expect(signup.status, await signup.text()).toBe(201);
      for (const part of ['db', 'uploads', 'mail']) expect((await readdir(path.join(dataDir, part))).length, part).toBeGreaterThan(0);
      expect(await notPrivate(dataDir)).toEqual([]);

      // The README's commands, typed at the repository's root, with a path relative to it.
      named = `operator-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
      const made = await finished(underUmask022(['npm', 'run', 'backup', '--', '--out', `backups/${named}`], repoRoot, { DATA_DIR: dataDir }));
      expect(made.code, made.stderr).toBe(0);
      expect((await readdir(path.join(backupsFolder, named))).sort()).toEqual([MANIFEST, PGLITE_DUMP, 'uploads'].sort());
      expect(existsSync(path.join(repoRoot, 'apps', 'api', 'backups', named))).toBe(false);
      expect(await notPrivate(path.join(backupsFolder, named))).toEqual([]);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }

    // Into a data folder whose parents do not exist yet either.
    const restoredDir = path.join(await folder('operator-restored'), 'srv', 'house1799', 'var');
    const restored = await finished(underUmask022(['npm', 'run', 'restore', '--', `backups/${named}`], repoRoot, { DATA_DIR: restoredDir }));
    expect(restored.code, restored.stderr).toBe(0);
    expect((await readdir(path.join(restoredDir, 'uploads'))).length).toBeGreaterThan(0);
    expect(await notPrivate(restoredDir)).toEqual([]);
  });
});
