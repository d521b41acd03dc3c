/**
 * The staff's promo codes (issue 23, point 4; decision 043): admin and superuser list, create and
 * change codes under admin/promo/ (guarded by modules/admin/routes.ts), each change written to the
 * change log. Bad input answers 422 with the `detail` in the caller's language.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { idParamSchema, promoCodeInputSchema, promoCodeSchema } from '@hotel/domain';
import { audit, changedFields } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { currentUser } from '../auth/session';
import { createCode, listCodes, updateCode } from './promo';
import { validationRefusal } from './refusals';

const promoAudit = (request: FastifyRequest) => async (tx: Parameters<typeof audit>[0], before: z.infer<typeof promoCodeSchema> | null, after: z.infer<typeof promoCodeSchema>) => {
  const { uses: _beforeUses, created_at: _beforeAt, ...was } = before ?? { uses: 0, created_at: '' };

  const { uses: _afterUses, created_at: _afterAt, ...is } = after;
  if (!before) return audit(tx, request, { action: 'promo.create', target: `promo ${after.code}`, before: null, after: is });
  const changed = changedFields(was, is);
  if (changed) await audit(tx, request, { action: 'promo.update', target: `promo ${after.code}`, ...changed });
};

export const adminPromoRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'promo');
  app.get(
    '/promo/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every promo code, newest first, with its uses (admin, superuser)',
        description: '`uses` counts the bookings and orders not cancelled: a cancelled one gives its use back.',
        response: { 200: z.array(promoCodeSchema), ...errorResponses },
      },
    },
    async () => listCodes(app.db),
  );

  app.post(
    '/promo/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Create a promo code (admin, superuser)',
        description:
          '`code` 3 to 32 Latin letters, digits, "-" or "_", kept in upper case (guests may type it in any case); `kind` `percent` ' +
          '(`value` 1 to 100) or `fixed` (`value` in kopecks, greater than 0, not larger than `min_amount` when that is above 0: at use ' +
          'a fixed discount is capped at the amount it applies to); `scope` `rooms`, `delivery` or `both`; `valid_from`..`valid_to` the ' +
          'days (hotel time) it may be used, `stay_from`..`stay_to` the nights a stay must lie within, null for no bound; ' +
          '`min_amount` kopecks; `max_uses`, `max_uses_per_guest` null for no limit. 409 when the code exists in any case; 422 for bad ' +
          "input, the detail in the caller's language.",
        body: promoCodeInputSchema,
        response: { 201: promoCodeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw validationRefusal(request);
      const row = await createCode(app.db, request.body, currentUser(request).id, promoAudit(request));
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/promo/:id/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Change a promo code, or deactivate it with `active: false` (admin, superuser)',
        description: 'The whole code, as for POST. Uses made stay; the next check and use follow the new rules.',
        params: idParamSchema,
        body: promoCodeInputSchema,
        response: { 200: promoCodeSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (request.validationError) throw validationRefusal(request);
      return updateCode(app.db, request.params.id, request.body, promoAudit(request));
    },
  );
};
