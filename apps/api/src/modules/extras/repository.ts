/** Extras with the stay (decision 044): the staff's list and the lines reservations took. The only place the extras module's SQL lives. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { reservationExtras, stayExtras } from './tables';

export type StayExtraRow = typeof stayExtras.$inferSelect;
export type ReservationExtraRow = typeof reservationExtras.$inferSelect;

const listOrder = [asc(stayExtras.sortOrder), asc(stayExtras.id)];

/** Every extra, inactive ones too, in the guests' order (the staff's list). */
export function listAllExtras(db: Db): Promise<StayExtraRow[]> {
  return db.select().from(stayExtras).orderBy(...listOrder);
}

/** The extras offered at all, in the guests' order; which room offers which is the service's to say. */
export function listActiveExtras(db: Db | Tx): Promise<StayExtraRow[]> {
  return db.select().from(stayExtras).where(eq(stayExtras.active, true)).orderBy(...listOrder);
}

/** The extras named, locked until the booking's transaction ends, so staff cannot change one under it. */
export function lockExtras(tx: Tx, ids: number[]): Promise<StayExtraRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(stayExtras).where(inArray(stayExtras.id, ids)).orderBy(asc(stayExtras.id)).for('share');
}

export async function findExtra(db: Db | Tx, id: number): Promise<StayExtraRow | undefined> {
  const [row] = await db.select().from(stayExtras).where(eq(stayExtras.id, id));
  return row;
}

export async function lockExtra(tx: Tx, id: number): Promise<StayExtraRow | undefined> {
  const [row] = await tx.select().from(stayExtras).where(eq(stayExtras.id, id)).for('update');
  return row;
}

export async function insertExtra(tx: Tx, values: Omit<typeof stayExtras.$inferInsert, 'id' | 'createdAt'>): Promise<StayExtraRow> {
  const [row] = await tx.insert(stayExtras).values(values).returning();
  return row!;
}

export async function updateExtra(
  tx: Tx,
  id: number,
  change: Partial<Pick<StayExtraRow, 'name' | 'description' | 'price' | 'counts' | 'image' | 'active' | 'sortOrder' | 'roomIds'>>,
): Promise<void> {
  await tx.update(stayExtras).set(change).where(eq(stayExtras.id, id));
}

export async function insertReservationExtras(tx: Tx, lines: Omit<typeof reservationExtras.$inferInsert, 'id'>[]): Promise<void> {
  if (lines.length > 0) await tx.insert(reservationExtras).values(lines);
}

/** The lines of the reservations, in the order they were taken. */
export function extrasOfReservations(db: Db | Tx, reservationIds: number[]): Promise<ReservationExtraRow[]> {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db.select().from(reservationExtras).where(inArray(reservationExtras.reservationId, reservationIds)).orderBy(asc(reservationExtras.id));
}

/** A line counted again for a moved stay's nights (its unit price as booked). */
export async function updateReservationExtra(tx: Tx, reservationId: number, id: number, change: Pick<ReservationExtraRow, 'times' | 'total'>): Promise<void> {
  await tx
    .update(reservationExtras)
    .set(change)
    .where(and(eq(reservationExtras.id, id), eq(reservationExtras.reservationId, reservationId)));
}
