/** The staff's side of users: who is an administrator, and their role changed. */
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
