/** The auth module's SQL: users, sessions, linked providers, e-mailed codes and wrong passwords. */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, max, ne, sql } from 'drizzle-orm';
import { coarseRole, type OAuthProvider, type Role, type StaffRole } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { codeEvents, oauthAccounts, sessions, signInFailures, staffRoles, users, verificationCodes } from './tables';

export type UserRow = typeof users.$inferSelect;

/** A user with the staff roles they hold, and the coarse role derived from them (nothing stores it). */
export type StaffedUser = UserRow & { staffRoles: StaffRole[]; role: Role };

const rolesOfUser = sql<StaffRole[] | null>`(select array_agg(${staffRoles.role}::text order by ${staffRoles.role}) from ${staffRoles} where ${staffRoles.userId} = ${users.id})`;

function withRoles(user: UserRow, roles: readonly string[] | null | undefined): StaffedUser {
  const held = [...(roles ?? [])] as StaffRole[];
  return { ...user, staffRoles: held, role: coarseRole(held) };
}

/** E-mails are unique regardless of case (users_email_lower_key); the row is locked until the change is written. */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).for('update');
  return row;
}

/** Everyone who holds a staff role, oldest account first, with their roles. */
export async function listStaff(db: Db): Promise<StaffedUser[]> {
  const rows = await db
    .select({ user: users, roles: rolesOfUser })
    .from(users)
    .where(inArray(users.id, db.selectDistinct({ id: staffRoles.userId }).from(staffRoles)))
    .orderBy(asc(users.id));
  return rows.map((row) => withRoles(row.user, row.roles));
}

/** The staff roles a user holds. */
export async function staffRolesOf(db: Db | Tx, userId: number): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId)).orderBy(asc(staffRoles.role));
  return rows.map((row) => row.role);
}

/** Replaces the staff roles a user holds with these (none: not on the staff any more). */
export async function replaceStaffRoles(tx: Tx, userId: number, roles: readonly StaffRole[]): Promise<void> {
  await tx.delete(staffRoles).where(eq(staffRoles.userId, userId));
  if (roles.length > 0) await tx.insert(staffRoles).values(roles.map((role) => ({ userId, role })));
}

/** How many accounts hold the superuser role, their rows locked until the change is written. */
export async function lockSuperusers(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ userId: staffRoles.userId }).from(staffRoles).where(eq(staffRoles.role, 'superuser')).for('update');
  return rows.map((row) => row.userId);
}

/** Marks an account deactivated (null: active again). */
export async function setDeactivated(tx: Tx, userId: number, at: Date | null): Promise<void> {
  await tx.update(users).set({ deactivatedAt: at }).where(eq(users.id, userId));
}

export async function insertUser(db: Db, values: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'passwordHash' | 'language'>): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function activateUser(db: Db, userId: number): Promise<UserRow> {
  const [active] = await db.update(users).set({ isActive: true }).where(eq(users.id, userId)).returning();
  return active!;
}

/** E-mails are unique regardless of case (the users_email_lower_key index). */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUser(db: Db | Tx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Makes an existing user an active superuser, with a new password hash when given. */
export async function promoteToSuperuser(db: Db, userId: number, passwordHash?: string): Promise<void> {
  await db
    .update(users)
    .set({ isActive: true, deactivatedAt: null, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, userId));
  await db.insert(staffRoles).values({ userId, role: 'superuser' }).onConflictDoNothing();
}

export async function insertSuperuser(db: Db, email: string, passwordHash: string): Promise<void> {
  const [user] = await db.insert(users).values({ email, isActive: true, passwordHash }).returning({ id: users.id });
  await db.insert(staffRoles).values({ userId: user!.id, role: 'superuser' });
}

// Sessions (session.ts): only the token's hash is stored.

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function insertSession(db: Db, values: Pick<typeof sessions.$inferInsert, 'tokenHash' | 'userId' | 'expiresAt' | 'userAgent'>): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteUserSessions(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The hottest query of signed-in visitors: parsed and planned once per connection. The user comes
 * with their staff roles, read afresh on every request; a deactivated account has no session.
 */
export function prepareSessionUser(db: Db) {
  const statement = db
    .select({ user: users, roles: rolesOfUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.deactivatedAt)))
    .limit(1)
    .prepare('session_user');
  return async (tokenHash: string, now: Date): Promise<StaffedUser | undefined> => {
    const [row] = await statement.execute({ tokenHash, now: now.toISOString() });
    return row ? withRoles(row.user, row.roles) : undefined;
  };
}

// Social sign-in (oauth/sign-in.ts).

/** The user linked to this provider's subject. */
export async function findLinkedUser(tx: Tx, provider: OAuthProvider, subject: string): Promise<UserRow | undefined> {
  const [linked] = await tx
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return linked?.user;
}

/** Activates a user and drops the password they set. */
export async function activateWithoutPassword(tx: Tx, userId: number): Promise<UserRow> {
  const [user] = await tx.update(users).set({ isActive: true, passwordHash: null }).where(eq(users.id, userId)).returning();
  return user!;
}

export async function insertActiveUser(tx: Tx, values: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'language'>): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({ ...values, isActive: true })
    .returning();
  return user!;
}

export async function linkProvider(tx: Tx, values: Pick<typeof oauthAccounts.$inferInsert, 'userId' | 'provider' | 'subject' | 'email'>): Promise<void> {
  await tx.insert(oauthAccounts).values(values);
}

// E-mailed codes (codes.ts): the codes themselves and the log of letters sent and wrong guesses.

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
export type CodeRow = typeof verificationCodes.$inferSelect;

/** Locks the user's row: two requests at once cannot both pass the checks. */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function forgetCodeEventsBefore(tx: Tx, userId: number, before: Date): Promise<void> {
  await tx.delete(codeEvents).where(and(eq(codeEvents.userId, userId), lt(codeEvents.at, before)));
}

/** How many codes for the purpose were sent to the user since `since`, and when the last one was. */
export async function codesSentSince(tx: Tx, userId: number, purpose: CodePurpose, since: Date): Promise<{ count: number; last: Date | null }> {
  const [sent] = await tx
    .select({ n: count(), last: max(codeEvents.at) })
    .from(codeEvents)
    .where(and(eq(codeEvents.userId, userId), eq(codeEvents.purpose, purpose), eq(codeEvents.kind, 'sent'), gt(codeEvents.at, since)));
  return { count: Number(sent?.n ?? 0), last: sent?.last ? new Date(sent.last) : null };
}

/** Replaces the user's codes for the purpose with this one and logs the letter; answers both rows' ids. */
export async function replaceCode(
  tx: Tx,
  values: Pick<typeof verificationCodes.$inferInsert, 'userId' | 'purpose' | 'codeHash' | 'sentAt' | 'expiresAt' | 'newEmail'> & { sentAt: Date },
): Promise<{ codeId: number; eventId: number }> {
  await tx.delete(verificationCodes).where(and(eq(verificationCodes.userId, values.userId), eq(verificationCodes.purpose, values.purpose)));
  const [row] = await tx.insert(verificationCodes).values(values).returning({ id: verificationCodes.id });
  const [event] = await tx
    .insert(codeEvents)
    .values({ userId: values.userId, purpose: values.purpose, kind: 'sent', at: values.sentAt })
    .returning({ id: codeEvents.id });
  return { codeId: row!.id, eventId: event!.id };
}

/** Withdraws a code and its letter's log entry (the letter was not sent). */
export async function withdrawCode(db: Db, codeId: number, eventId: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, codeId));
  await db.delete(codeEvents).where(eq(codeEvents.id, eventId));
}

export async function failuresSince(db: Db, userId: number, purpose: CodePurpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(codeEvents)
    .where(and(eq(codeEvents.userId, userId), eq(codeEvents.purpose, purpose), eq(codeEvents.kind, 'failed'), gt(codeEvents.at, since)));
  return Number(row?.n ?? 0);
}

export async function insertFailure(db: Db, userId: number, purpose: CodePurpose): Promise<void> {
  await db.insert(codeEvents).values({ userId, purpose, kind: 'failed' });
}

/** The user's latest code for the purpose not used yet. */
export async function latestLiveCode(db: Db, userId: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

/** Counts an attempt in one statement while fewer than `max` were made; false when none was left. */
export async function countAttempt(db: Db, codeId: number, maxAttempts: number): Promise<boolean> {
  const counted = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, codeId), lt(verificationCodes.attempts, maxAttempts)))
    .returning({ attempts: verificationCodes.attempts });
  return counted.length === 1;
}

/** Marks a code used; false if another request used it first. */
export async function markCodeUsed(db: Db | Tx, codeId: number): Promise<boolean> {
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length === 1;
}

/** Confirms a password reset code once, storing the hash of the token that then sets the password. */
export async function confirmResetCode(db: Db, codeId: number, resetTokenHash: string, now: Date): Promise<boolean> {
  const confirmed = await db
    .update(verificationCodes)
    .set({ confirmedAt: now, resetTokenHash })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.confirmedAt), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return confirmed.length === 1;
}

/**
 * Finds and uses up, in one statement, the user's confirmed reset code with this token hash,
 * confirmed after `confirmedAfter`: of two requests with the token, one wins.
 */
export async function useResetToken(tx: Tx, userId: number, resetTokenHash: string, confirmedAfter: Date, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, 'password_reset'),
        eq(verificationCodes.resetTokenHash, resetTokenHash),
        isNotNull(verificationCodes.confirmedAt),
        gt(verificationCodes.confirmedAt, confirmedAfter),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  return consumed.length === 1;
}

/** The staff roles of the user whose session has this token hash, while the session lasts; undefined when it does not. */
export async function sessionRoles(db: Db, tokenHash: string, now: Date): Promise<StaffRole[] | undefined> {
  const [row] = await db
    .select({ user: users, roles: rolesOfUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), isNull(users.deactivatedAt)));
  return row ? withRoles(row.user, row.roles).staffRoles : undefined;
}

/**
 * One password attempt on an account, counted as a failure before the password is checked, in one
 * statement: the row's lock makes parallel attempts take their turn, and while `blocked_until` is
 * ahead (unless `always`) nothing is taken. Answers the failures counted with this one, or null.
 * After `delay.free` failures in a row each one makes the next wait 1, 2, 4… seconds, up to `delay.maxSeconds`.
 */
export async function takeSignInAttempt(db: Db, userId: number, now: Date, always: boolean, delay: { free: number; maxSeconds: number }): Promise<number | null> {
  const next = sql`${signInFailures.failures} + 1`;
  const waitAfter = (failures: number) => (failures < delay.free ? 0 : Math.min(2 ** (failures - delay.free), delay.maxSeconds));
  const [row] = await db
    .insert(signInFailures)
    .values({ userId, failures: 1, blockedUntil: new Date(now.getTime() + waitAfter(1) * 1000) })
    .onConflictDoUpdate({
      target: signInFailures.userId,
      set: {
        failures: next,
        blockedUntil: sql`${now.toISOString()}::timestamptz + make_interval(secs => CASE WHEN ${next} < ${delay.free} THEN 0 ELSE least(power(2, ${next} - ${delay.free}), ${delay.maxSeconds}) END)`,
      },
      ...(always ? {} : { setWhere: lte(signInFailures.blockedUntil, now) }),
    })
    .returning({ failures: signInFailures.failures });
  return row?.failures ?? null;
}

/** When the account takes its next attempt from a browser it does not know. */
export async function signInBlockedUntil(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ until: signInFailures.blockedUntil }).from(signInFailures).where(eq(signInFailures.userId, userId));
  return row?.until ?? null;
}

export async function clearSignInFailures(db: Db, userId: number): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.userId, userId));
}

// The user's own row as the account module changes it (account-rows.ts).

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export type ProfileFields = Partial<Pick<typeof users.$inferInsert, 'username' | 'firstName' | 'lastName' | 'phone' | 'extraPhone' | 'gender' | 'birthday' | 'language'>>;

export async function updateProfile(db: Db, userId: number, fields: ProfileFields): Promise<typeof users.$inferSelect> {
  const [updated] = await db.update(users).set(fields).where(eq(users.id, userId)).returning();
  return updated!;
}

/** Sets a new password and activates the account (the reset code proved the address). */
export async function setPasswordAndActivate(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, isActive: true }).where(eq(users.id, userId));
}

/** Whether another user signs in with this (lower-case) e-mail. */
export async function emailTaken(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The new address, confirmed by its code: the account counts as confirmed. Throws on a unique violation. */
export async function setEmail(db: Db, userId: number, email: string): Promise<typeof users.$inferSelect> {
  const [updated] = await db.update(users).set({ email, isActive: true }).where(eq(users.id, userId)).returning();
  return updated!;
}

/**
 * An account for a guest booked at the front desk (decision 056): not active, no password; the
 * guest may claim it later by signing in with a code sent to the e-mail.
 */
export async function insertDeskGuest(db: Db | Tx, values: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'phone' | 'language'>): Promise<UserRow> {
  const [user] = await db.insert(users).values({ ...values, isActive: false }).returning();
  return user!;
}
