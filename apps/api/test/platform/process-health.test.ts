/**
 * Readiness and graceful shutdown (issue 22, point 3; process-health.ts): probes for an orchestrator
 * without the client token, and SIGTERM during a burst of requests and 20 open live streams: no
 * request fails with a 5xx, every stream gets its `retry` hint, a request in flight is answered,
 * and the process exits within the bound.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAndClose } from '../../src/process-health';
import { NOTIFICATIONS_APPLICATION_NAME } from '../../src/db/notifications';
import { createTestApp, type TestApp } from '../app';
import { copyMigratedDatabase, startServerProcess } from '../support/server-process';
import { openSse, type SseStream } from '../support/sse';
import { createUser } from '../users';

const apiRoot = path.resolve(import.meta.dirname, '../..');

describe('probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live and ready answer anyone, without the client token, and are not rate-limited', async () => {
    for (let i = 0; i < 5; i += 1) {
      const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live/' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready/' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, listener: true, accepting: true }, storage: 'ok' });
    }
    // The existing health/ stays, behind the client token.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/' })).statusCode).toBe(403);
  });

  it('refuses what is not GET', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/health/ready/', payload: {} })).statusCode).toBe(404);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('readiness on PostgreSQL', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  it('is 503 while the listener is away and ready again once it reconnects', async () => {
    const ready = () => t.app.inject({ method: 'GET', url: '/api/v1/health/ready/' });
    expect((await ready()).statusCode).toBe(200);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [
      NOTIFICATIONS_APPLICATION_NAME,
    ]);
    await expect.poll(async () => (await ready()).json().checks.listener, { timeout: 5000, interval: 5 }).toBe(false);
    expect((await ready()).statusCode).toBe(503);
    await expect.poll(async () => (await ready()).statusCode, { timeout: 10_000 }).toBe(200);
  });
});

/** Resolves when the server has read the head of a request to `url`. */
const received = (t: TestApp, url: string) =>
  new Promise<void>((resolve) => {
    const seen = (request: http.IncomingMessage) => {
      if (request.url !== url) return;
      t.app.server.off('request', seen);
      resolve();
    };
    t.app.server.on('request', seen);
  });

/** Sends a request's head and the first half of its body now, the rest when asked. */
function slowRequest(port: number, headers: Record<string, string>) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/login/',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number } | { error: string }>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode! }));
    });
    request.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  return { finish: () => request.end(body.slice(10)), answered };
}

describe('shutting down', () => {
  it('during a burst and 20 open streams: no 5xx, every stream told to reconnect, the request in flight answered, done within the bound', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const guests = await Promise.all([createUser(t), createUser(t), createUser(t)]);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;

      const streams: SseStream[] = await Promise.all(
        Array.from({ length: 20 }, (_, i) => openSse(`${base}/api/v1/orders/events/`, guests[i % 3]!.headers)),
      );
      expect(streams.map((stream) => stream.status)).toEqual(Array(20).fill(200));
      // The hint given at opening (3 s); the shutdown's comes after it.
      await expect.poll(() => streams.every((stream) => stream.retries.length === 1)).toBe(true);

      // Eight clients asking one after another on kept-alive connections until the server is gone.
      const statuses: number[] = [];
      const refused: string[] = [];
      let stop = false;
      const client = async () => {
        while (!stop) {
          try {
            const response = await fetch(`${base}/api/v1/delivery/products/`, { headers: t.headers });
            await response.arrayBuffer();
            statuses.push(response.status);
          } catch (error) {
            refused.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
            return;
          }
        }
      };
      const clients = Array.from({ length: 8 }, client);
      await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(40);

      const head = received(t, '/api/v1/auth/login/');
      const inFlight = slowRequest(port, t.headers);
      await head;
      const started = performance.now();
      const closing = drainAndClose(t.app, 5000);
      // Readiness says no at once, for the balancer.
      expect(t.app.draining).toBe(true);
      await Promise.all(streams.map((stream) => stream.ended));
      inFlight.finish();
      // As it is answered any time: no account has that address.
      expect(await inFlight.answered).toEqual({ status: 404 });
      stop = true;
      await Promise.all(clients);
      expect(await closing).toBe(true);
      expect(performance.now() - started).toBeLessThan(5000);

      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200]));
      // A client that asked after the listening socket closed is refused a connection, which a balancer retries elsewhere.
      expect(refused.every((code) => /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET|other side closed/.test(code)), refused.join()).toBe(true);
      for (const stream of streams) {
        expect(stream.retries).toHaveLength(2);
        expect(stream.retries[1]).toBeGreaterThanOrEqual(500);
        expect(stream.retries[1]).toBeLessThan(2500);
      }
    } finally {
      await t.close();
    }
  });

  it('cuts a request that does not finish at the bound and says so', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const head = received(t, '/api/v1/auth/login/');
      const stuck = slowRequest(port, t.headers);
      await head;
      const started = performance.now();
      expect(await drainAndClose(t.app, 300)).toBe(false);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(await stuck.answered).toHaveProperty('error');
    } finally {
      await t.close();
    }
  });
});

// The process is started on an embedded database of its own whatever the run's database is, so
// the run on a PostgreSQL server would only repeat it. Each starts on a copy of the migrated
// template: what is shown here is the shutdown, not a first start.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-shutdown-'));
    await copyMigratedDatabase(dataDir);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits with 0 soon after SIGTERM, and is ready before', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CALENDAR_SYNC_MINUTES: '0',
        SHUTDOWN_TIMEOUT_SECONDS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /running at (http:\/\/\S+)/.exec(stdout);
        if (found) resolve(found[1]!.replace('localhost', '127.0.0.1'));
      });
      void exited.then(() => reject(new Error(`exited before listening: ${stderr}`)));
    });
    try {
      const ready = await fetch(`${url}/api/v1/health/ready/`);
      expect(ready.status).toBe(200);
      const started = performance.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);

  it('on SIGTERM, readiness is 503 while the socket still serves, for SHUTDOWN_DELAY_SECONDS, then it exits with 0 (issue 43, point 5)', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'hotel-leaving-'));
    await copyMigratedDatabase(folder);
    const site = startServerProcess({ DATA_DIR: folder, LOG_LEVEL: 'info', SHUTDOWN_DELAY_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '3' });
    try {
      const base = await site.listening;
      expect((await fetch(`${base}/api/v1/health/ready/`)).status).toBe(200);
      site.child.kill('SIGTERM');
      await site.said(/shutting down/);
      // A balancer polling readiness hears it leave, and what it still sends is answered.
      const ready = await fetch(`${base}/api/v1/health/ready/`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: { accepting: boolean } }).checks.accepting).toBe(false);
      expect((await fetch(`${base}/api/v1/health/live/`)).status).toBe(200);
      expect(await site.exited).toBe(0);
      await expect(fetch(`${base}/api/v1/health/live/`)).rejects.toThrow();
    } finally {
      site.kill();
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
