/**
 * PostgreSQL going away under a running site (issue 43, points 1 and 2; db/client.ts): idle
 * connections ended by the server, the server restarted, two instances migrating a new database
 * at once. The file starts a PostgreSQL server of its own (test/support/postgres-server.ts), which
 * it may stop, and on a new database there two instances of the site as processes, which must
 * stay up: the first test shows both migrate it and become ready, the others take the first
 * through the outages. One server and two sites serve every test, where each part once started
 * its own (a site's start is seconds of CPU).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinaries, startPostgresServer, type PostgresServer } from '../support/postgres-server';
import { PROCESS_CLIENT_TOKEN, startServerProcess, type ServerProcess } from '../support/server-process';

const binaries = await postgresBinaries();
if (!binaries) console.warn('database-outages: skipped, no PostgreSQL binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl, postgres)');

async function createDatabase(server: PostgresServer, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return server.url(name);
}

/** A session cookie that names no session: every request looks it up in the database. */
const headers = { 'x-client-token': PROCESS_CLIENT_TOKEN, cookie: 'session=no-such-session-token-0123456789' };

interface Answer {
  status: number;
  retryAfter: string | null;
}

/** Clients asking, one request after another each, until stopped; every answer kept. */
function burst(base: string, clients: number) {
  const answers: Answer[] = [];
  const failures: string[] = [];
  let stop = false;
  const client = async () => {
    while (!stop) {
      try {
        const response = await fetch(`${base}/api/v1/reviews/?kind=stay`, { headers });
        await response.arrayBuffer();
        answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
      } catch (error) {
        failures.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
  };
  const running = Array.from({ length: clients }, client);
  return {
    answers,
    failures,
    async stop() {
      stop = true;
      await Promise.all(running);
    },
  };
}

const readiness = async (base: string) => {
  const response = await fetch(`${base}/api/v1/health/ready/`);
  return { status: response.status, body: (await response.json()) as { checks: Record<string, boolean> } };
};

describe.skipIf(!binaries)('sites on a PostgreSQL server of their own', () => {
  let server: PostgresServer;
  const sites: ServerProcess[] = [];
  let site: ServerProcess;
  let base: string;
  beforeAll(async () => {
    server = await startPostgresServer(binaries!);
    const url = await createDatabase(server, 'hotel');
    sites.push(
      startServerProcess({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '1000000' }),
      startServerProcess({ DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '1000000' }),
    );
    site = sites[0]!;
    base = await site.listening;
  }, 120_000);
  afterAll(async () => {
    for (const started of sites) started.kill();
    await server?.destroy();
  });

  describe('two instances on a new database (issue 43, point 2)', () => {
    it('started at once, both migrate (one after the other) and become ready', async () => {
      const bases = await Promise.all(sites.map((started) => started.listening));
      // Polled: run after the outages below, the second instance may still be getting its connections back.
      for (const started of bases) await expect.poll(async () => (await readiness(started)).status, { timeout: 20_000, interval: 200 }).toBe(200);
      for (const started of sites) expect(started.child.exitCode, started.output()).toBeNull();
    }, 120_000);
  });

  describe('PostgreSQL going away (issue 43, point 1)', () => {
    it("the site's own connections ended during a burst: the process stays up, every answer is 2xx or 503 with Retry-After", async () => {
      const load = burst(base, 8);
      const admin = new pg.Client({ connectionString: server.url() });
      await admin.connect();
      try {
        for (let round = 0; round < 4; round += 1) {
          const before = load.answers.length;
          await expect.poll(() => load.answers.length, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(before + 30);
          // What PostgreSQL restarting, a failover, idle_session_timeout or a pooler does to them.
          const { rowCount } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = 'hotel'");
          expect(rowCount).toBeGreaterThan(0);
        }
        const before = load.answers.length;
        await expect.poll(() => load.answers.length, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(before + 30);
      } finally {
        await load.stop();
        await admin.end();
      }
      expect(site.child.exitCode, site.output()).toBeNull();
      expect(load.failures).toEqual([]);
      expect(load.answers.filter(({ status }) => status !== 200 && status !== 503)).toEqual([]);
      expect(load.answers.filter(({ status, retryAfter }) => status === 503 && !(Number(retryAfter) > 0))).toEqual([]);
      // Not all refused: the pool replaced what it lost.
      expect(load.answers.slice(-10).map(({ status }) => status)).toContain(200);
      expect(site.output()).toMatch(/a database connection was lost/);
      await expect.poll(async () => (await readiness(base)).status, { timeout: 15_000 }).toBe(200);
    }, 90_000);

    it('the server stopped: requests answer 503 with Retry-After, readiness is 503; started again, the site is ready by itself', async () => {
      expect((await readiness(base)).status).toBe(200);
      await server.stop();
      try {
        const refused = await fetch(`${base}/api/v1/reviews/?kind=stay`, { headers });
        expect(refused.status).toBe(503);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await refused.json()).toHaveProperty('detail');
        await expect.poll(async () => (await readiness(base)).body.checks.database, { timeout: 10_000 }).toBe(false);
        expect((await readiness(base)).status).toBe(503);
        expect(site.child.exitCode, site.output()).toBeNull();
      } finally {
        await server.start();
      }
      await expect.poll(async () => (await readiness(base)).status, { timeout: 20_000, interval: 200 }).toBe(200);
      expect((await fetch(`${base}/api/v1/reviews/?kind=stay`, { headers })).status).toBe(200);
      expect(site.child.exitCode, site.output()).toBeNull();
    }, 90_000);
  });
});
