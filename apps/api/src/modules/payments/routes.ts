/**
 * Payments and the adding of cards (API-22, API-23, API-40, API-41). Who may call: a signed-in
 * user, about their own orders, cards and payments; anything else answers 404 as if it did not
 * exist. 401 comes before any validation. The browser never tells the server that a payment went
 * through: it asks, and the server answers what the provider said.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderRefusedSchema,
  errorSchema,
  paymentCreatedSchema,
  paymentCreateSchema,
  paymentIdParamsSchema,
  paymentMethodIdParamsSchema,
  paymentMethodInitAnswerSchema,
  paymentMethodInitSchema,
  paymentStatusAnswerSchema,
} from '@hotel/domain';
import { IDEMPOTENCY_HEADER, idempotencyHeadersSchema } from '../../plugins/idempotency';
import { requireUser } from '../auth/session';
import { cardStatus, payOrder, paymentStatus, startSavingCard } from './service';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 502: errorSchema };

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.post(
    '/methods/init/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start adding a card (API-22, ACC-45; signed-in user)',
        description:
          "Answers the provider's page to type the card on (`confirmation_url`) and the new card's `payment_method_id`, pending until the provider reports back; poll GET payments/methods/{payment_method_id}/status/. The provider returns the guest to `return_path`.",
        body: paymentMethodInitSchema,
        response: { 201: paymentMethodInitAnswerSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await startSavingCard(request, request.body.return_path)),
  );

  app.get(
    '/methods/:payment_method_id/status/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The state of a card being added: pending, succeeded or canceled (API-23, ACC-46; owner)',
        params: paymentMethodIdParamsSchema,
        response: { 200: paymentStatusAnswerSchema, ...errors },
      },
    },
    async (request) => ({ status: await cardStatus(request, request.params.payment_method_id) }),
  );

  app.post(
    '/create/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pay an order with a saved card (API-40, DEL-32..34; owner of both)',
        description:
          'Answers `payment_id`, and `confirmation_url` when the guest must confirm the charge (3-D Secure or the provider\'s page); poll GET payments/{id}/status/. The provider returns the guest to `return_path` (`/delivery/cart` when not given, or `/account/orders`), which then asks about the payment. An attempt is the order, the card and the `Idempotency-Key` header: asking again with the same three answers the same attempt, whatever became of it. Asking twice for one order (a double click, a retry) answers the payment under way and charges once. 409 when the order is paid or cancelled, ordering has closed since an order for as soon as possible was placed (`reason` and `opens_at` as POST orders/ answers them; nothing is charged), a payment with another card is still in progress, or this card was declined (for any order or booking of the guest) less than a minute ago (the detail says so; another card may be tried at once); 502 when the provider did not answer (the payment is then checked with the provider).',
        headers: idempotencyHeadersSchema,
        body: paymentCreateSchema,
        response: { 200: paymentCreatedSchema, ...errors, 409: orderRefusedSchema },
      },
    },
    async (request) =>
      payOrder(request, {
        orderId: request.body.order_id,
        cardPublicId: request.body.payment_method_id,
        attemptKey: request.headers[IDEMPOTENCY_HEADER],
        returnPath: request.body.return_path,
      }),
  );

  app.get(
    '/:id/status/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The state of a payment: pending, succeeded or canceled (API-41, DEL-34; owner)',
        params: paymentIdParamsSchema,
        response: { 200: paymentStatusAnswerSchema, ...errors },
      },
    },
    async (request) => ({ status: await paymentStatus(request, request.params.id) }),
  );
};
