/** Tables at the restaurant and its settings. The only place the restaurant module's SQL lives. */
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { TABLE_COVERS_DEFAULT, TABLE_LIVE_STATUSES, type TableStatus } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { restaurantSettings, tableDays, tableReservations } from '../../db/schema';

export type TableRow = typeof tableReservations.$inferSelect;
export type NewTable = Omit<typeof tableReservations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface SettingsRow {
  covers: number;
  autoConfirm: boolean;
}

export async function readSettings(db: Db | Tx): Promise<SettingsRow> {
  const [row] = await db.select({ covers: restaurantSettings.covers, autoConfirm: restaurantSettings.autoConfirm }).from(restaurantSettings);
  return row ?? { covers: TABLE_COVERS_DEFAULT, autoConfirm: false };
}

export async function writeSettings(db: Db, settings: SettingsRow, userId: number): Promise<void> {
  const values = { ...settings, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(restaurantSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: restaurantSettings.id, set: values });
}

/**
 * Locks the day's row until the transaction ends: whoever counts the day's seats next waits, so
 * two bookings of one evening never both take the last seats.
 */
export async function lockDay(tx: Tx, day: string): Promise<void> {
  await tx.insert(tableDays).values({ day }).onConflictDoNothing();
  await tx.select({ day: tableDays.day }).from(tableDays).where(eq(tableDays.day, day)).for('update');
}

/** The tables of a day that hold seats, but `except` (a table being moved). */
export function liveTablesOfDay(db: Db | Tx, day: string, except?: number) {
  return db
    .select({ startMinute: tableReservations.startMinute, party: tableReservations.party })
    .from(tableReservations)
    .where(and(eq(tableReservations.day, day), inArray(tableReservations.status, [...TABLE_LIVE_STATUSES]), except ? ne(tableReservations.id, except) : undefined));
}

export async function insertTable(tx: Tx, values: NewTable): Promise<TableRow> {
  const [row] = await tx.insert(tableReservations).values(values).returning();
  return row!;
}

export async function findTable(db: Db | Tx, id: number): Promise<TableRow | undefined> {
  const [row] = await db.select().from(tableReservations).where(eq(tableReservations.id, id));
  return row;
}

export async function lockTable(tx: Tx, id: number): Promise<TableRow | undefined> {
  const [row] = await tx.select().from(tableReservations).where(eq(tableReservations.id, id)).for('update');
  return row;
}

export async function updateTable(
  tx: Tx,
  id: number,
  change: Partial<Pick<TableRow, 'status' | 'day' | 'startMinute'>>,
): Promise<TableRow> {
  const [row] = await tx
    .update(tableReservations)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(tableReservations.id, id))
    .returning();
  return row!;
}

/** A guest's tables, the latest first. */
export function tablesOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(tableReservations)
    .where(eq(tableReservations.userId, userId))
    .orderBy(desc(tableReservations.day), desc(tableReservations.startMinute), desc(tableReservations.id));
}

/** Every table of a day, by time. */
export function tablesOfDay(db: Db, day: string, statuses?: readonly TableStatus[]) {
  return db
    .select()
    .from(tableReservations)
    .where(and(eq(tableReservations.day, day), statuses ? inArray(tableReservations.status, [...statuses]) : undefined))
    .orderBy(asc(tableReservations.startMinute), asc(tableReservations.id));
}
