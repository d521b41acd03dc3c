/**
 * The orders module's tables: food orders, their dishes, the kitchen's settings and its closed days.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DOOR_METHODS, ORDER_STATUSES, type ChosenOption, type DoorMethod, type LocalizedText, type OrderAddress } from '@hotel/domain';
import { createdAt, localized, type StoredImage } from '../../db/columns';
import { keyTarget } from '../../db/keys';
import { addresses } from '../account/tables';
import { users } from '../auth/tables';
import { products } from '../delivery/tables';
import { reservations } from '../hotel/tables';
import { paymentMethods } from '../payments/tables';

/**
 * Behaviour kept in SQL triggers on these tables (the test `test/platform/triggers-named.test.ts` fails on
 * a trigger of the database that its table's tables.ts does not name):
 * - `orders_notify` on `orders` (0008_staff_day.sql): an order placed or its status changed sends
 *   NOTIFY `orders` with its id, user and status; the staff's board and the guest's page follow it
 *   live on every instance (orders/live.ts, docs/decisions/019-live-updates.md).
 */

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);

/** A food order, priced by the server from the menu of the day it was placed. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** The address as it was when ordered: a later edit of the address book changes no order. */
    address: jsonb('address').$type<Omit<OrderAddress, 'id'>>().notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    itemsTotal: integer('items_total').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    packaging: integer('packaging').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Why staff cancelled it, in their words, shown to the guest; empty when the guest cancelled. */
    cancelReason: text('cancel_reason').notNull().default(''),
    /** The 30-minute slot the guest chose (its start); null: as soon as possible (issue 24). */
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** When it should be at the door: the slot, or the lead time from the moment it was placed. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Room service (issue 24): the stay whose room the order goes to; null for an order to an address. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** The room's name when ordered, so a renamed room changes no order; null for an order to an address. */
    roomName: jsonb('room_name').$type<LocalizedText>(),
    /** The promo code of the order (decision 043) and its part of `discount`, which includes it. */
    promoCode: text('promo_code'),
    promoDiscount: integer('promo_discount').notNull().default(0),
    /** Paid to the courier (issue 46, decision 059): how the guest meant to pay; null for a card or the room's bill. */
    payAtDoor: text('pay_at_door', { enum: DOOR_METHODS }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('orders_deliver_at_idx').on(t.deliverAt).where(sql`${t.deliverAt} IS NOT NULL`),
    check('orders_amounts_nonnegative', sql`${t.itemsTotal} >= 0 AND ${t.deliveryFee} >= 0 AND ${t.packaging} >= 0 AND ${t.discount} >= 0`),
    check('orders_total_adds_up', sql`${t.total} = ${t.itemsTotal} + ${t.deliveryFee} + ${t.packaging} - ${t.discount}`),
    check('orders_total_nonnegative', sql`${t.total} >= 0 AND ${t.promoDiscount} >= 0 AND ${t.promoDiscount} <= ${t.discount}`),
    // Room service carries no delivery fee (docs/decisions/042-room-service.md).
    check('orders_room_service_no_fee', sql`${t.roomName} IS NULL OR ${t.deliveryFee} = 0`),
    // The courier goes to addresses only: room service is paid by card or on the room's bill (decision 059).
    check('orders_pay_at_door', sql`${t.payAtDoor} IS NULL OR (${t.payAtDoor} IN ('cash', 'card_terminal') AND ${t.roomName} IS NULL AND ${t.paymentMethodId} IS NULL)`),
  ],
);
// Bills' lines, payments and uses of a promo code name an order: their modules lie below orders (db/keys.ts).
keyTarget('order', orders.id);

/** The dishes of an order, named and priced as they were when ordered. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: localized('name'),
    image: jsonb('image').$type<StoredImage | null>(),
    /** One portion with its options, as when ordered. */
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    /** The chosen options, named and priced as when ordered (issue 24). */
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('order_items_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

/**
 * Days on which staff closed ordering from the order board (a full or closed kitchen): no delivery
 * order is taken for the rest of that hotel day (docs/decisions/025-payments-hardening.md).
 */
export const kitchenSettings = pgTable(
  'kitchen_settings',
  {
    /** One row: the kitchen's settings (issue 24); the house's defaults (packages/domain) until staff save. */
    id: integer('id').primaryKey().default(1),
    leadMinutes: integer('lead_minutes').notNull(),
    slotCapacity: integer('slot_capacity').notNull(),
    minOrder: integer('min_order').notNull(),
    freeDeliveryFrom: integer('free_delivery_from'),
    /** What delivery to an address costs below the free-delivery amount (issue 48, point 13); 139 BYN, the spec's figure, until staff change it. */
    deliveryFee: integer('delivery_fee').notNull().default(13900),
    /** Paying the courier (issue 46): allowed, the ways (cash, card terminal), and the most an order may cost (kopecks). */
    doorPayment: boolean('door_payment').notNull().default(false),
    doorMethods: text('door_methods').array().$type<DoorMethod[]>().notNull().default(sql`'{cash,card_terminal}'::text[]`),
    doorCap: integer('door_cap').notNull().default(10000),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('kitchen_settings_one_row', sql`${t.id} = 1`),
    check('kitchen_settings_lead', sql`${t.leadMinutes} BETWEEN 10 AND 240`),
    check('kitchen_settings_capacity', sql`${t.slotCapacity} BETWEEN 1 AND 100`),
    check('kitchen_settings_amounts', sql`${t.minOrder} >= 0 AND (${t.freeDeliveryFrom} IS NULL OR ${t.freeDeliveryFrom} >= 0)`),
    check('kitchen_settings_delivery_fee', sql`${t.deliveryFee} BETWEEN 0 AND 50000`),
    check('kitchen_settings_door', sql`${t.doorCap} BETWEEN 1 AND 100000 AND ${t.doorMethods} <@ ARRAY['cash', 'card_terminal']::text[]`),
  ],
);

export const kitchenClosures = pgTable('kitchen_closures', {
  /** The hotel's calendar day, "YYYY-MM-DD". */
  day: date('day', { mode: 'string' }).primaryKey(),
  closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
