/**
 * The life of a food order (spec sections 3, 4, 9): which status may follow which, who may cancel,
 * and what an order costs. The server refuses every change of status this table does not allow;
 * the screens ask the same table what to offer.
 */
import { DELIVERY_FEE_KOPECKS, DELIVERY_PROMISE_MINUTES } from '../constants';
import type { Kopecks } from '../money';
import type { OrderStatus } from './status';

/**
 * The most portions of one dish in one order, the most dishes (lines) an order may have, and the
 * most an order may cost (3,000 BYN, dishes and delivery): a kitchen of this size cooks no more
 * for one address, and a mistyped quantity is not charged to a card.
 */
export const ORDER_QUANTITY_MAX = 30;
export const ORDER_TOTAL_MAX_KOPECKS = 3_000_00;
export const ORDER_LINES_MAX = 50;
export const ORDER_COMMENT_MAX = 500;
/** At most this many option groups on a dish, options in a group, options chosen for one line (issue 24). */
export const OPTION_GROUPS_MAX = 5;
export const OPTIONS_PER_GROUP_MAX = 12;
export const CHOSEN_OPTIONS_MAX = OPTION_GROUPS_MAX * OPTIONS_PER_GROUP_MAX;
/** An order card in the account shows at most this many dish pictures, then "+N" (ACC-31). */
export const ORDER_CARD_IMAGES_MAX = 6;
/**
 * An order nobody has paid for this long, with no payment under way, is set aside (stashed), so a
 * checkout abandoned half-way does not stay among the guest's active orders.
 */
export const UNPAID_ORDER_STASH_MINUTES = 30;

/**
 * After a card is declined for an order, the same card is not tried again on that order for this
 * long: a double click, a retry or a script never reaches the provider twice with a card the bank
 * has just refused (the payment answers 409 and says why). Another card may be tried at once.
 */
export const DECLINED_CARD_PAUSE_SECONDS = 60;

/**
 * Who moves an order along: payment (pending → accepted), the guest (cancel while the kitchen has
 * not started), the kitchen and the courier (the rest), the clock (stash an unpaid order).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['accepted', 'canceled', 'stashed'],
  accepted: ['in_progress', 'canceled'],
  in_progress: ['delivering', 'canceled'],
  delivering: ['completed'],
  completed: [],
  canceled: [],
  stashed: [],
};

/** Statuses in which the guest may still cancel: the kitchen has not started cooking. */
export const GUEST_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'accepted'];

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function canGuestCancelOrder(status: OrderStatus): boolean {
  return GUEST_CANCELLABLE_STATUSES.includes(status);
}

/** Only an order that is not yet paid takes a payment. */
export function canPayOrder(status: OrderStatus): boolean {
  return status === 'pending';
}

/** The comment and the address may change until the order is paid. */
export function canEditOrder(status: OrderStatus): boolean {
  return status === 'pending';
}

export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order that is ${from} cannot become ${to}`);
    this.name = 'OrderTransitionError';
  }
}

export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canChangeOrderStatus(from, to)) throw new OrderTransitionError(from, to);
}

// ─── Price ──────────────────────────────────────────────────────────────────────────────────────

export interface PricedLine {
  price: Kopecks;
  quantity: number;
}

/** The figures of an order's summary (ACC-33), each its own amount. */
export interface OrderSummary {
  items: Kopecks;
  delivery: Kopecks;
  packaging: Kopecks;
  discount: Kopecks;
  total: Kopecks;
}

export function lineTotal(line: PricedLine): Kopecks {
  return line.price * line.quantity;
}

export function goodsTotal(lines: readonly PricedLine[]): Kopecks {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** The owner's amounts (issue 24): the least an order's dishes may cost, and from what delivery is free. */
export interface DeliveryThresholds {
  min_order: Kopecks;
  free_delivery_from: Kopecks | null;
  /** The fee staff set (issue 48, point 13); the house's default until they do. */
  delivery_fee: Kopecks;
}

const NO_THRESHOLDS: DeliveryThresholds = { min_order: 0, free_delivery_from: null, delivery_fee: DELIVERY_FEE_KOPECKS };

/**
 * Where an order goes: a saved address (the courier), or the guest's room during a stay in
 * progress (room service, issue 24), which carries no delivery fee.
 */
export type OrderDestinationKind = 'address' | 'room';

/** The delivery fee of dishes costing `items`: the owner's fee, free from the owner's threshold on, and always for room service. */
export function deliveryFee(items: Kopecks, thresholds: Pick<DeliveryThresholds, 'free_delivery_from' | 'delivery_fee'>, destination: OrderDestinationKind = 'address'): Kopecks {
  if (destination === 'room') return 0;
  return thresholds.free_delivery_from !== null && items >= thresholds.free_delivery_from ? 0 : thresholds.delivery_fee;
}

/**
 * What an order costs: the dishes, the delivery fee (DEL-24, DEL-25; free from the owner's threshold, none for room service), no packaging charge and
 * as discount only a promo code's (decision 043), taken off the dishes and never more than they cost, so the total
 * never goes below 0 (issue 42).
 */
export function orderSummary(
  lines: readonly PricedLine[],
  thresholds: DeliveryThresholds = NO_THRESHOLDS,
  destination: OrderDestinationKind = 'address',
  promoDiscount: Kopecks = 0,
): OrderSummary {
  const items = goodsTotal(lines);
  const delivery = deliveryFee(items, thresholds, destination);
  const packaging = 0;
  const discount = Math.max(0, Math.min(promoDiscount, items));
  return { items, delivery, packaging, discount, total: Math.max(0, items + delivery + packaging - discount) };
}

/** An order within the cap of ORDER_TOTAL_MAX_KOPECKS. */
export function isOrderTotalAllowed(summary: Pick<OrderSummary, 'total'>): boolean {
  return summary.total <= ORDER_TOTAL_MAX_KOPECKS;
}

/** When a paid order should be at the door: the city-wide promise counted from the payment. */
export function expectedDeliveryAt(acceptedAt: Date): Date {
  return new Date(acceptedAt.getTime() + DELIVERY_PROMISE_MINUTES * 60_000);
}
