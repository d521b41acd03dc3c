/**
 * Finds or creates the user a provider's profile belongs to (docs/decisions/007-social-sign-in.md):
 * 1. an account already linked to this provider's subject: that user, unchanged;
 * 2. else a user with the same e-mail: link the provider to them. If that user never confirmed
 *    the address, whoever registered it is not known to own it, so the password they set and their
 *    sessions are dropped (account pre-hijacking defence) and the account becomes active;
 * 3. else a new active user (the provider verified the address) with no password.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OAuthProvider } from '@hotel/domain';
import { oauthAccounts, sessions, users } from '../../../db/schema';
import type { UserRow } from '../session';
import { findUserByEmail, preferredLanguage } from '../users';
import type { ProviderProfile } from './providers';

export async function findOrCreateSocialUser(
  request: FastifyRequest,
  provider: OAuthProvider,
  profile: ProviderProfile,
): Promise<UserRow> {
  return request.server.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, profile.subject)))
      .limit(1);
    // As it is: if they changed their e-mail since, the provider did not confirm the new one.
    if (linked) return linked.user;

    let user = await findUserByEmail(tx, profile.email);
    if (user && !user.isActive) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      [user] = await tx
        .update(users)
        .set({ isActive: true, passwordHash: null })
        .where(eq(users.id, user.id))
        .returning();
    }
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email: profile.email,
          isActive: true,
          firstName: profile.firstName,
          lastName: profile.lastName,
          language: preferredLanguage(request),
        })
        .returning();
    }
    await tx.insert(oauthAccounts).values({ userId: user!.id, provider, subject: profile.subject, email: profile.email });
    return user!;
  });
}
