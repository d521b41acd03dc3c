import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@hotel/domain';
import { pingDatabase } from '../../db/client';

const startedAt = Date.now();

/** Who may call: anyone with the client token. Used by load balancers and monitoring. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Service and database state',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const t0 = performance.now();
      const ok = await pingDatabase(app.db);
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: { driver: app.dbDriver, ok, latency_ms: Math.round((performance.now() - t0) * 100) / 100 },
        version: '1.0.0',
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};
