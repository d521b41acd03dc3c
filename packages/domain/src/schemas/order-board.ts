/**
 * The live order board of the admin area (/admin/orders; issue 11, part 2): the open orders and
 * today's finished ones, with what the kitchen and the courier need; moving an order on by one
 * step of the state machine; cancelling with a reason. And the events of the live streams.
 */
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../rules/status';
import { DOOR_METHODS, DOOR_REASON_MAX } from '../rules/door';
import { ORDER_TOTAL_MAX_KOPECKS } from '../rules/order';
import { kopecksSchema, oneLineText } from './common';
import { orderAddressSchema, orderItemSchema, orderRoomSchema } from './orders';

/** The board's columns, left to right; cancelled orders of today are listed apart. */
export const BOARD_ORDER_STATUSES = ['pending', 'accepted', 'in_progress', 'delivering', 'completed'] as const;

/**
 * The step the staff take next. A pending order is not paid yet: it becomes accepted by its
 * payment, never by a click, so it has no next step here.
 */
export const NEXT_ORDER_STEP: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = {
  accepted: 'in_progress',
  in_progress: 'delivering',
  delivering: 'completed',
};

export function nextOrderStep(status: OrderStatus): OrderStatus | null {
  return NEXT_ORDER_STEP[status] ?? null;
}

/** Staff may cancel until the courier has left (the state machine's transitions to `canceled`). */
export const STAFF_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'accepted', 'in_progress'];
export const canStaffCancelOrder = (status: OrderStatus) => STAFF_CANCELLABLE_STATUSES.includes(status);

export const CANCEL_REASON_MAX = 300;

/** An order as the board shows it. */
export const staffOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** The step a click takes, or null (not paid yet, or finished). */
  next_status: z.enum(ORDER_STATUSES).nullable(),
  can_cancel: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  paid: z.boolean(),
  total: kopecksSchema,
  items: z.array(orderItemSchema),
  address: orderAddressSchema,
  /** Room service: the room the order goes to instead of `address` (issue 24). */
  room: orderRoomSchema.nullable(),
  comment: z.string(),
  cancel_reason: z.string(),
  /** The promo code of the order (decision 043) and what it took off; `total` is after it. */
  promo_code: z.string().nullable(),
  promo_discount: kopecksSchema,
  guest: z.object({ name: z.string(), phone: z.string().nullable() }),
  /** The slot the guest chose, or null for "as soon as possible". */
  deliver_at: z.string().nullable(),
  /** When it should be at the door: the slot, or the lead time from the order; the board sorts by it. */
  due_at: z.string(),
  /**
   * Paid to the courier (issue 46): how the guest meant to pay, and once the courier delivered it how
   * much was taken and how (`settled`); null for an order paid by card or on the room's bill.
   */
  pay_at_door: z
    .object({
      method: z.enum(DOOR_METHODS),
      settled: z.object({ method: z.enum(DOOR_METHODS), amount: kopecksSchema, at: z.string(), reason: z.string().nullable() }).nullable(),
    })
    .nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderListSchema = z.array(staffOrderSchema);

const statusField = z.enum(ORDER_STATUSES, 'order-board:validation.status');

/**
 * POST admin/orders/{id}/next/: the status the board showed, so that a second click (or another
 * screen's) never moves the order two steps.
 */
/**
 * What the courier took at the door, with the step "delivered" of an order paid at the door: how,
 * how much (kopecks; the order's total unless `reason` says why not).
 */
export const doorSettlementSchema = z.strictObject({
  method: z.enum(DOOR_METHODS, 'order-board:validation.doorMethods'),
  amount: z
    .number('order-board:validation.doorAmount')
    .int('order-board:validation.doorAmount')
    .min(1, 'order-board:validation.doorAmount')
    .max(ORDER_TOTAL_MAX_KOPECKS, 'order-board:validation.doorAmount'),
  reason: oneLineText('order-board:validation.doorReason').trim().max(DOOR_REASON_MAX, 'order-board:validation.doorReason').optional(),
});
export type DoorSettlement = z.infer<typeof doorSettlementSchema>;

/** A refusal of the step "delivered" of an order paid at the door: in English, in Russian beside it, and the order's total. */
export const orderNextRefusedSchema = z.object({ detail: z.string(), detail_ru: z.string().optional(), total: kopecksSchema.optional() });

export const orderNextSchema = z.strictObject({
  from: statusField,
  /** Required with `from` `delivering` for an order paid at the door, refused otherwise (decision 059). */
  door: doorSettlementSchema.optional(),
});
export type OrderNext = z.input<typeof orderNextSchema>;

/** POST admin/orders/{id}/cancel/: why, told to the guest in the letter and on their page. */
export const orderStaffCancelSchema = z.strictObject({
  reason: z
    .string('order-board:validation.reason')
    .trim()
    .min(1, 'order-board:validation.reason')
    .max(CANCEL_REASON_MAX, 'order-board:validation.reasonTooLong'),
});
export type OrderStaffCancel = z.input<typeof orderStaffCancelSchema>;

// ─── Live streams (Server-Sent Events) ─────────────────────────────────────────────────────────────

/** `event: order`: an order was placed or changed status; the client refetches it. */
export const orderEventSchema = z.object({ id: z.number().int(), status: z.enum(ORDER_STATUSES) });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The events a live stream sends: `order`, and `resync` (refetch everything: events may have been missed). */
export const LIVE_EVENTS = ['order', 'resync'] as const;

/** Streams one session may hold open at once (tabs of one browser). */
export const LIVE_STREAMS_PER_SESSION = 8;
/** Streams one user may hold open over all their sessions (a phone, a laptop, the staff's screens). */
export const LIVE_STREAMS_PER_USER = 16;
/**
 * How long a page waits before it opens a refused or broken live stream again, at first; the wait
 * doubles up to LIVE_RECONNECT_MAX_SECONDS. The server's 429 says the same in Retry-After.
 */
export const LIVE_RECONNECT_SECONDS = 30;
export const LIVE_RECONNECT_MAX_SECONDS = 300;
