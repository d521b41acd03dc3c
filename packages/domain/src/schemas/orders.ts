/**
 * Food orders (spec sections 3, 7; API-35..39, DEL-32). The client names dishes and quantities;
 * the server prices them from today's menu and never takes a price from the client.
 */
import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from '../rules/status';
import { KITCHEN_HOURS } from '../rules/kitchen';
import { DELIVERY_FEE_MAX_KOPECKS, LEAD_MINUTES_RANGE, SLOT_CAPACITY_RANGE } from '../rules/delivery-slots';
import { DOOR_CAP_MAX_KOPECKS, DOOR_METHODS, DOOR_REFUSALS } from '../rules/door';

import { CHOSEN_OPTIONS_MAX, ORDER_COMMENT_MAX, ORDER_LINES_MAX, ORDER_QUANTITY_MAX, ORDER_TOTAL_MAX_KOPECKS } from '../rules/order';
import { imageSchema } from './catalogue';
import { expectedTotalSchema, kopecksSchema, localizedTextSchema } from './common';
import { promoCodeFieldSchema, promoRefusalShape } from './promo-field';
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
  /** The ids of the chosen options of the dish (issue 24); the server checks they are the dish's. */
  options: z
    .array(rowId, 'options must be a list of option ids')
    .max(CHOSEN_OPTIONS_MAX, `At most ${CHOSEN_OPTIONS_MAX} options`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same option is chosen twice')
    .default([]),
});

/** The same dish with other options is another line; with the same options, the same one. */
export const orderLineKey = (line: { product_id: number; options?: readonly number[] | undefined }) =>
  [line.product_id, ...[...(line.options ?? [])].sort((a, b) => a - b)].join(':');

const comment = z.string().trim().max(ORDER_COMMENT_MAX, `The comment may have at most ${ORDER_COMMENT_MAX} characters`);

/**
 * Room service (issue 24): the order goes to the room of the guest's own stay in progress, instead
 * of a saved address. The server checks the stay; the cart offers it only during one.
 */
export const roomDestinationSchema = z.strictObject({
  kind: z.literal('room', "destination.kind must be 'room'"),
  reservation_id: rowId,
  /**
   * Put the order on the room's bill instead of paying it now (issue 45, point 4): accepted at
   * once, no card charged; the guest settles it with the bill at check-out.
   */
  on_room_bill: z.boolean('destination.on_room_bill must be true or false').optional(),
});

/** POST orders/ (API-37, DEL-32). */
export const orderCreateSchema = z
  .strictObject({
    /** One of the guest's saved addresses; or, instead, `destination` (room service). */
    address_id: rowId.optional(),
    destination: roomDestinationSchema.optional(),
    /** One of the guest's saved cards; not needed for room service put on the room's bill, nor when paying the courier. */
    payment_method_id: publicIdSchema.optional(),
    /**
     * Pay the courier at the door instead of by card (issue 46): how the guest means to pay. The
     * server checks the owner's setting, the cap and the guest's delivered paid order (decision 059).
     */
    pay_at_door: z.enum(DOOR_METHODS, "pay_at_door must be 'cash' or 'card_terminal'").optional(),
    items: z
      .array(orderItemInputSchema, 'items must be a list of dishes')
      .min(1, 'The order has no dishes')
      .max(ORDER_LINES_MAX, `An order may have at most ${ORDER_LINES_MAX} different dishes`)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        for (const [index, item] of items.entries()) {
          const key = orderLineKey(item);
          if (seen.has(key)) {
            ctx.addIssue({ code: 'custom', path: [index, 'product_id'], message: 'The same dish is listed twice' });
          }
          seen.add(key);
        }
      }),
    comment: comment.default(''),
    /**
     * The total the guest saw (kopecks), required (issue 42): when today's prices make it another,
     * the order is not placed and the answer (409) carries the current prices, so the guest is asked again.
     */
    expected_total: expectedTotalSchema,
    /** A promo code (any case) for delivery, taken off the dishes after their own discount; `expected_total` is the total after it (decision 043). */
    promo_code: promoCodeFieldSchema.optional(),
    /**
     * The 30-minute slot the guest chose (its start, an ISO moment), or null / absent for "as soon as
     * possible" (issue 24). A slot not offered now, or full, is refused with 409 and the free ones.
     */
    deliver_at: z.iso
      .datetime({ offset: true, message: 'deliver_at must be a moment such as 2026-11-26T18:30:00+03:00' })
      .transform((text) => new Date(text))
      .nullable()
      .optional(),
  })
  .refine((body) => (body.address_id === undefined) !== (body.destination === undefined), {
    message: 'Give exactly one of address_id (an address) and destination (room service)',
    path: ['address_id'],
  })
  .refine((body) => body.payment_method_id !== undefined || body.destination?.on_room_bill === true || body.pay_at_door !== undefined, {
    message: 'Give payment_method_id, one of your saved cards (or put room service on the room bill, or pay the courier)',
    path: ['payment_method_id'],
  })
  .refine((body) => body.pay_at_door === undefined || (body.payment_method_id === undefined && body.destination?.on_room_bill !== true), {
    message: 'Pay the courier or give a card, not both',
    path: ['pay_at_door'],
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
  reason: z
    .enum(['hours', 'closed_today', 'slot_full', 'slot_unavailable', 'below_minimum', 'options_unknown', 'options_missing', 'options_too_many', 'not_staying', 'after_check_out', ...DOOR_REFUSALS])
    .optional(),
  /** Paying the courier refused (decision 059): the same refusal in Russian; `detail` is English. */
  detail_ru: z.string().optional(),
  /** Over the cap of an order paid at the door: the cap, in kopecks. */
  door_cap: kopecksSchema.optional(),
  /** Dishes below the owner's minimum: the minimum, in kopecks. */
  min_order: kopecksSchema.optional(),
  opens_at: z.string().nullable().optional(),
  /** A slot full or not offered: the slots that still take orders. */
  slots: z.array(z.lazy(() => deliverySlotSchema)).optional(),
  /** A 422 of a refused promo code (decision 043). */
  ...promoRefusalShape,
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

/** The room a room-service order goes to, named as when it was ordered (null: to an address). */
export const orderRoomSchema = z.object({
  reservation_id: z.number().int().nullable(),
  name: localizedTextSchema,
});
export type OrderRoom = z.infer<typeof orderRoomSchema>;

/** A dish of an order, as it was named and priced when ordered (API-35: id, name, image, price, quantity). */
export const orderItemSchema = z.object({
  id: z.number().int(),
  /** The dish on today's menu, or null once it has been removed from it. */
  product_id: z.number().int().nullable(),
  name: localizedTextSchema,
  image: imageSchema.nullable(),
  price: kopecksSchema,
  quantity: z.number().int().positive(),
  /** The chosen options, named and priced as when ordered; `price` above includes them. */
  options: z.array(z.object({ id: z.number().int(), group: localizedTextSchema, name: localizedTextSchema, price: kopecksSchema })),
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
  /** Room service: the room it goes to; null when it goes to `address`. */
  room: orderRoomSchema.nullable(),
  items: z.array(orderItemSchema),
  comment: z.string(),
  /** The card that paid the order; null while it is not paid. */
  payment_method: z.object({ payment_method_id: z.string(), card_last4: z.string(), brand: z.string() }).nullable(),
  /** Where the order's money stands (an unpaid order offers "Pay", which pays this same order). */
  payment_status: z.enum(ORDER_PAYMENT_STATUSES),
  paid_at: z.string().nullable(),
  /** When the courier is expected: the chosen slot, or the lead time from the payment. */
  expected_at: z.string().nullable(),
  /** The slot the guest chose (its start), or null for "as soon as possible". */
  deliver_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** Why the hotel cancelled the order ('' when the guest did, or it is not cancelled). */
  cancel_reason: z.string(),
  /** The promo code of the order (decision 043); its discount is `promo_discount`, part of the summary's `discount`. */
  promo_code: z.string().nullable(),
  promo_discount: kopecksSchema,
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
  /** The options chosen then that the dish still has, at today's prices. */
  options: z.array(z.object({ id: z.number().int(), name: localizedTextSchema, price: kopecksSchema })),
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
  /** How long "as soon as possible" takes now, in minutes (staff set it on the board). */
  lead_minutes: z.number().int(),
  /** The least the dishes may cost, and from what delivery is free (null: never); kopecks. */
  min_order: kopecksSchema,
  free_delivery_from: kopecksSchema.nullable(),
  delivery_fee: kopecksSchema,
  /** The slots a guest may choose now (full ones are left out), earliest first. */
  slots: z.array(z.lazy(() => deliverySlotSchema)),
});
export type OrderingState = z.infer<typeof orderingStateSchema>;

/** PUT admin/orders/kitchen/: staff close (or open again) ordering for the rest of today. */
export const kitchenDaySchema = z.strictObject({ closed_today: z.boolean('closed_today must be true or false') });
export type KitchenDay = z.infer<typeof kitchenDaySchema>;

/** A delivery slot that still takes orders: its start (ISO), its hotel day and time, how many it takes yet. */
export const deliverySlotSchema = z.object({
  at: z.string(),
  day: z.string(),
  time: z.string(),
  free: z.number().int().nonnegative(),
});
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;

const wholeIn = (min: number, max: number, key: string) => z.number(key).int(key).min(min, key).max(max, key);
const amount = wholeIn(0, ORDER_TOTAL_MAX_KOPECKS, 'order-board:validation.amount');
const fee = wholeIn(0, DELIVERY_FEE_MAX_KOPECKS, 'order-board:validation.deliveryFee');

/** GET/PUT admin/orders/kitchen/settings/ (issue 24): what staff set for delivery. */
export const kitchenSettingsSchema = z.object({
  lead_minutes: z.number().int(),
  slot_capacity: z.number().int(),
  min_order: kopecksSchema,
  free_delivery_from: kopecksSchema.nullable(),
  delivery_fee: kopecksSchema,
  /** Paying the courier (issue 46): allowed, how, and up to what total (kopecks). */
  door_payment: z.boolean(),
  door_methods: z.array(z.enum(DOOR_METHODS)),
  door_cap: kopecksSchema,
});
export const kitchenSettingsInputSchema = z
  .strictObject({
    lead_minutes: wholeIn(LEAD_MINUTES_RANGE.min, LEAD_MINUTES_RANGE.max, 'order-board:validation.leadMinutes').optional(),
    slot_capacity: wholeIn(SLOT_CAPACITY_RANGE.min, SLOT_CAPACITY_RANGE.max, 'order-board:validation.slotCapacity').optional(),
    min_order: amount.optional(),
    free_delivery_from: amount.nullable().optional(),
    delivery_fee: fee.optional(),
    door_payment: z.boolean('order-board:validation.doorPayment').optional(),
    door_methods: z
      .array(z.enum(DOOR_METHODS, 'order-board:validation.doorMethods'), 'order-board:validation.doorMethods')
      .max(DOOR_METHODS.length, 'order-board:validation.doorMethods')
      .refine((methods) => new Set(methods).size === methods.length, 'order-board:validation.doorMethods')
      .optional(),
    door_cap: wholeIn(1, DOOR_CAP_MAX_KOPECKS, 'order-board:validation.doorCap').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'admin:validation.nothingToChange');
export type KitchenSettingsInput = z.input<typeof kitchenSettingsInputSchema>;

/** GET delivery/pay-at-door/ (issue 46, decision 059): whether the signed-in guest may pay the courier, how, and up to what total. */
export const payAtDoorOfferSchema = z.object({
  allowed: z.boolean(),
  reason: z.enum(['door_off', 'door_not_allowed']).nullable(),
  methods: z.array(z.enum(DOOR_METHODS)),
  cap: kopecksSchema,
});
export type PayAtDoorOffer = z.infer<typeof payAtDoorOfferSchema>;

/** The details of the refusals of issue 24 the screens translate by (with `reason` or the status). */
export const DELIVERY_DETAILS = {
  slotFull: 'This delivery slot is full: choose another',
  slotUnavailable: 'This delivery slot is not offered: choose one later today or tomorrow within the kitchen hours',
  belowMinimum: (min: number) => `An order's dishes must cost at least ${(min / 100).toFixed(2)} BYN`,
} as const;

/**
 * GET delivery/room-service/ (issue 24): the signed-in guest's stays in progress now, each a room
 * the cart may offer as "to my room", with the card that guarantees it (null if none is saved).
 */
export const roomServiceStaysSchema = z.object({
  stays: z.array(
    z.object({
      reservation_id: z.number().int(),
      room: localizedTextSchema,
      /** Check-out (ISO): room service must arrive before it. */
      check_out_at: z.string(),
      payment_method_id: z.string().nullable(),
    }),
  ),
});
export type RoomServiceStays = z.infer<typeof roomServiceStaysSchema>;

/** The details of room-service refusals (POST orders/, 422 with `reason`); the screens translate by `reason`. */
export const ROOM_SERVICE_DETAILS = {
  notFound: 'Reservation not found',
  notStaying: 'Room service is only for a stay in progress: from check-in at 14:00 on the arrival day until check-out at 12:00 on the departure day',
  afterCheckOut: 'Room service must arrive before check-out at 12:00: choose an earlier time or deliver to an address',
  roomOrderAddress: 'This order goes to your room: it cannot be sent to an address; place a new order for that',
} as const;
