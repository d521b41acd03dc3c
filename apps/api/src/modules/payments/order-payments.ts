/**
 * What payments need from the orders module, which registers it when the app starts
 * (orders/lifecycle.ts): payments charge a card and settle the attempt, the orders module alone
 * changes an order's status. So payments never import orders, and an order's status has one writer.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { HttpError } from '../../plugins/errors';
import { registration, type Registration } from '../../registration';

export interface PayableOrder {
  id: number;
  /** What the order costs, in kopecks: the amount charged. */
  total: number;
  /** Why the order takes no payment now (paid, cancelled, ordering closed), or null. */
  refusal: HttpError | null;
}

/** What became of an order whose payment succeeded (OrderPayments.paid). */
export type PaidOrder = 'accepted' | 'gone' | 'too_late';

export interface OrderPayments {
  /** The user's own order to charge; another user's, or none, answers 404. */
  payable(db: Db, userId: number, orderId: number): Promise<PayableOrder>;
  /**
   * Locks the order's row until the transaction ends, so every payment request for one order waits
   * for the one before it; answers why the order takes no payment now (paid, cancelled, or ordering
   * closed for an order the kitchen would cook now), or null.
   */
  lockForPayment(tx: Tx, orderId: number): Promise<HttpError | null>;
  /**
   * In the transaction that marks a payment of the order succeeded: `accepted` when the order took
   * it (it was waiting for payment and is now accepted, paid with `cardId`); `gone` when it was
   * cancelled or stashed meanwhile; `too_late` when the kitchen can no longer take it (ordering
   * closed while the bank confirmed the payment), and it is cancelled now. The money goes back but
   * for `accepted`.
   */
  paid(tx: Tx, orderId: number, cardId: number | null, now: Date): Promise<PaidOrder>;
  /** Once that transaction is committed and the order took the payment: the guest's receipt. */
  afterPaid(orderId: number): Promise<void>;
  /** Once an order cancelled as `too_late` had its money sent back (or the refund queued): the guest's letter. */
  afterTooLate(orderId: number, refunded: boolean): Promise<void>;
  /** The settling timer's turn: orders left unpaid with no payment under way are set aside; answers how many. */
  stashUnpaid(now: Date): Promise<number>;
}

export type OrderPaymentsSlot = Registration<OrderPayments>;

export const orderPaymentsSlot = (): OrderPaymentsSlot => registration<OrderPayments>("The orders module's payment callbacks");

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders module's side of an order's payment (registered by orders/lifecycle.ts). */
    orderPayments: OrderPaymentsSlot;
  }
}

export const orderPaymentsOf = (app: FastifyInstance): OrderPayments => app.orderPayments.get();
