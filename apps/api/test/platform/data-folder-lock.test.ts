/**
 * One process per embedded database folder (docs/decisions/016-data-folder-lock.md): a second
 * server on the same folder refuses to start, `create-superuser` works through the running one,
 * and a holder killed with SIGKILL leaves no stale lock.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderBusyError } from '../../src/db/data-folder-lock';
import { openDatabase, type Database } from '../../src/db/client';
import { staffRoles, users } from '../../src/db/schema';
import { serveSuperuserRequests } from '../../src/modules/auth/superuser';
import { copyMigratedDatabase } from '../support/server-process';

const apiRoot = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-lock-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry of the API as its own process, in the environment `npm start` gives it. */
function run(entry: string, args: string[] = [], options: { until?: RegExp; dataDir?: string } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDir ?? dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, ...output })));
  const ready = new Promise<void>((resolve, reject) => {
    if (!options.until) return resolve();
    const until = options.until;
    child.stdout.on('data', () => {
      if (until.test(output.stdout)) resolve();
    });
    void exited.then((result) => reject(new Error(`exited before ready: ${result.stderr}`)));
  });
  return { child, exited, ready };
}

describe('the embedded database folder belongs to one process', () => {
  let database: Database;
  const folder = () => path.join(dataDir, 'db');

  // A copy of the migrated template (a new folder's initdb and migrations have their test below,
  // in 'a fresh data folder'); the last test of the file reads the superuser this part creates.
  beforeAll(async () => {
    await copyMigratedDatabase(dataDir);
    database = await openDatabase({ pgliteDir: folder() });
    await database.migrate();
    serveSuperuserRequests(database);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it('a second opening in any process is refused, naming the holder', async () => {
    const second = openDatabase({ pgliteDir: folder() });
    await expect(second).rejects.toBeInstanceOf(DataFolderBusyError);
    await expect(second).rejects.toThrow(`(pid ${process.pid})`);
  });

  it('a second server on the same data folder refuses to start, with a clear message', { timeout: 60_000 }, async () => {
    const result = await run('src/server.ts').exited;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`is in use by another process (pid ${process.pid})`);
    expect(result.stdout).not.toContain('running at');
  });

  it('create-superuser works while the site runs, through the running server', { timeout: 60_000 }, async () => {
    const result = await run('src/cli/create-superuser.ts', ['--email', 'Boss@Example.com']).exited;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Superuser boss@example.com created.');
    const password = /Password \(shown only now, keep it safe\): (\S+)/.exec(result.stdout)?.[1];
    expect(password).toHaveLength(20);
    // Written by the server's own connection: visible at once, and durable after its restart.
    const [row] = await database.db.select({ isActive: users.isActive, role: staffRoles.role }).from(users).innerJoin(staffRoles, eq(staffRoles.userId, users.id)).where(eq(users.email, 'boss@example.com'));
    expect(row).toMatchObject({ role: 'superuser', isActive: true });
  });
});

describe('a fresh data folder (issue 21, point 6)', () => {
  it('create-superuser before the first start creates and migrates the folder as the server does', { timeout: 90_000 }, async () => {
    const fresh = path.join(dataDir, 'never-started');
    const result = await run('src/cli/create-superuser.ts', ['--email', 'first@example.com'], { dataDir: fresh }).exited;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Superuser first@example.com created.');
    const database = await openDatabase({ pgliteDir: path.join(fresh, 'db') });
    try {
      const [row] = await database.db.select({ isActive: users.isActive, role: staffRoles.role }).from(users).innerJoin(staffRoles, eq(staffRoles.userId, users.id)).where(eq(users.email, 'first@example.com'));
      expect(row).toMatchObject({ role: 'superuser', isActive: true });
    } finally {
      await database.close();
    }
  });
});

describe('no stale lock', () => {
  it('a server killed with SIGKILL leaves the folder free for the next one', { timeout: 90_000 }, async () => {
    const folder = path.join(dataDir, 'db');
    const server = run('src/server.ts', [], { until: /running at/ });
    await server.ready;
    await expect(openDatabase({ pgliteDir: folder })).rejects.toBeInstanceOf(DataFolderBusyError);
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');

    const next = await openDatabase({ pgliteDir: folder });
    const [row] = await next.db.select({ role: staffRoles.role }).from(staffRoles).innerJoin(users, eq(users.id, staffRoles.userId)).where(eq(users.email, 'boss@example.com'));
    expect(row?.role).toBe('superuser');
    await next.close();
  });
});
