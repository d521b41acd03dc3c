/**
 * The owner's reports (/admin/reports; admin and superuser, guarded by modules/admin/routes.ts):
 * one GET with the whole report of a period, its charts' CSVs are written by the page from it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportPageSchema, reportQuerySchema } from '@hotel/domain';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { folioLedgerOf } from '../payments/folio-ledger';
import { report } from './service';

export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'reports');
  app.get(
    '/reports/',
    {
      schema: {
        tags: ['admin'],
        summary: "The rooms', the restaurant's and the money's figures of a range of hotel days, beside the same days a year before (admin, superuser)",
        description:
          '`from`..`to` are hotel days (Europe/Minsk), both included, at most three years; this month by default. Money is counted as on the payments page.',
        querystring: reportQuerySchema,
        response: { 200: reportPageSchema, ...errorResponses },
      },
    },
    async (request) => report(app.db, folioLedgerOf(app), request.query),
  );
};
