/**
 * The staff's payments page (/admin/payments; admin and superuser): GET admin/payments/ and its CSV
 * with the same filters, and the two ways to close what needs a person: a failed refund or an
 * unpaid fee is tried again, or settled outside the provider with a note. Each action is written
 * to the change log. Charging a booking's fee again is the hotel's (hotel/admin-fee-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feeIdParamsSchema, moneyEntrySchema, moneyPageSchema, moneyQuerySchema, moneyResolveSchema, refundIdParamsSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { folioLedgerOf } from './folio-ledger';
import { moneyCsv, moneyEntries, moneyEntry, moneyPage } from './ledger';
import { REFUND_NOT_FOUND, retryRefund, settleFeeOutside, settleRefundOutside } from './service';
import { audit } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';

export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'payments');
  app.get(
    '/payments/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every charge, fee, card check and refund of a range of hotel days, with totals per day (admin, superuser)',
        description:
          '`from`..`to` are hotel days (Europe/Minsk), both included, at most 92 days; the last week by default. `attention` lists failed refunds and unpaid fees of any day until they are resolved.',
        querystring: moneyQuerySchema,
        response: { 200: moneyPageSchema, ...errorResponses },
      },
    },
    async (request) => moneyPage(app.db, folioLedgerOf(app), request.query),
  );

  app.get(
    '/payments/csv/',
    {
      schema: {
        tags: ['admin'],
        summary: "The same entries as CSV, for the accountant (admin, superuser)",
        description: 'text/csv, UTF-8 with a byte-order mark; amounts in BYN with two decimals; times on the hotel clock.',
        querystring: moneyQuerySchema,
        response: { 200: z.string().meta({ description: 'text/csv' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = moneyCsv(await moneyEntries(app.db, folioLedgerOf(app), request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/payments/refunds/:id/retry/',
    {
      config: { permission: 'refunds' },
      schema: {
        tags: ['admin'],
        summary: 'Ask the provider once more for a refund it refused (admin, superuser)',
        description: '409 unless the refund failed and nobody settled it.',
        params: refundIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: moneyEntrySchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const before = await moneyEntry(app.db, folioLedgerOf(app), { refundId: id });
      if (!before) throw new HttpError(404, REFUND_NOT_FOUND);
      const after = await retryRefund(app, id);
      await audit(app.db, request, {
        action: 'refund.retry',
        target: `refund ${id}`,
        before: { status: 'failed' },
        // An ERIP refund ERIP takes again is pending until it completes.
        after: { status: after.status },
      });
      return (await moneyEntry(app.db, folioLedgerOf(app), { refundId: id }))!;
    },
  );

  app.post(
    '/payments/refunds/:id/resolve/',
    {
      config: { permission: 'refunds' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a refund the provider refused as settled outside it, with a note (admin, superuser)',
        description: '409 when the refund went through or was settled already, or the provider took it and may yet complete it (an ERIP refund pending).',
        params: refundIdParamsSchema,
        body: moneyResolveSchema,
        response: { 200: moneyEntrySchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      await settleRefundOutside(request, id, request.body.note);
      return (await moneyEntry(app.db, folioLedgerOf(app), { refundId: id }))!;
    },
  );

  app.post(
    '/payments/fees/:id/resolve/',
    {
      config: { permission: 'refunds' },
      schema: {
        tags: ['admin'],
        summary: 'Mark an unpaid fee as settled outside the provider (paid at the desk, written off), with a note (admin, superuser)',
        params: feeIdParamsSchema,
        body: moneyResolveSchema,
        response: { 200: moneyEntrySchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      await settleFeeOutside(request, id, request.body.note);
      return (await moneyEntry(app.db, folioLedgerOf(app), { paymentId: id }))!;
    },
  );
};
