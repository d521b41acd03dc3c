/**
 * POST admin/payments/fees/{id}/retry/ (admin and superuser): a booking's unpaid fee (a late
 * cancellation's or a no-show's) charged again to the card that guarantees the booking, with the
 * guest's letter when the bank wants it confirmed; the staff's payments page (payments/admin-routes.ts)
 * lists it. Written to the change log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feeIdParamsSchema, moneyEntrySchema } from '@hotel/domain';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { retryStayFee } from './stay-lifecycle';

export const adminFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'payments');
  app.post(
    '/payments/fees/:id/retry/',
    {
      schema: {
        tags: ['admin'],
        summary: "Charge a booking's unpaid fee again to the card that guarantees it (admin, superuser)",
        description:
          "`id` is the fee's latest attempt. 409 while that attempt still waits for the guest's 3-D Secure confirmation. When the bank asks the guest to confirm the new charge, they get a letter with the link.",
        params: feeIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: moneyEntrySchema, ...errorResponses },
      },
    },
    async (request) => retryStayFee(request, request.params.id),
  );

};
