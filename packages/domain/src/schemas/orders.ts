/**
 * Food orders (spec sections 3, 7; API-35..39, DEL-32). The client names dishes and quantities;
 * the server prices them from today's menu and never takes a price from the client.
 */
import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from '../rules/status';
import { KITCHEN_HOURS } from '../rules/kitchen';
import { ORDER_COMMENT_MAX, ORDER_LINES_MAX, ORDER_QUANTITY_MAX } from '../rules/order';
import { imageSchema } from './catalogue';
import { kopecksSchema, localizedTextSchema } from './common';
import { publicIdSchema } from './payments';

const MAX_ID = 2 ** 31 - 1;
const rowId = z.number('Must be a whole number').int('Must be a whole number').positive('Must be a positive id').max(MAX_ID, 'Unknown id');

const quantityMessage = `quantity must be a whole number from 1 to ${ORDER_QUANTITY_MAX}`;

/** One dish of a new order: the product id as text (spec section 7) and 1 to ORDER_QUANTITY_MAX of it. */
export const orderItemInputSchema = z.strictObject({
  product_id: z
    .string('product_id must be text')
    .regex(/^[1-9]\d{0,9}$/, 'product_id must be the id of a dish')
    .transform(Number)
    .refine((id) => id <= MAX_ID, 'product_id must be the id of a dish'),
  quantity: z
    .number(quantityMessage)
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(ORDER_QUANTITY_MAX, quantityMessage),
});

const comment = z.string().trim().max(ORDER_COMMENT_MAX, `The comment may have at most ${ORDER_COMMENT_MAX} characters`);

/** POST orders/ (API-37, DEL-32). */
export const orderCreateSchema = z.strictObject({
  address_id: rowId,
  payment_method_id: publicIdSchema,
  items: z
    .array(orderItemInputSchema, 'items must be a list of dishes')
    .min(1, 'The order has no dishes')
    .max(ORDER_LINES_MAX, `An order may have at most ${ORDER_LINES_MAX} different dishes`)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      for (const [index, item] of items.entries()) {
        if (seen.has(item.product_id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'product_id'], message: 'The same dish is listed twice' });
        }
        seen.add(item.product_id);
      }
    }),
  comment: comment.default(''),
  /**
   * The total the guest saw (kopecks): when today's prices make it another, the order is not
   * placed and the answer (409) carries the current prices, so the guest is asked again.
   */
  expected_total: kopecksSchema.optional(),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

/**
 * The 409 of POST orders/: when the prices changed since the guest saw them, the order's total at
 * today's prices and each dish's price today; when the kitchen is closed, why and until when.
 */
export const orderRefusedSchema = z.object({
  detail: z.string(),
  total: kopecksSchema.optional(),
  items: z.array(z.object({ product_id: z.number().int(), price: kopecksSchema })).optional(),
  /** The kitchen takes no order now: outside its hours, or closed by staff for the day. */
  reason: z.enum(['hours', 'closed_today']).optional(),
  opens_at: z.string().nullable().optional(),
});
export type OrderRefused = z.infer<typeof orderRefusedSchema>;

/** PUT orders/{id}/ (API-36): the courier comment and the address, while the order is not paid. */
export const orderUpdateSchema = z
  .strictObject({ comment: comment.optional(), address_id: rowId.optional() })
  .refine((body) => body.comment !== undefined || body.address_id !== undefined, 'Nothing to change: give comment or address_id');
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** An order id in a path: decimal digits only (no sign, no "0x1", no "1e3"), within int4. */
export const orderIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Unknown order')
    .transform(Number)
    .refine((id) => id <= MAX_ID, 'Unknown order'),
});

export const orderCreatedSchema = z.object({ id: z.number().int() });

/** Orders one user may have waiting for payment at once; each is a card on the staff board. */
export const UNPAID_ORDERS_MAX = 3;
/** Orders one user may place in a minute (paid or not), so a script cannot fill the board. */
export const ORDERS_PER_MINUTE = 5;
/** The details of order refusals (POST orders/, a cancel) the screens translate by. */
export const ORDER_DETAILS = {
  tooManyUnpaid: `You have ${UNPAID_ORDERS_MAX} unpaid orders: pay or cancel one before placing another`,
  /** A cancel, the guest's or the staff's, while a payment of the order waits for 3-D Secure: it may still be approved. */
  paymentUnderWay: 'The payment of this order is waiting for confirmation; the order can be cancelled once it is settled',
} as const;

/** The address as it was when the order was placed, so a later edit of the address book changes no order. */
export const orderAddressSchema = z.object({
  id: z.number().int().nullable(),
  label: z.string(),
  address: z.string(),
  entrance: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  apartment: z.number().int().nullable(),
  intercom: z.string().nullable(),
  comment: z.string().nullable(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** A dish of an order, as it was named and priced when ordered (API-35: id, name, image, price, quantity). */
export const orderItemSchema = z.object({
  id: z.number().int(),
  /** The dish on today's menu, or null once it has been removed from it. */
  product_id: z.number().int().nullable(),
  name: localizedTextSchema,
  image: imageSchema.nullable(),
  price: kopecksSchema,
  quantity: z.number().int().positive(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSummarySchema = z.object({
  items: kopecksSchema,
  delivery: kopecksSchema,
  packaging: kopecksSchema,
  discount: kopecksSchema,
  total: kopecksSchema,
});

export const ORDER_DISPLAY_STATUSES = ['awaiting_payment', 'accepted', 'delivering', 'delivered', 'cancelled'] as const;

export const orderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  display_status: z.enum(ORDER_DISPLAY_STATUSES),
  created_at: z.string(),
  /** The total to pay (spec: Order.price). */
  price: kopecksSchema,
  summary: orderSummarySchema,
  address: orderAddressSchema,
  items: z.array(orderItemSchema),
  comment: z.string(),
  /** The card that paid the order; null while it is not paid. */
  payment_method: z.object({ payment_method_id: z.string(), card_last4: z.string(), brand: z.string() }).nullable(),
  /** Where the order's money stands (an unpaid order offers "Pay", which pays this same order). */
  payment_status: z.enum(ORDER_PAYMENT_STATUSES),
  paid_at: z.string().nullable(),
  /** When the courier is expected: 60 minutes from the payment. */
  expected_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** Why the hotel cancelled the order ('' when the guest did, or it is not cancelled). */
  cancel_reason: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** One dish of a repeated order, at today's price, ready for the cart. */
export const repeatLineSchema = z.object({
  product_id: z.number().int(),
  quantity: z.number().int().positive(),
  price: kopecksSchema,
  name: localizedTextSchema,
  image: imageSchema.nullable(),
});

/**
 * POST orders/{id}/repeat/ (API-38): the same dishes at today's prices for the cart, and those no
 * longer on the menu, named so the guest knows.
 */
export const orderRepeatSchema = z.object({
  items: z.array(repeatLineSchema),
  missing: z.array(z.object({ name: localizedTextSchema, quantity: z.number().int().positive() })),
});
export type OrderRepeat = z.infer<typeof orderRepeatSchema>;

/**
 * GET delivery/ordering/: whether the kitchen takes orders now, and if not why (outside its hours,
 * or closed by staff for the day) and when ordering opens again.
 */
export const orderingStateSchema = z.object({
  open: z.boolean(),
  reason: z.enum(['hours', 'closed_today']).nullable(),
  opens_at: z.string().nullable(),
  hours: z.object({ opens: z.literal(KITCHEN_HOURS.opens), closes: z.literal(KITCHEN_HOURS.closes) }),
  /** Staff closed ordering for the rest of today. */
  closed_today: z.boolean(),
});
export type OrderingState = z.infer<typeof orderingStateSchema>;

/** PUT admin/orders/kitchen/: staff close (or open again) ordering for the rest of today. */
export const kitchenDaySchema = z.strictObject({ closed_today: z.boolean('closed_today must be true or false') });
export type KitchenDay = z.infer<typeof kitchenDaySchema>;
