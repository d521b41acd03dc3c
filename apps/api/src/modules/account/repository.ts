/** The account's rows: the user's delivery addresses and guests (the user's own row is auth's: auth/account-rows.ts). */
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, guests } from './tables';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'isPrimary' | 'createdAt' | 'updatedAt'>;

/** The user's addresses, oldest first, or primary first with `primaryFirst`. */
export function userAddresses(db: Db, userId: number, options: { primaryFirst?: boolean } = {}): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...(options.primaryFirst ? [desc(addresses.isPrimary), asc(addresses.id)] : [asc(addresses.id)]));
}

export async function hasAddress(tx: Tx, userId: number): Promise<boolean> {
  const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).limit(1);
  return existing !== undefined;
}

/** Clears the primary flag of the user's addresses, but for `except`. */
export async function clearPrimary(tx: Tx, userId: number, except?: number) {
  await tx
    .update(addresses)
    .set({ isPrimary: false })
    .where(and(eq(addresses.userId, userId), except === undefined ? undefined : ne(addresses.id, except)));
}

export async function insertAddress(tx: Tx, userId: number, fields: AddressFields, isPrimary: boolean): Promise<AddressRow> {
  const [inserted] = await tx
    .insert(addresses)
    .values({ userId, ...fields, isPrimary })
    .returning();
  return inserted!;
}

/** The user's own address changed; undefined when it is not theirs or does not exist. */
export async function updateAddress(tx: Tx, userId: number, id: number, change: Partial<AddressFields> & { isPrimary?: boolean }): Promise<AddressRow | undefined> {
  const [updated] = await tx
    .update(addresses)
    .set(change)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return updated;
}

export async function deleteAddress(tx: Tx, userId: number, id: number): Promise<AddressRow | undefined> {
  const [deleted] = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return deleted;
}

/** Makes the user's oldest address the primary one, if they have any. */
export async function promoteOldestAddress(tx: Tx, userId: number) {
  const [oldest] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
  if (oldest) await tx.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, oldest.id));
}


// The people a user books rooms for (guests.ts): always the user's own.

export type GuestRow = typeof guests.$inferSelect;
export type GuestName = Pick<typeof guests.$inferInsert, 'firstName' | 'lastName' | 'secondName'>;

const ownGuest = (userId: number, id: number) => and(eq(guests.id, id), eq(guests.userId, userId));

export function userGuests(db: Db, userId: number): Promise<GuestRow[]> {
  return db.select().from(guests).where(eq(guests.userId, userId)).orderBy(asc(guests.id));
}

/** Those of these guests that are the user's. */
export function guestsAmong(db: Db | Tx, userId: number, ids: number[]): Promise<GuestRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(guests)
    .where(and(inArray(guests.id, ids), eq(guests.userId, userId)));
}

export async function insertGuest(db: Db | Tx, userId: number, name: GuestName): Promise<GuestRow> {
  const [row] = await db
    .insert(guests)
    .values({ userId, ...name })
    .returning();
  return row!;
}

export async function findGuest(db: Db, userId: number, id: number): Promise<GuestRow | undefined> {
  const [row] = await db.select().from(guests).where(ownGuest(userId, id));
  return row;
}

export async function updateGuest(db: Db, userId: number, id: number, name: GuestName): Promise<GuestRow | undefined> {
  const [row] = await db.update(guests).set(name).where(ownGuest(userId, id)).returning();
  return row;
}

export async function deleteGuest(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(guests).where(ownGuest(userId, id)).returning({ id: guests.id });
  return deleted.length > 0;
}
