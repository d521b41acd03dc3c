/** Promo codes and their uses in the database (decision 043): the only SQL of the promo module. */
import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { promoCodeHolders, promoCodes, promoCodeUses, promoGuesses } from './tables';

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

/** Whether the code has been valid for this guest: a check of theirs priced it, or they used it. */
export async function isPromoHolder(db: Db | Tx, promoCodeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: promoCodeHolders.userId })
    .from(promoCodeHolders)
    .where(and(eq(promoCodeHolders.promoCodeId, promoCodeId), eq(promoCodeHolders.userId, userId)));
  return row !== undefined;
}

export async function addPromoHolder(db: Db | Tx, promoCodeId: number, userId: number): Promise<void> {
  await db.insert(promoCodeHolders).values({ promoCodeId, userId }).onConflictDoNothing();
}

export interface GuessLimit {
  /** Guesses without a wait. */
  free: number;
  maxWaitSeconds: number;
  /** A key quiet this long starts afresh. */
  forgetSeconds: number;
}

/**
 * Takes one guess of `key` in one statement, or nothing while its wait runs: the row's lock makes
 * concurrent guesses of one key take their turn, on every instance. Past `free` guesses, the n-th
 * makes the next wait 2^(n - free + 1) seconds, up to `maxWaitSeconds`. True when taken.
 */
export async function takePromoGuess(db: Db, key: string, now: Date, limit: GuessLimit): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const next = sql`CASE WHEN ${promoGuesses.lastAt} < ${at} - make_interval(secs => ${limit.forgetSeconds}) THEN 1 ELSE ${promoGuesses.guesses} + 1 END`;
  const firstWait = 1 < limit.free ? null : new Date(now.getTime() + Math.min(2, limit.maxWaitSeconds) * 1000);
  const rows = await db
    .insert(promoGuesses)
    .values({ key, guesses: 1, lastAt: now, blockedUntil: firstWait })
    .onConflictDoUpdate({
      target: promoGuesses.key,
      set: {
        guesses: next,
        lastAt: now,
        blockedUntil: sql`CASE WHEN ${next} < ${limit.free} THEN NULL ELSE ${at} + make_interval(secs => least(power(2, ${next} - ${limit.free} + 1), ${limit.maxWaitSeconds})) END`,
      },
      setWhere: or(isNull(promoGuesses.blockedUntil), lte(promoGuesses.blockedUntil, now)),
    })
    .returning({ key: promoGuesses.key });
  return rows.length > 0;
}

/** When `key` may guess again (null: now). */
export async function promoGuessBlockedUntil(db: Db, key: string): Promise<Date | null> {
  const [row] = await db.select({ until: promoGuesses.blockedUntil }).from(promoGuesses).where(eq(promoGuesses.key, key));
  return row?.until ?? null;
}

/** A check that was no guess (the code was usable, or the guest holds it) gives its turn back. */
export async function giveBackPromoGuess(db: Db, key: string): Promise<void> {
  await db
    .update(promoGuesses)
    .set({ guesses: sql`greatest(${promoGuesses.guesses} - 1, 0)` })
    .where(eq(promoGuesses.key, key));
}
