/** Tables at the restaurant and its settings. The only place the restaurant module's SQL lives. */
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { TABLE_COVERS_DEFAULT, TABLE_LIVE_STATUSES, type TableStatus } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { restaurantSettings, tableBookingCounts, tableDays, tableReservations } from './tables';

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

/**
 * The tables of a day that hold seats, but `except` (a table being moved): live ones whose e-mail
 * is confirmed or whose hold for the confirmation has not run out at `now`.
 */
export function liveTablesOfDay(db: Db | Tx, day: string, now: Date, except?: number) {
  return db
    .select({ startMinute: tableReservations.startMinute, party: tableReservations.party })
    .from(tableReservations)
    .where(
      and(
        eq(tableReservations.day, day),
        inArray(tableReservations.status, [...TABLE_LIVE_STATUSES]),
        or(isNotNull(tableReservations.emailConfirmedAt), gt(tableReservations.holdUntil, now)),
        except ? ne(tableReservations.id, except) : undefined,
      ),
    );
}

/**
 * Counts one more anonymous booking for the key (an address or an e-mail, hashed) on the day and
 * answers the day's count. Inside the booking's transaction: a refused booking does not count, and
 * racing ones wait on the row (docs/decisions/048-table-confirmation.md).
 */
export async function countBooking(tx: Tx, keyHash: string, day: string): Promise<number> {
  const [row] = await tx
    .insert(tableBookingCounts)
    .values({ keyHash, day, count: 1 })
    .onConflictDoUpdate({ target: [tableBookingCounts.keyHash, tableBookingCounts.day], set: { count: sql`${tableBookingCounts.count} + 1` } })
    .returning({ count: tableBookingCounts.count });
  return row!.count;
}

/** The table whose confirmation link carries this secret, locked until the transaction ends. */
export async function lockTableByToken(tx: Tx, tokenHash: string): Promise<TableRow | undefined> {
  const [row] = await tx.select().from(tableReservations).where(eq(tableReservations.confirmTokenHash, tokenHash)).for('update');
  return row;
}

const unconfirmedFrom = (today: string) =>
  and(isNull(tableReservations.emailConfirmedAt), inArray(tableReservations.status, ['requested', 'confirmed']), gte(tableReservations.day, today));

/** How many tables from `today` on wait for (or missed) their e-mail's confirmation. */
export async function countUnconfirmed(db: Db, today: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tableReservations).where(unconfirmedFrom(today));
  return row?.n ?? 0;
}

/** Cancels every table from `today` on whose e-mail is not confirmed; answers how many. */
export async function cancelUnconfirmed(db: Db, today: string): Promise<number> {
  const rows = await db
    .update(tableReservations)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(unconfirmedFrom(today))
    .returning({ id: tableReservations.id });
  return rows.length;
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
  change: Partial<Pick<TableRow, 'status' | 'day' | 'startMinute' | 'emailConfirmedAt' | 'holdUntil'>>,
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
