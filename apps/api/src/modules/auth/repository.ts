/** Users as sign-up, activation and the staff's page change them. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** E-mails are unique regardless of case (users_email_lower_key); the row is locked until the change is written. */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).for('update');
  return row;
}

/** Administrators and superusers, oldest first. */
export function listStaff(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(inArray(users.role, ['admin', 'superuser'])).orderBy(asc(users.id));
}

export async function setRole(tx: Tx, userId: number, role: UserRow['role']): Promise<UserRow> {
  const [updated] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
  return updated!;
}

export async function insertUser(db: Db, values: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'passwordHash' | 'language'>): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function activateUser(db: Db, userId: number): Promise<UserRow> {
  const [active] = await db.update(users).set({ isActive: true }).where(eq(users.id, userId)).returning();
  return active!;
}
