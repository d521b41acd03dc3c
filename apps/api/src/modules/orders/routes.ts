/**
 * Food orders (API-35..39, DEL-32). Who may call: a signed-in user, about their own orders only;
 * another user's order answers 404 as if it did not exist. 401 comes before any validation.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  ORDER_DETAILS,
  orderCreatedSchema,
  orderCreateSchema,
  orderIdParamsSchema,
  orderListSchema,
  orderRepeatSchema,
  orderSchema,
  orderUpdateSchema,
  ORDERS_PER_MINUTE,
} from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency';
import { currentUser, requireUser } from '../auth/session';
import { refundOrder } from '../payments/service';
import { publicOrigin } from '../uploads/public-url';
import { sendOrderMail } from './order-mail';
import { cancelOrder, createOrder, findOrder, listOrders, repeatOrder, updateOrder } from './orders';
import { presentOrder, presentRepeat } from './present';

const errors = { 401: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery/orders/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in user's orders, newest first (API-35; signed-in user)",
        response: { 200: orderListSchema, 401: errorSchema },
      },
    },
    async (request) => (await listOrders(app.db, currentUser(request).id)).map((record) => presentOrder(request, record)),
  );

  app.post(
    '/orders/',
    {
      onRequest: requireUser,
      // Per signed-in user (the session is known before this limit is counted), not per address.
      config: { rateLimit: { max: ORDERS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `user-${request.user?.id ?? request.ip}` } },
      schema: {
        tags: ['orders'],
        summary: 'Place an order (API-37, DEL-32; signed-in user)',
        description:
          'Dishes by product id (as text) and quantity (1 to 99), one of your addresses and one of your saved cards. The server prices the order from today\'s menu plus the 139 BYN delivery fee; it is `pending` until paid through POST payments/create/. 422 for an unknown dish, another user\'s address or card, or a card not saved. ' +
          `409 "${ORDER_DETAILS.tooManyUnpaid}"; 429 after ${ORDERS_PER_MINUTE} orders in a minute.`,
        headers: idempotencyHeadersSchema,
        body: orderCreateSchema,
        response: { 201: orderCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { address_id, payment_method_id, items, comment } = request.body;
      const user = currentUser(request);
      // An account whose address nobody confirmed orders nothing: the letters would go nowhere.
      if (!user.isActive) throw new HttpError(403, 'Activate your account to order');
      const userId = user.id;
      // A retry with the same Idempotency-Key answers the first order, not a second one.
      const { id } = await idempotent(request, reply, 'order', userId, () =>
        createOrder(app.db, { userId, addressId: address_id, paymentMethodId: payment_method_id, items, comment }),
      );
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/orders/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order (API-36; owner)',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => presentOrder(request, await findOrder(app.db, currentUser(request).id, request.params.id)),
  );

  app.put(
    '/orders/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Change the courier comment or the address of an unpaid order (API-36; owner)',
        description: '409 once the order is paid or cancelled.',
        params: orderIdParamsSchema,
        body: orderUpdateSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await updateOrder(app.db, userId, request.params.id, { comment: request.body.comment, addressId: request.body.address_id });
      return presentOrder(request, await findOrder(app.db, userId, request.params.id));
    },
  );

  app.post(
    '/orders/:id/cancel/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order before the kitchen starts (API-39, ACC-34; owner)',
        description: 'Pending and accepted orders may be cancelled; a paid one is refunded to its card. 409 otherwise.',
        params: orderIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { before } = await cancelOrder(app.db, user.id, request.params.id);
      const refunded = before.status === 'accepted' && (await refundOrder(app, before.id));
      await sendOrderMail(app, before.id, { origin: publicOrigin(request), refunded });
      return presentOrder(request, await findOrder(app.db, user.id, request.params.id));
    },
  );

  app.post(
    '/orders/:id/repeat/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The order's dishes at today's prices, for the cart (API-38; owner)",
        description: 'Creates no order: the guest checks out the filled cart. Dishes no longer on the menu are listed under `missing`.',
        params: orderIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: orderRepeatSchema, ...errors },
      },
    },
    async (request) => presentRepeat(request, await repeatOrder(app.db, currentUser(request).id, request.params.id)),
  );
};
