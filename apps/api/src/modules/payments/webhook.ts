/**
 * POST payments/webhook/: where the payment provider reports. Exempt from the client token (a
 * provider cannot add our header); instead the notification is verified as the provider's
 * documentation says, on the exact bytes it sent, before anything in it is believed. Answers:
 * 200 applied (or already applied: a replay changes nothing), 401 bad signature, 400 unreadable,
 * 404 unknown payment, 409 a word about an ERIP bill or a pending refund already settled, 422 amount
 * or currency that differs from ours (refused and logged). An ERIP refund's notification ends the
 * refund bePaid took as pending (decision 058).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, okSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { NotificationRefused } from './gateway';
import { applyOutcome, applyRefundOutcome } from './service';

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    const text = body as string;
    rawBodies.set(request, text);
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });

  app.post(
    '/webhook/',
    {
      schema: {
        tags: ['payments'],
        summary: "The payment provider's notifications (signed by the provider; no client token)",
        description:
          'The sandbox signs with HMAC-SHA256 (`x-sandbox-signature`); bePaid with HTTP Basic (shop id and secret key) and an RSA-SHA256 `Content-Signature` of the body. A notification whose amount or currency differs from the payment is refused with 422.',
        body: z.unknown(),
        response: { 200: okSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const raw = rawBodies.get(request) ?? '';
      let outcome;
      try {
        outcome = app.paymentGateway.readNotification(raw, request.headers);
      } catch (error) {
        if (error instanceof NotificationRefused) {
          request.log.warn({ reason: error.message }, 'payment notification refused');
          throw new HttpError(error.statusCode, error.message);
        }
        throw error;
      }
      if ('kind' in outcome) await applyRefundOutcome(app, outcome);
      else await applyOutcome(app, outcome);
      return { ok: true as const };
    },
  );
};
