import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@hotel/domain';
import { pingDatabase } from '../../db/repository';

const startedAt = Date.now();
const PING_REUSE_MS = 1000;

interface Ping {
  ok: boolean;
  latencyMs: number;
}

/** Who may call: anyone with the client token. Used by load balancers and monitoring. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A ping answers for a second: checks that arrive meanwhile (many balancers, a monitoring storm)
  // share it and cost the database nothing, so the check measures the server, not its own load.
  let last: { at: number; ping: Promise<Ping> } | null = null;
  const ping = (): Promise<Ping> => {
    const now = performance.now();
    if (last && now - last.at < PING_REUSE_MS) return last.ping;
    const fresh = pingDatabase(app.db).then((ok) => ({ ok, latencyMs: Math.round((performance.now() - now) * 100) / 100 }));
    last = { at: now, ping: fresh };
    return fresh;
  };

  app.get(
    '/health/',
    {
      // The ping is shared (above) and the answer's 503 is its own: never refused for a full queue.
      config: { session: false, database: false },
      schema: {
        tags: ['health'],
        summary: 'Service and database state',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { ok, latencyMs } = await ping();
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: { driver: app.dbDriver, ok, latency_ms: latencyMs },
        version: '1.0.0',
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};
