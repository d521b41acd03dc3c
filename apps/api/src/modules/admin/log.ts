/** GET admin/log/: the audit log, newest first (superuser only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@hotel/domain';
import { requireSuperuser } from '../auth/session';
import { auditPage } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';

export const adminLogRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'change-log');
  app.get(
    '/log/',
    {
      onRequest: requireSuperuser,
      schema: {
        tags: ['admin'],
        summary: 'Who changed what, with the values before and after (superuser only)',
        description:
          'Fifty entries a page, newest first; pass `next` as `before` for the page after. `target` is as written ("room 3"); ' +
          '`target_kind` and `target_id` are read from it for screens to translate, and `target_name` is the room\'s or ' +
          "dish's name, the category's title or the amenity's text, looked up with the page.",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses },
      },
    },
    async (request) => auditPage(app.db, request.query.before),
  );
};
