/** GET admin/log/: the audit log, newest first (superuser only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@hotel/domain';
import { requireSuperuser } from '../auth/session';
import { auditPage } from './audit';
import { errorResponses } from './http';

export const adminLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/log/',
    {
      onRequest: requireSuperuser,
      schema: {
        tags: ['admin'],
        summary: 'Who changed what, with the values before and after (superuser only)',
        description: 'Fifty entries a page, newest first; pass `next` as `before` for the page after.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses },
      },
    },
    async (request) => auditPage(app.db, request.query.before),
  );
};
