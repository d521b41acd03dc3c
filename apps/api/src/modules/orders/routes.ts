/**
 * Food orders (API-35..39, DEL-32). Who may call: a signed-in user, about their own orders only;
 * another user's order answers 404 as if it did not exist. 401 comes before any validation.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkOutAt,
  errorSchema,
  ORDER_DETAILS,
  orderCreatedSchema,
  orderCreateSchema,
  orderIdParamsSchema,
  orderingStateSchema,
  payAtDoorOfferSchema,
  orderRefusedSchema,
  orderListSchema,
  orderRepeatSchema,
  orderSchema,
  orderUpdateSchema,
  ORDERS_PER_MINUTE,
  roomServiceStaysSchema,
} from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency';
import { currentUser, requireUser } from '../auth/session';
import { asPromoGuess } from '../promo/guesses';
import { publicOrigin } from '../uploads/public-url';
import { assertKitchenOpen, orderingState } from './kitchen';
import { acceptDoorOrder, acceptFreeOrder, cancelOrder } from './lifecycle';
import { createOrder, findOrder, listOrders, payAtDoorOffer, repeatOrder, roomServiceStays, updateOrder } from './orders';
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
          'Dishes by product id (as text), quantity (1 to 30) and the ids of their chosen `options`, one of your addresses and one of your saved cards. The server prices each dish with its options from today\'s menu, plus the 139 BYN delivery fee unless the dishes reach the owner\'s free-delivery amount; it is `pending` until paid through POST payments/create/, or `accepted` at once with no payment when its total is 0 (a promo code took the dishes; the receipt says no payment was needed). `expected_total` (required: 422 without it) is the total the guest saw, in kopecks: when today\'s prices make another, nothing is placed and 409 answers the current `total` and each dish\'s `price`, so the guest is asked again. 409 too outside the kitchen\'s hours (11:00–22:00, hotel time) or when staff closed ordering for the day (`reason`, `opens_at`). 422 for an unknown dish, another user\'s address or card, a card not saved, an order over 3,000 BYN, options that are not the dish\'s or break a group\'s rule (`reason` `options_unknown`, `options_missing`, `options_too_many`), or dishes below the owner\'s minimum (`reason` `below_minimum`). ' +
          '`deliver_at`: the start of a 30-minute slot later today or tomorrow within the kitchen\'s hours (GET delivery/ordering/ lists them), or null for as soon as possible; 409 with the free `slots` when it is not offered (`slot_unavailable`) or full (`slot_full`). ' +
          'Room service (issue 24): instead of `address_id`, `destination` `{"kind": "room", "reservation_id": …}` sends the order to the room of your own stay in progress (with `"on_room_bill": true` it goes on the room\'s bill instead of being paid now: no `payment_method_id`, accepted at once; issue 45) (from check-in at 14:00 on the arrival day until check-out at 12:00 on the departure day, not cancelled or a no-show), with no delivery fee; the minimum order still applies. 404 for a reservation that is not yours; 422 with `reason` `not_staying` outside the stay, `after_check_out` when the order would arrive after check-out. ' +
          'Pay the courier (issue 46, decision 059): instead of `payment_method_id`, `pay_at_door` `cash` or `card_terminal` places the order accepted at once with no charge, to be paid on delivery; refused with `reason` and `detail_ru` beside `detail`: 422 `door_off` (the owner does not allow it), `door_room` (room service), `door_method` (a way not allowed), `door_over_cap` (the total is over the cap, `door_cap`), 403 `door_not_allowed` (no delivered paid order yet). ' +
          `409 "${ORDER_DETAILS.tooManyUnpaid}"; 429 after ${ORDERS_PER_MINUTE} orders in a minute, or past the promo codes a guest may try (a \`promo_code\` refused with \`unavailable\` counts one; decision 043).`,
        headers: idempotencyHeadersSchema,
        body: orderCreateSchema,
        response: { 201: orderCreatedSchema, ...errors, 403: orderRefusedSchema, 409: orderRefusedSchema, 422: orderRefusedSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { address_id, destination, payment_method_id, pay_at_door, items, comment, expected_total, deliver_at, promo_code } = request.body;
      const user = currentUser(request);
      // An account whose address nobody confirmed orders nothing: the letters would go nowhere.
      if (!user.isActive) throw new HttpError(403, 'Activate your account to order');
      const userId = user.id;
      // A retry with the same Idempotency-Key answers the first order, not a second one.
      const { id } = await idempotent(request, reply, 'order', userId, async () => {
        await assertKitchenOpen(app);
        return asPromoGuess(request, reply, promo_code, () => createOrder(app.db, {
          userId,
          // The schema lets through exactly one of the two.
          destination: destination ? { kind: 'room', reservationId: destination.reservation_id } : { kind: 'address', addressId: address_id! },
          paymentMethodId: payment_method_id,
          onRoomBill: destination?.on_room_bill ? { email: user.email, language: user.language } : undefined,
          payAtDoor: pay_at_door,
          items,
          comment,
          expectedTotal: expected_total,
          deliverAt: deliver_at,
          promoCode: promo_code,
        }));
      });
      // Nothing to pay: accepted now, with no charge (issue 42); the guest's screen then shows it accepted.
      await acceptFreeOrder(app, id, { origin: publicOrigin(request), onRoomBill: destination?.on_room_bill === true });
      // Paid to the courier: accepted now with no charge, owed until the courier records it (decision 059).
      if (pay_at_door) await acceptDoorOrder(app, id, { origin: publicOrigin(request) });
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/delivery/ordering/',
    {
      schema: {
        tags: ['orders'],
        summary: 'Whether the kitchen takes delivery orders now, and when ordering opens if not (anyone)',
        description:
          'Orders are taken daily 11:00–22:00 on the hotel\'s clock (Europe/Minsk), unless staff closed ordering for the day from the order board. `reason` is `hours` or `closed_today` while closed, `opens_at` when ordering opens again. ' +
          'With it the delivery settings staff keep (issue 24): `lead_minutes` (how long "as soon as possible" takes now), `min_order` and `free_delivery_from` in kopecks, the `delivery_fee`, and the `slots` a guest may choose now: 30-minute windows later today (from the lead time on) and tomorrow within the hours, full ones left out, each with how many orders it takes yet (`free`); none while ordering is closed, since no order is taken then.',
        response: { 200: orderingStateSchema },
      },
    },
    async () => orderingState(app),
  );

  app.get(
    '/delivery/room-service/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The signed-in user's stays in progress, whose rooms may take room service (issue 24; signed-in user)",
        description:
          'Each stay in progress now (from check-in at 14:00 on the arrival day until check-out at 12:00 on the departure day, hotel time; not cancelled or a no-show): its `reservation_id` for POST orders/ `destination`, the room\'s name, `check_out_at`, and the `payment_method_id` of the card that guarantees it (null if none is saved). Empty outside a stay.',
        response: { 200: roomServiceStaysSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      stays: (await roomServiceStays(app.db, currentUser(request).id)).map((stay) => ({
        reservation_id: stay.id,
        room: stay.roomName,
        check_out_at: checkOutAt(stay.departure).toISOString(),
        payment_method_id: stay.cardPublicId,
      })),
    }),
  );

  app.get(
    '/delivery/pay-at-door/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Whether the signed-in guest may pay the courier at the door, how, and up to what total (issue 46; signed-in user)',
        description:
          '`allowed` when the owner allows paying the courier and the guest has had an order delivered and paid; else `reason` `door_off` or `door_not_allowed`. ' +
          '`methods`: the ways allowed (`cash`, `card_terminal`); `cap`: the most an order paid at the door may cost, in kopecks. Only for delivery to an address: room service has no courier. The server asks the same again when the order is placed.',
        response: { 200: payAtDoorOfferSchema, 401: errorSchema },
      },
    },
    async (request) => payAtDoorOffer(app.db, currentUser(request).id),
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
        description: '409 once the order is paid or cancelled, and for `address_id` on a room-service order (its price has no delivery fee).',
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
        description:
          'Pending and accepted orders may be cancelled; a paid one is refunded to its card. 409 otherwise, and while a payment of the order waits for confirmation (3-D Secure): it may still be approved.',
        params: orderIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await cancelOrder(app, request.params.id, { by: 'guest', userId: user.id }, { origin: publicOrigin(request) });
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
