/**
 * An instance's life as an orchestrator or a load balancer sees it (issue 22, point 3):
 * `health/live/` (the process answers), `health/ready/` (it should be sent traffic: database
 * reachable, migrations applied, listener connected, not shutting down; the pictures' storage is
 * reported beside, without taking the instance out), and the way it stops on SIGTERM: readiness
 * turns 503 at once while the instance goes on serving for SHUTDOWN_DELAY_SECONDS (a balancer that
 * follows readiness, such as Kubernetes' endpoints, stops sending it new connections meanwhile),
 * then the listening socket closes, live streams are told to reconnect (to another instance),
 * requests in flight finish within SHUTDOWN_TIMEOUT_SECONDS, and the process exits
 * (docs/decisions/034-beyond-one-machine.md).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livenessSchema, readinessSchema } from '@hotel/domain';
import type { Db } from './db/client';
import { newestAppliedMigration, pingDatabase } from './db/repository';
import { migrationsFolder } from './paths';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutting down: readiness says 503 and responses close their connection. */
    draining: boolean;
  }
}

/** The newest migration this build carries, as drizzle records it (`created_at` is the journal's `when`). */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function migrationsApplied(db: Db, newest: number): Promise<boolean> {
  const applied = await newestAppliedMigration(db);
  return applied !== null && applied >= newest;
}

/** A check answers for this long: probes from several balancers share it. */
const CHECK_REUSE_MS = 1000;

/**
 * A bucket that does not answer within this is reported degraded: a probe has a time-out of its
 * own (a second by default in Kubernetes), and a slow bucket must not make the instance look gone.
 */
const STORAGE_CHECK_MS = 500;

const storageState = (reachable: Promise<boolean>) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), STORAGE_CHECK_MS);
  });
  return Promise.race([reachable.catch(() => false), late]).then((ok) => {
    clearTimeout(timer);
    return ok ? ('ok' as const) : ('degraded' as const);
  });
};

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const newest = await newestMigration();
  // Applied migrations are never taken back: once seen, not asked again.
  let migrated = false;
  let last: { at: number; checks: Promise<{ database: boolean; migrations: boolean; storage: 'ok' | 'degraded' }> } | null = null;
  const check = () => {
    const now = performance.now();
    if (last && now - last.at < CHECK_REUSE_MS) return last.checks;
    const checks = (async () => {
      const storage = storageState(app.storage.reachable());
      const database = await pingDatabase(app.db);
      migrated ||= database && (await migrationsApplied(app.db, newest));
      return { database, migrations: migrated, storage: await storage };
    })();
    last = { at: now, checks };
    return checks;
  };

  // Orchestrators and balancers send no client token and must not be turned away by the rate limit.
  const config = { session: false, database: false, rateLimit: false } as const;

  app.get(
    '/health/live/',
    { config, schema: { tags: ['health'], summary: 'The process answers (liveness probe)', response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready/',
    {
      config,
      schema: {
        tags: ['health'],
        summary: 'Whether to send this instance traffic: database, migrations, listener, not shutting down (readiness probe)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const { database, migrations, storage } = await check();
      const checks = { database, migrations, listener: app.notifications.connected(), accepting: !app.draining };
      const ready = Object.values(checks).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks, storage });
    },
  );
};

export const processHealthPlugin = fp(async (app: FastifyInstance, options: { prefix: string }) => {
  app.decorate('draining', false);
  await app.register(probeRoutes, { prefix: options.prefix });
});

/**
 * Readiness says 503 at once and the instance goes on serving for `delayMs`, so that a balancer
 * polling readiness takes it out before its socket closes (a closed socket refuses the connections
 * still sent to it); then drainAndClose. Answers whether everything finished in time.
 */
export async function leaveAndClose(app: FastifyInstance, delayMs: number, timeoutMs: number): Promise<boolean> {
  app.draining = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  return drainAndClose(app, timeoutMs);
}

/**
 * Stops taking requests and closes the app: the listening socket closes (the balancer sends new
 * connections elsewhere), readiness says 503, live streams get a `retry` hint and end (live.ts's
 * preClose), requests in flight finish, each answer closing its connection. Past `timeoutMs` the
 * connections still open are cut. Answers whether everything finished in time.
 */
export async function drainAndClose(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  app.draining = true;
  let inTime = true;
  // A connection whose answer began before the shutdown stays open for its next request once the
  // answer is done (only answers begun after say Connection: close): close each as it falls idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
  const bound = setTimeout(() => {
    inTime = false;
    app.log.warn({ timeoutMs }, 'requests still in flight at the shutdown bound: their connections are cut');
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(bound);
  }
  return inTime;
}
