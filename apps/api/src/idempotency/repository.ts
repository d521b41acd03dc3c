/**
 * The SQL of Idempotency-Keys (plugins/idempotency.ts decides what they mean): each statement
 * names the key by its user, scope and key.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from './tables';

export interface IdempotencyKey {
  userId: number;
  scope: string;
  key: string;
}

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

const sameKey = ({ userId, scope, key }: IdempotencyKey) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

/** Forgets the keys made before `before`. */
export async function deleteKeysBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

/** Claims the key for a request with this body's hash; false when it is held already. */
export async function claimKey(db: Db, id: IdempotencyKey, requestHash: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: Db, id: IdempotencyKey): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(sameKey(id));
  return row;
}

/** Gives the key back; with `createdAt`, only the claim made then (not a newer one). */
export async function releaseKey(db: Db, id: IdempotencyKey, createdAt?: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(createdAt ? and(sameKey(id), eq(idempotencyKeys.createdAt, createdAt)) : sameKey(id));
}

/** The key's request made `resourceId`: a retry answers it. */
export async function keepResult(db: Db, id: IdempotencyKey, resourceId: number): Promise<void> {
  await db.update(idempotencyKeys).set({ resourceId }).where(sameKey(id));
}
