/**
 * POST admin/payments/fees/{id}/retry/ (admin and superuser): a booking's unpaid fee (a late
 * cancellation's or a no-show's) charged again to the card that guarantees the booking, with the
 * guest's letter when the bank wants it confirmed; the staff's payments page (payments/admin-routes.ts)
 * lists it. Written to the change log.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feeIdParamsSchema, moneyEntrySchema } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { FEE_NOT_FOUND, latestReservationPaymentId, moneyEntry, unpaidFeeById } from '../payments/ledger';
import { chargeStayFeeAgain } from './stay-lifecycle';

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
    async (request) => {
      const fee = await unpaidFeeById(app.db, request.params.id);
      if (!fee) throw new HttpError(404, FEE_NOT_FOUND);
      if (fee.status === 'pending') throw new HttpError(409, "This fee is still waiting for the guest's confirmation or the provider's answer");
      const charge = await chargeStayFeeAgain(request, fee.reservationId!);
      if (!charge) throw new HttpError(409, 'The booking has no saved card to charge');
      const newest = await latestReservationPaymentId(app.db, fee.reservationId!);
      await audit(app.db, request, {
        action: 'fee.retry',
        target: `payment ${fee.id}`,
        before: { status: 'failed' },
        after: { status: charge.status },
      });
      return (await moneyEntry(app.db, { paymentId: newest! }))!;
    },
  );

};
