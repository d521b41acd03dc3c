/** The sandbox provider's own table: the checkouts and charges it was asked for (`sandbox_checkouts`). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxCheckouts } from '../tables';

export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;
export type NewSandboxCheckout = Omit<typeof sandboxCheckouts.$inferInsert, 'id' | 'createdAt'>;
export type SandboxFinish = Partial<SandboxCheckout>;

export async function findCheckoutRow(db: Db, id: string): Promise<SandboxCheckout | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row;
}

export async function checkoutByTrackingId(db: Db, trackingId: string): Promise<SandboxCheckout | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.trackingId, trackingId));
  return row;
}

export async function insertCheckout(db: Db, values: NewSandboxCheckout): Promise<SandboxCheckout> {
  const [row] = await db.insert(sandboxCheckouts).values(values).returning();
  return row!;
}

/** Marks a checkout failed for having expired. */
export async function expireCheckout(db: Db, id: string, at: Date): Promise<SandboxCheckout | undefined> {
  const [expired] = await db
    .update(sandboxCheckouts)
    .set({ status: 'failed', message: 'The checkout expired', finishedAt: at })
    .where(eq(sandboxCheckouts.id, id))
    .returning();
  return expired;
}

/** Finishes a checkout still pending; undefined when it was finished meanwhile. */
export async function finishCheckout(db: Db, id: string, finish: SandboxFinish, at: Date): Promise<SandboxCheckout | undefined> {
  const [finished] = await db
    .update(sandboxCheckouts)
    .set({ ...finish, finishedAt: at })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'pending')))
    .returning();
  return finished;
}
