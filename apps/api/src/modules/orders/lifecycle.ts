/**
 * The life of an order once it is placed: the one place its status changes. Every change is
 * checked against the state machine of packages/domain, written as a conditional UPDATE on the
 * status it was read in (so two changes at once never both apply), and followed by what it means:
 * the guest's letter, the refund of a paid order cancelled, and, through the `orders` NOTIFY
 * trigger, the live streams (live.ts). Who moves an order: its payment (pending → accepted, through
 * the callbacks registered here with the payments module), the guest and the staff (cancel), the
 * kitchen and the courier (the next step), the settling timer (stash an order left unpaid).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  assertOrderTransition,
  canGuestCancelOrder,
  canPayOrder,
  canStaffCancelOrder,
  nextOrderStep,
  ORDER_DETAILS,
  OrderTransitionError,
  UNPAID_ORDER_STASH_MINUTES,
  type OrderStatus,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import type { OrderPayments } from '../payments/order-payments';
import { cancelDoorPayment, doorRefusal, openDoorPayment, refundOrder, settleDoorPayment, type DoorTaken } from '../payments/service';
import { releasePromo } from '../promo/promo';
import { takeOrderOffBill } from '../folio/folio';
import { canStillAccept, kitchenRefusal } from './kitchen';
import { sendOrderMail } from './order-mail';
import { tellKitchenUnlessWatched } from './order-notice';
import { findOrder, ORDER_NOT_FOUND } from './orders';
import { findOrderRow, hasPaymentUnderWay, lockOrder, unpaidOrderIds, updateStatusIf, type OrderRow } from './repository';

const timestampsFor = (to: OrderStatus, now: Date): Partial<OrderRow> => ({
  updatedAt: now,
  ...(to === 'accepted' ? { paidAt: now } : {}),
  ...(to === 'completed' ? { deliveredAt: now } : {}),
  ...(to === 'canceled' || to === 'stashed' ? { canceledAt: now } : {}),
});

/**
 * Moves an order from `from` to `to` if the state machine allows it (409 otherwise) and nobody moved
 * it meanwhile. Answers the updated row, or null when the order was no longer `from`. `also` is
 * written with the status (a cancel's reason, the card that paid).
 */
async function moveOrder(
  db: Db | Tx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  now: Date,
  also: Pick<Partial<OrderRow>, 'cancelReason' | 'paymentMethodId'> = {},
): Promise<OrderRow | null> {
  try {
    assertOrderTransition(from, to);
  } catch (error) {
    if (error instanceof OrderTransitionError) throw new HttpError(409, error.message);
    throw error;
  }
  const after = await updateStatusIf(db, orderId, from, { status: to, ...timestampsFor(to, now), ...also });
  // A cancelled or set-aside order gives its promo code's use back (decision 043).
  if (after && (to === 'canceled' || to === 'stashed')) await releasePromo(db, { orderId }, now);
  return after;
}

/** What the caller adds to a change: its own record in the change's transaction, and the site's origin for the letter's link. */
export interface ChangeOptions {
  record?: ((tx: Tx, before: OrderRow) => Promise<void>) | undefined;
  origin?: string | undefined;
  now?: Date | undefined;
}

/** The step "delivered" of an order paid at the door: what the courier took, and who records it (decision 059). */
export interface DoorDelivery {
  taken: DoorTaken | undefined;
  staffId: number;
}

/**
 * Moves a paid order on as the kitchen and the courier do (accepted → in_progress → delivering →
 * completed), from `from`, the status the board showed: 409 when the order is no longer in it or
 * has no next step. The guest gets the letter of the new status.
 */
export async function advanceOrder(
  app: FastifyInstance,
  orderId: number,
  from: OrderStatus,
  options: ChangeOptions & { door?: DoorDelivery | undefined } = {},
): Promise<OrderRow> {
  const now = options.now ?? new Date();
  const after = await app.db.transaction(async (tx) => {
    const order = await findOrderRow(tx, orderId);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    if (order.status !== from) throw new HttpError(409, `The order is ${order.status} now, not ${from}; reload the board`);
    const to = nextOrderStep(from);
    if (!to) throw new HttpError(409, `An order that is ${from} is not moved on by the staff`);
    // Delivered and paid at the door are one step: the courier's record is asked for then, and only then (decision 059).
    const taken = options.door?.taken;
    const delivering = to === 'completed' && order.payAtDoor !== null;
    if (delivering && !taken) throw doorRefusal(422, 'settle_required', { total: order.total });
    if (!delivering && taken) throw doorRefusal(422, 'settle_not_door');
    const row = await moveOrder(tx, orderId, from, to, now);
    if (!row) throw new HttpError(409, 'The order changed meanwhile; reload the board');
    if (delivering) await settleDoorPayment(tx, orderId, taken!, options.door!.staffId, now);
    await options.record?.(tx, order);
    return row;
  });
  await sendOrderMail(app, orderId, { origin: options.origin });
  return after;
}

/** Who cancels an order: the guest, their own only; or staff, with the reason the guest is told. */
export type Canceller = { by: 'guest'; userId: number } | { by: 'staff'; reason: string };

/**
 * Cancels an order, for the guest (until the kitchen starts; API-39, ACC-34) or for staff (until
 * the courier leaves, with a reason): the one way an order becomes cancelled by a person. Refused
 * with 409 while a payment of the order waits for 3-D Secure, whoever asks. A paid order is
 * refunded to its card, and the guest gets the cancellation letter (saying so). Answers the order
 * as it was before and after.
 */
export async function cancelOrder(
  app: FastifyInstance,
  id: number,
  canceller: Canceller,
  options: ChangeOptions = {},
): Promise<{ before: OrderRow; after: OrderRow; refunded: boolean }> {
  const now = options.now ?? new Date();
  const { before, after } = await app.db.transaction(async (tx) => {
    // Under the lock payments take (lockForPayment below), so no payment starts between the check and the cancel.
    const order = await lockOrder(tx, id, canceller.by === 'guest' ? canceller.userId : undefined);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    const allowed = canceller.by === 'guest' ? canGuestCancelOrder(order.status) : canStaffCancelOrder(order.status);
    if (!allowed) throw new HttpError(409, `An order that is ${order.status} cannot be cancelled`);
    // A payment waiting for 3-D Secure could still be approved: cancelling now would charge the
    // guest and refund them, with letters about both. The order is cancelled once it is settled.
    if (await hasPaymentUnderWay(tx, id)) throw new HttpError(409, ORDER_DETAILS.paymentUnderWay);
    const after = await moveOrder(tx, id, order.status, 'canceled', now, canceller.by === 'staff' ? { cancelReason: canceller.reason } : {});
    if (!after) throw new HttpError(409, 'The order changed meanwhile; reload it');
    // Put on the room's bill: its line taken back by a correction in the same transaction (decision 055).
    // Paid at the door: nothing is owed once the order will not come (decision 059).
    if (order.payAtDoor !== null) await cancelDoorPayment(tx, id, now);
    if (order.reservationId !== null) {
      await takeOrderOffBill(tx, id, order.reservationId, canceller.by === 'staff' ? `Order #${id} cancelled: ${canceller.reason}` : `Order #${id} cancelled by the guest`, canceller.by === 'staff' ? 'staff' : 'guest');
    }
    await options.record?.(tx, order);
    return { before: order, after };
  });
  const refunded = before.paidAt !== null && (await refundOrder(app, id));
  await sendOrderMail(app, id, { origin: options.origin, refunded });
  return { before, after, refunded };
}

/**
 * An order that costs nothing (a promo code took its dishes and nothing else is due) has nothing to
 * pay: it is accepted at once with no payment and no card, never sent to the provider, and the
 * receipt says no payment was needed (issue 42). A retry of the same order finds it accepted and
 * sends nothing again.
 */
export async function acceptFreeOrder(app: FastifyInstance, orderId: number, options: ChangeOptions & { onRoomBill?: boolean } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const accepted = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    // Room service put on the room's bill is owed with the stay, not paid now (decision 055): accepted as a free order is.
    const owedElsewhere = options.onRoomBill === true && order?.reservationId !== null && order?.paymentMethodId === null;
    if (!order || (order.total !== 0 && !owedElsewhere) || order.status !== 'pending') return false;
    return (await moveOrder(tx, orderId, 'pending', 'accepted', now, { paymentMethodId: null })) !== null;
  });
  if (accepted) await sendOrderMail(app, orderId, { origin: options.origin });
  if (accepted) await tellKitchenUnlessWatched(app, orderId);
}

/**
 * An order to be paid to the courier (issue 46, decision 059) is accepted at once with no charge
 * and no card; what it owes is opened as a pending payment at the door in the same transaction, and
 * recorded by the courier's step "delivered". A retry of the same order finds it accepted and
 * sends nothing again.
 */
export async function acceptDoorOrder(app: FastifyInstance, orderId: number, options: ChangeOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const accepted = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.payAtDoor === null || order.status !== 'pending' || order.total === 0) return false;
    if ((await moveOrder(tx, orderId, 'pending', 'accepted', now)) === null) return false;
    await openDoorPayment(tx, { id: order.id, userId: order.userId, total: order.total, method: order.payAtDoor });
    return true;
  });
  if (accepted) await sendOrderMail(app, orderId, { origin: options.origin });
  if (accepted) await tellKitchenUnlessWatched(app, orderId);
}

/** Sets aside orders nobody paid for UNPAID_ORDER_STASH_MINUTES with no payment under way, and tells their guests. */
async function stashUnpaidOrders(app: FastifyInstance, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_ORDER_STASH_MINUTES * 60_000);
  let count = 0;
  for (const id of await unpaidOrderIds(app.db, cutoff, 100)) {
    if (await moveOrder(app.db, id, 'pending', 'stashed', now)) {
      count += 1;
      await sendOrderMail(app, id);
    }
  }
  return count;
}

/** Why an order takes no payment now by its status, or null (packages/domain's canPayOrder). */
function paymentRefusal(status: OrderStatus): HttpError | null {
  if (canPayOrder(status)) return null;
  if (status === 'canceled' || status === 'stashed') return new HttpError(409, 'This order is cancelled and cannot be paid');
  return new HttpError(409, 'This order is already paid');
}

/**
 * Why an order takes no payment now, or null: by its status, or because the kitchen would cook it
 * now and ordering has closed since it was placed (the kitchen's 409, with when it opens). No card
 * is charged for an order the kitchen cannot take.
 */
async function payableNow(app: FastifyInstance, db: Db | Tx, order: Pick<OrderRow, 'status' | 'deliverAt'>, now: Date): Promise<HttpError | null> {
  const refusal = paymentRefusal(order.status);
  if (refusal || order.deliverAt !== null) return refusal;
  return kitchenRefusal(app, db, now);
}

/** The orders module's side of an order's payment, as the payments module calls it. */
function orderPayments(app: FastifyInstance): OrderPayments {
  return {
    async payable(db, userId, orderId) {
      const { order } = await findOrder(db, userId, orderId);
      return { id: order.id, total: order.total, refusal: await payableNow(app, db, { status: order.status, deliverAt: order.deliverAt }, new Date()) };
    },
    async lockForPayment(tx, orderId) {
      const order = await lockOrder(tx, orderId);
      return order ? payableNow(app, tx, order, new Date()) : null;
    },
    async paid(tx, orderId, cardId, now) {
      const order = await lockOrder(tx, orderId);
      if (!order || !canPayOrder(order.status)) return 'gone';
      // The bank may confirm a payment (3-D Secure) after ordering closed: the hours are asked
      // again now, and an order the kitchen can no longer take is cancelled, its money given back.
      if (!(await canStillAccept(app, tx, order, now))) {
        return (await moveOrder(tx, orderId, order.status, 'canceled', now)) ? 'too_late' : 'gone';
      }
      return (await moveOrder(tx, orderId, order.status, 'accepted', now, { paymentMethodId: cardId })) !== null ? 'accepted' : 'gone';
    },
    afterPaid: async (orderId) => {
      await sendOrderMail(app, orderId);
      await tellKitchenUnlessWatched(app, orderId);
    },
    afterTooLate: (orderId, refunded) => sendOrderMail(app, orderId, { refunded, tooLate: true }),
    stashUnpaid: (now) => stashUnpaidOrders(app, now),
  };
}

/** Registers the orders module's side of an order's payment with the payments module (payments/plugin.ts first). */
export const orderLifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    app.orderPayments.register(orderPayments(app));
  },
  { name: 'order-lifecycle', dependencies: ['payments'] },
);
