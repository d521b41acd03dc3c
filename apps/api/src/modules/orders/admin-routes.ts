/**
 * The live order board (issue 11, part 2): the open orders and today's finished ones; moving an
 * order on by one step of the state machine; cancelling with a reason, refunded when paid, as the
 * guest's own cancellation is. Each change is audited in the same transaction and the guest gets
 * the letter of the new status. The `orders` NOTIFY trigger tells every live stream.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canStaffCancelOrder,
  HOTEL_TIME_ZONE,
  kitchenDaySchema,
  KITCHEN_SETTINGS_DEFAULTS,
  kitchenSettingsInputSchema,
  kitchenSettingsSchema,
  orderingStateSchema,
  nextOrderStep,
  orderIdParamsSchema,
  orderNextRefusedSchema,
  orderNextSchema,
  orderStaffCancelSchema,
  staffOrderListSchema,
  staffOrderSchema,
  type StaffOrder,
} from '@hotel/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { currentUser } from '../auth/session';
import { changeKitchenSettings, kitchenSettings, orderingState, setKitchenClosedToday } from './kitchen';
import { advanceOrder, cancelOrder } from './lifecycle';
import { ORDER_NOT_FOUND } from './orders';
import { presentOrderItem, presentRoom } from './present';
import { boardOrder, boardOrders, type BoardRow } from './repository';
import { publicOrigin } from '../uploads/public-url';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';


/** Midnight of today on the hotel's clock: completed and cancelled orders since then stay on the board. */
export function startOfHotelDay(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: HOTEL_TIME_ZONE,
    hour12: false,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const sinceMidnight = ((part('hour') % 24) * 3600 + part('minute') * 60 + part('second')) * 1000 + now.getMilliseconds();
  return new Date(now.getTime() - sinceMidnight);
}

function present(request: FastifyRequest, { order, items, guest, door }: BoardRow): StaffOrder {
  const name = [guest?.firstName, guest?.lastName].filter(Boolean).join(' ') || guest?.email || '';
  return {
    id: order.id,
    status: order.status,
    next_status: nextOrderStep(order.status),
    can_cancel: canStaffCancelOrder(order.status),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    paid: order.paidAt !== null,
    total: order.total,
    items: items.map((item) => presentOrderItem(request, item)),
    address: { id: order.addressId, ...order.address },
    room: presentRoom(order),
    comment: order.comment,
    cancel_reason: order.cancelReason,
    promo_code: order.promoCode,
    promo_discount: order.promoDiscount,
    guest: { name, phone: guest?.phone ?? null },
    deliver_at: order.deliverAt?.toISOString() ?? null,
    due_at: (order.dueAt ?? new Date(order.createdAt.getTime() + KITCHEN_SETTINGS_DEFAULTS.lead_minutes * 60_000)).toISOString(),
    pay_at_door: order.payAtDoor
      ? {
          method: order.payAtDoor,
          settled:
            door?.status === 'succeeded' && door.doorMethod && door.settledAt
              ? { method: door.doorMethod, amount: door.amount, at: door.settledAt.toISOString(), reason: door.resolutionNote }
              : null,
        }
      : null,
  };
}

async function oneOrder(db: Db, request: FastifyRequest, id: number): Promise<StaffOrder> {
  const row = await boardOrder(db, id);
  if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
  return present(request, row);
}

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'orders.board');
  app.get(
    '/orders/',
    {
      schema: {
        tags: ['admin'],
        summary: "The order board: open orders and today's completed and cancelled ones, oldest first (admin, superuser)",
        response: { 200: staffOrderListSchema, ...errorResponses },
      },
    },
    async (request) => (await boardOrders(app.db, startOfHotelDay(new Date()))).map((row) => present(request, row)),
  );

  app.get(
    '/orders/kitchen/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether the kitchen takes delivery orders now, and whether staff closed ordering for today (admin, superuser)',
        response: { 200: orderingStateSchema, ...errorResponses },
      },
    },
    async () => orderingState(app),
  );

  app.put(
    '/orders/kitchen/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close ordering for the rest of today (a full or closed kitchen), or open it again (admin, superuser)',
        description:
          'Guests cannot place a delivery order until the next hotel day; the cart says so. Orders already placed are not touched. ' +
          'A change is written to the change log (`kitchen.close`, `kitchen.open`, target `kitchen <hotel day>`); asking for the state it is already in changes and logs nothing.',
        body: kitchenDaySchema,
        response: { 200: orderingStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const closed = request.body.closed_today;
      await app.db.transaction(async (tx) => {
        const { day, changed } = await setKitchenClosedToday(tx, closed, currentUser(request).id);
        if (!changed) return;
        await audit(tx, request, {
          action: closed ? 'kitchen.close' : 'kitchen.open',
          target: `kitchen ${day}`,
          before: { closed_today: !closed },
          after: { closed_today: closed },
        });
      });
      return orderingState(app);
    },
  );

  app.get(
    '/orders/kitchen/settings/',
    {
      config: { permission: 'kitchen.settings' },
      schema: {
        tags: ['admin'],
        summary: "The kitchen's delivery settings: lead time, orders per slot, minimum order, free delivery from (admin, superuser)",
        response: { 200: kitchenSettingsSchema, ...errorResponses },
      },
    },
    async () => kitchenSettings(app.db),
  );

  app.put(
    '/orders/kitchen/settings/',
    {
      config: { permission: 'kitchen.settings' },
      schema: {
        tags: ['admin'],
        summary: "Change the kitchen's delivery settings (issue 24; admin, superuser)",
        description:
          '`lead_minutes` (10–240): how long "as soon as possible" takes now; `slot_capacity` (1–100): how many orders one 30-minute slot takes; ' +
          '`min_order`: the least the dishes of an order may cost, in kopecks (0: none); `free_delivery_from`: from this much for the dishes delivery is free (null: never); `delivery_fee`: what delivery to an address costs below that, in kopecks (0–50,000; 139 BYN until changed), used in the price of every order placed from then on. ' +
          'Only the fields sent change. Orders already placed keep their slots. Written to the change log (`kitchen.settings`).',
        body: kitchenSettingsInputSchema,
        response: { 200: kitchenSettingsSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const { before, after } = await changeKitchenSettings(tx, request.body, currentUser(request).id);
        await audit(tx, request, { action: 'kitchen.settings', target: 'kitchen settings', before: { ...before }, after: { ...after } });
        return after;
      }),
  );

  app.post(
    '/orders/:id/next/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move an order on by one step: accepted → in_progress → delivering → completed (admin, superuser)',
        description:
          '`from` is the status the board showed. 409 with a detail when the order is no longer in it (someone moved it ' +
          'meanwhile) or has no next step (not paid yet, or finished). The guest gets the letter of the new status. ' +
          'An order paid at the door (issue 46, decision 059) is delivered with `door`: how the courier was paid (`cash`, `card_terminal`) and the `amount` taken in kopecks, ' +
          'with a `reason` when it is not the order\'s total; recorded once, in the same transaction, as a payment of provider `door`. 422 without `door` for such an order, ' +
          'with `door` for any other step or order, or another amount without a reason; 409 when it was recorded already. Refusals carry `detail_ru`.',
        params: orderIdParamsSchema,
        body: orderNextSchema,
        response: { 200: staffOrderSchema, ...errorResponses, 409: orderNextRefusedSchema, 422: orderNextRefusedSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { from, door } = request.body;
      await advanceOrder(app, id, from, {
        origin: publicOrigin(request),
        door: { taken: door, staffId: currentUser(request).id },
        record: (tx) =>
          audit(tx, request, {
            action: 'order.next',
            target: `order ${id}`,
            before: { status: from },
            after: { status: nextOrderStep(from), ...(door ? { door: { method: door.method, amount: door.amount, reason: door.reason ?? null } } : {}) },
          }),
      });
      return oneOrder(app.db, request, id);
    },
  );

  app.post(
    '/orders/:id/cancel/',
    {
      schema: {
        tags: ['admin'],
        summary: "Cancel an order with a reason, on the hotel's side (admin, superuser)",
        description:
          'Until the courier has left (pending, accepted, in_progress). A paid order is refunded to its card; the guest gets ' +
          'the cancellation letter with the reason, which their order page shows too. 409 otherwise, and while a payment of ' +
          'the order waits for the guest\'s confirmation (3-D Secure): it may still be approved, so the order is cancelled once it is settled.',
        params: orderIdParamsSchema,
        body: orderStaffCancelSchema,
        response: { 200: staffOrderSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      await cancelOrder(
        app,
        id,
        { by: 'staff', reason },
        {
          origin: publicOrigin(request),
          record: (tx, order) =>
            audit(tx, request, {
              action: 'order.cancel',
              target: `order ${id}`,
              before: { status: order.status },
              after: { status: 'canceled', reason },
            }),
        },
      );
      return oneOrder(app.db, request, id);
    },
  );
};
