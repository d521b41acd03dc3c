/**
 * The SQL of an order's life and of the staff's board (lifecycle.ts, admin-routes.ts). Placing,
 * listing and editing an order keep theirs in orders.ts for now.
 */
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, payments, users } from '../../db/schema';

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
  const [underWay] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  return underWay !== undefined;
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
export interface BoardRow {
  order: OrderRow;
  items: OrderItemRow[];
  guest: BoardGuest | null;
}

const OPEN = ['pending', 'accepted', 'in_progress', 'delivering'] as const;

async function boardRows(db: Db, where: ReturnType<typeof and>): Promise<BoardRow[]> {
  const rows = await db
    .select({ order: orders, guest: { firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email } })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((row) => row.order.id)))
    .orderBy(asc(orderItems.id));
  return rows.map(({ order, guest }) => ({ order, guest, items: items.filter((item) => item.orderId === order.id) }));
}

/** The board: open orders, and those completed or cancelled since `since`, oldest first. */
export function boardOrders(db: Db, since: Date): Promise<BoardRow[]> {
  return boardRows(db, or(inArray(orders.status, [...OPEN]), and(inArray(orders.status, ['completed', 'canceled']), gte(orders.updatedAt, since))));
}

export async function boardOrder(db: Db, id: number): Promise<BoardRow | undefined> {
  const [row] = await boardRows(db, eq(orders.id, id));
  return row;
}
