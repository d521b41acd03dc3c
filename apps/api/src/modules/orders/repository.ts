/**
 * The orders module's SQL: placing, listing and editing an order (orders.ts), its life
 * (lifecycle.ts), the staff's board (admin-routes.ts) and the kitchen's closed days (kitchen.ts).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { addresses } from '../account/tables';
import { users } from '../auth/tables';
import { products } from '../delivery/tables';
import { reservations, rooms } from '../hotel/tables';
import { paymentMethods, payments } from '../payments/tables';
import { kitchenClosures, kitchenSettings, orderItems, orders } from './tables';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * Writes `to` (with `set`) where the order is still `from`: answers the updated row, or null when
 * someone moved it meanwhile. The state machine is the caller's (lifecycle.ts).
 */
export async function updateStatusIf(db: Db | Tx, orderId: number, from: OrderStatus, set: Partial<OrderRow> & { status: OrderStatus }): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  return row ?? null;
}

export async function findOrderRow(db: Db | Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order's row, locked until the transaction ends (payments take the same lock); with `userId`, only that user's. */
export async function lockOrder(tx: Tx, orderId: number, userId?: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), userId === undefined ? undefined : eq(orders.userId, userId)))
    .for('update');
  return row;
}

/** Whether a payment of the order waits for the provider's word (3-D Secure, a lost answer). */
export async function hasPaymentUnderWay(tx: Tx, orderId: number): Promise<boolean> {
  // Money owed to the courier (provider `door`) is no payment under way: nothing may still be approved.
  const [underWay] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), ne(payments.provider, 'door')));
  return underWay !== undefined;
}

/**
 * Whether the user has had an order delivered and paid (by card, or to the courier and recorded):
 * who may pay the courier (issue 46, decision 059). A refunded payment does not count.
 */
export async function hasDeliveredPaidOrder(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.status, 'succeeded'), isNull(payments.refundedAt)))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'completed')))
    .limit(1);
  return row !== undefined;
}

/** Orders still waiting for payment, placed before `cutoff`, with no payment under way or made. */
export async function unpaidOrderIds(db: Db, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lt(orders.createdAt, cutoff),
        sql`not exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.status in ('pending', 'succeeded'))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export type BoardGuest = Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'phone' | 'email'>;
/** An order paid to the courier, as its payment stands (provider `door`): what was taken and how, once recorded. */
export type DoorPaymentState = Pick<typeof payments.$inferSelect, 'status' | 'amount' | 'doorMethod' | 'settledAt' | 'resolutionNote'>;

export interface BoardRow {
  order: OrderRow;
  items: OrderItemRow[];
  guest: BoardGuest | null;
  /** The order's payment at the door (decision 059); null for any other order. */
  door: DoorPaymentState | null;
}

const OPEN = ['pending', 'accepted', 'in_progress', 'delivering'] as const;

async function boardRows(db: Db, where: ReturnType<typeof and>): Promise<BoardRow[]> {
  const rows = await db
    .select({
      order: orders,
      guest: { firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email },
      door: { status: payments.status, amount: payments.amount, doorMethod: payments.doorMethod, settledAt: payments.settledAt, resolutionNote: payments.resolutionNote },
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    // The live payment at the door, if any: one per order (payments_one_live_per_order).
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.provider, 'door'), inArray(payments.status, ['pending', 'succeeded'])))
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((row) => row.order.id)))
    .orderBy(asc(orderItems.id));
  return rows.map(({ order, guest, door }) => ({
    order,
    guest,
    door: door?.status ? (door as DoorPaymentState) : null,
    items: items.filter((item) => item.orderId === order.id),
  }));
}

/** The board: open orders, and those completed or cancelled since `since`, oldest first. */
export function boardOrders(db: Db, since: Date): Promise<BoardRow[]> {
  return boardRows(db, or(inArray(orders.status, [...OPEN]), and(inArray(orders.status, ['completed', 'canceled']), gte(orders.updatedAt, since))));
}

export async function boardOrder(db: Db, id: number): Promise<BoardRow | undefined> {
  const [row] = await boardRows(db, eq(orders.id, id));
  return row;
}

// Placing, listing and editing an order (orders.ts).

export type AddressRow = typeof addresses.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type LastPayment = Pick<typeof payments.$inferSelect, 'status' | 'refundedAt'>;

/** The user's own saved address; another user's is unknown. */
export async function findOwnAddress(db: Db | Tx, userId: number, addressId: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row;
}

/** Locks the user's row, so that orders placed at the same moment are counted one after the other. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many of the user's orders wait for payment. */
export async function unpaidOrderCount(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ unpaid: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return Number(row?.unpaid ?? 0);
}

/** Those of these dishes that are on the menu (a hidden dish is not). */
export function servedProducts(db: Db | Tx, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.hidden, false)));
}

export type NewOrderRow = Pick<
  typeof orders.$inferInsert,
  | 'userId'
  | 'addressId'
  | 'address'
  | 'paymentMethodId'
  | 'comment'
  | 'itemsTotal'
  | 'deliveryFee'
  | 'packaging'
  | 'discount'
  | 'total'
  | 'deliverAt'
  | 'dueAt'
  | 'reservationId'
  | 'roomName'
  | 'promoCode'
  | 'promoDiscount'
  | 'payAtDoor'
>;
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/** Writes an order with its lines; answers its id. */
export async function insertOrder(tx: Tx, order: NewOrderRow, items: NewOrderItemRow[]): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  return row!.id;
}

// Room service (orders.ts; issue 24): the guest's stays and their rooms.

/** A stay of the guest, as room service asks about it: its days, how it ended, its room and its card. */
export interface StayForRoomService {
  id: number;
  arrival: string;
  departure: string;
  canceled: boolean;
  noShow: boolean;
  roomName: typeof rooms.$inferSelect.name;
  /** The public id of the card that guarantees the stay, if it is still saved. */
  cardPublicId: string | null;
}

function staysForRoomService(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      id: reservations.id,
      arrival: sql<string>`lower(${reservations.stay})::text`,
      departure: sql<string>`upper(${reservations.stay})::text`,
      canceled: sql<boolean>`${reservations.canceledAt} IS NOT NULL`,
      noShow: sql<boolean>`${reservations.noShowAt} IS NOT NULL`,
      status: reservations.status,
      roomName: rooms.name,
      cardPublicId: sql<string | null>`CASE WHEN ${paymentMethods.status} = 'succeeded' THEN ${paymentMethods.publicId} END`,
    })
    .from(reservations)
    .innerJoin(rooms, eq(rooms.id, reservations.roomId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, reservations.paymentMethodId))
    .where(where)
    .orderBy(asc(reservations.id));
}

/**
 * The user's own reservation, its row locked against a change (a cancel, a move, a no-show) until
 * the order's transaction ends; another user's is unknown.
 */
export async function lockOwnStay(tx: Tx, userId: number, reservationId: number): Promise<StayForRoomService | undefined> {
  const [locked] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)))
    .for('share');
  if (!locked) return undefined;
  const [row] = await staysForRoomService(tx, eq(reservations.id, reservationId));
  return row;
}

/** The user's stays that are not cancelled or no-shows and include the hotel day `today` (arrival to departure). */
export function staysAround(db: Db, userId: number, today: string): Promise<StayForRoomService[]> {
  return staysForRoomService(
    db,
    and(
      eq(reservations.userId, userId),
      isNull(reservations.canceledAt),
      isNull(reservations.noShowAt),
      sql`lower(${reservations.stay}) <= ${today}::date AND upper(${reservations.stay}) >= ${today}::date`,
    ),
  );
}

export interface OrderWithCard {
  order: OrderRow;
  card: PaymentMethodRow | null;
}

/** Orders with the card each is (to be) paid with, if the guest still has it. */
function ordersWithCard(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ order: orders, card: paymentMethods })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The user's orders, newest first. */
export function userOrders(db: Db | Tx, userId: number): Promise<OrderWithCard[]> {
  return ordersWithCard(db, eq(orders.userId, userId));
}

/** One order, with `userId` only that user's. */
export async function orderWithCard(db: Db | Tx, id: number, userId?: number): Promise<OrderWithCard | undefined> {
  const [row] = await ordersWithCard(db, and(eq(orders.id, id), userId === undefined ? undefined : eq(orders.userId, userId)));
  return row;
}

/** The lines of these orders, in the order they were written. */
export function itemsOfOrders(db: Db | Tx, orderIds: number[]): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

/** The payment attempts of these orders, oldest first. */
export function paymentAttemptsOfOrders(db: Db | Tx, orderIds: number[]): Promise<(LastPayment & { orderId: number | null })[]> {
  return db
    .select({ orderId: payments.orderId, status: payments.status, refundedAt: payments.refundedAt })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.createdAt));
}

/** Changes the comment or address of an order still `status`; false when someone moved it meanwhile. */
export async function updateOrderIf(
  tx: Tx,
  id: number,
  status: OrderStatus,
  change: Partial<Pick<typeof orders.$inferInsert, 'comment' | 'address' | 'addressId'>> & { updatedAt: Date },
): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set(change)
    .where(and(eq(orders.id, id), eq(orders.status, status)))
    .returning({ id: orders.id });
  return updated.length > 0;
}

export async function findUser(db: Db, userId: number): Promise<typeof users.$inferSelect | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

// The kitchen's closed days (kitchen.ts).

export async function isKitchenClosed(db: Db, day: string): Promise<boolean> {
  const [closure] = await db.select({ day: kitchenClosures.day }).from(kitchenClosures).where(eq(kitchenClosures.day, day));
  return closure !== undefined;
}

/** Closes or opens the day; answers whether that changed anything. */
export async function setKitchenClosed(db: Db | Tx, day: string, closed: boolean, staffId: number): Promise<boolean> {
  const rows = closed
    ? await db.insert(kitchenClosures).values({ day, closedBy: staffId }).onConflictDoNothing().returning({ day: kitchenClosures.day })
    : await db.delete(kitchenClosures).where(eq(kitchenClosures.day, day)).returning({ day: kitchenClosures.day });
  return rows.length > 0;
}

// The kitchen's settings and its delivery slots (kitchen.ts; issue 24).

export type KitchenSettingsRow = typeof kitchenSettings.$inferSelect;

export async function findKitchenSettings(db: Db | Tx): Promise<KitchenSettingsRow | undefined> {
  const [row] = await db.select().from(kitchenSettings).where(eq(kitchenSettings.id, 1));
  return row;
}

/** Writes the one row of settings (the first save creates it). */
export async function saveKitchenSettings(
  tx: Tx,
  values: Pick<KitchenSettingsRow, 'leadMinutes' | 'slotCapacity' | 'minOrder' | 'freeDeliveryFrom' | 'deliveryFee' | 'doorPayment' | 'doorMethods' | 'doorCap'>,
  staffId: number,
): Promise<void> {
  const row = { ...values, updatedBy: staffId, updatedAt: new Date() };
  await tx
    .insert(kitchenSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: kitchenSettings.id, set: row });
}

/**
 * Reads the settings under a shared lock while an order is placed: orders do not wait for each
 * other, and a change of the capacity waits for the orders under way (and they for it).
 */
export async function lockKitchenSettings(tx: Tx): Promise<KitchenSettingsRow | undefined> {
  const [row] = await tx.select().from(kitchenSettings).where(eq(kitchenSettings.id, 1)).for('share');
  return row;
}

/** Orders that hold a slot: every order but a cancelled or set-aside one. */
const holdsSlot = sql`${orders.status} NOT IN ('canceled', 'stashed')`;

/** How many orders each slot in [from, to) holds, by the slot's start (ms since the epoch). */
export async function takenSlots(db: Db | Tx, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ at: orders.deliverAt, taken: count() })
    .from(orders)
    .where(and(gte(orders.deliverAt, from), lt(orders.deliverAt, to), holdsSlot))
    .groupBy(orders.deliverAt);
  return new Map(rows.map((row) => [row.at!.getTime(), Number(row.taken)]));
}

/**
 * Takes the slot's lock until the transaction ends: orders for the same slot are counted one after
 * the other, so racing orders never fill it beyond its capacity (another slot is not held up).
 */
export async function lockSlot(tx: Tx, at: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(24, ${Math.floor(at.getTime() / 60_000)}::int)`);
}

/** How many orders hold the slot starting `at`. */
export async function slotTaken(tx: Tx, at: Date): Promise<number> {
  const [row] = await tx
    .select({ taken: count() })
    .from(orders)
    .where(and(eq(orders.deliverAt, at), holdsSlot));
  return Number(row?.taken ?? 0);
}

/** Orders by status, for the metrics. */
export async function countOrdersByStatus(db: Db): Promise<{ label: string; n: number }[]> {
  const { rows } = (await db.execute(sql`select status::text as label, count(*)::int as n from orders group by 1`)) as unknown as {
    rows: { label: string; n: number }[];
  };
  return rows;
}
