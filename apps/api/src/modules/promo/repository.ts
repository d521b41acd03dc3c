/** Promo codes and their uses in the database (decision 043): the only SQL of the promo module. */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { promoCodes, promoCodeUses } from '../../db/schema';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCodeRow = typeof promoCodes.$inferInsert;

/** Every code, newest first, with its live uses. */
export async function listPromoCodes(db: Db): Promise<(PromoCodeRow & { uses: number })[]> {
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.id));
  const uses = await liveUses(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, uses: uses.get(row.id) ?? 0 }));
}

async function liveUses(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promoCodeUses.promoCodeId, uses: count() })
    .from(promoCodeUses)
    .where(and(inArray(promoCodeUses.promoCodeId, ids), isNull(promoCodeUses.releasedAt)))
    .groupBy(promoCodeUses.promoCodeId);
  return new Map(rows.map((row) => [row.id, row.uses]));
}

export async function findPromoCodeById(db: Db | Tx, id: number): Promise<(PromoCodeRow & { uses: number }) | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) return undefined;
  return { ...row, uses: (await liveUses(db, [id])).get(id) ?? 0 };
}

/** A code by its text (already in upper case). */
export async function findPromoCode(db: Db | Tx, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

/**
 * The code's row under FOR UPDATE: bookings and orders using one code take their turn on it, so
 * the uses counted next are not outgrown by a rival counting at the same moment.
 */
export async function lockPromoCode(tx: Tx, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  return row;
}

/** Live uses of a code, in all and by one user. */
export async function usesOf(db: Db | Tx, promoCodeId: number, userId: number): Promise<{ all: number; byUser: number }> {
  const [row] = await db
    .select({
      all: count(),
      byUser: sql<number>`count(*) FILTER (WHERE ${promoCodeUses.userId} = ${userId})`.mapWith(Number),
    })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), isNull(promoCodeUses.releasedAt)));
  return { all: row?.all ?? 0, byUser: row?.byUser ?? 0 };
}

export async function insertPromoCode(tx: Tx, row: NewPromoCodeRow): Promise<PromoCodeRow> {
  const [created] = await tx.insert(promoCodes).values(row).returning();
  return created!;
}

export async function updatePromoCode(tx: Tx, id: number, change: Partial<NewPromoCodeRow>): Promise<PromoCodeRow | undefined> {
  const [updated] = await tx.update(promoCodes).set({ ...change, updatedAt: new Date() }).where(eq(promoCodes.id, id)).returning();
  return updated;
}

export async function lockPromoCodeById(tx: Tx, id: number): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

export async function insertPromoUse(
  tx: Tx,
  use: { promoCodeId: number; userId: number; discount: number } & ({ reservationId: number } | { orderId: number }),
): Promise<void> {
  await tx.insert(promoCodeUses).values(use);
}

/** A cancelled booking or order gives its code's use back. */
export async function releasePromoUse(db: Db | Tx, subject: { reservationId: number } | { orderId: number }, now: Date): Promise<void> {
  const where = 'reservationId' in subject ? eq(promoCodeUses.reservationId, subject.reservationId) : eq(promoCodeUses.orderId, subject.orderId);
  await db.update(promoCodeUses).set({ releasedAt: now }).where(and(where, isNull(promoCodeUses.releasedAt)));
}
