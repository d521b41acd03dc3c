/**
 * Finds or creates the user a provider's profile belongs to (docs/decisions/007-social-sign-in.md):
 * 1. an account already linked to this provider's subject: that user, unchanged;
 * 2. else a user with the same e-mail: link the provider to them. If that user never confirmed
 *    the address, whoever registered it is not known to own it, so the password they set and their
 *    sessions are dropped (account pre-hijacking defence) and the account becomes active;
 * 3. else a new active user (the provider verified the address) with no password.
 */
import type { FastifyRequest } from 'fastify';
import type { OAuthProvider } from '@hotel/domain';
import { activateWithoutPassword, deleteUserSessions, findLinkedUser, findUserByEmail, insertActiveUser, linkProvider, type UserRow } from '../repository';
import { preferredLanguage } from '../users';
import type { ProviderProfile } from './providers';

export async function findOrCreateSocialUser(
  request: FastifyRequest,
  provider: OAuthProvider,
  profile: ProviderProfile,
): Promise<UserRow> {
  return request.server.db.transaction(async (tx) => {
    const linked = await findLinkedUser(tx, provider, profile.subject);
    // As it is: if they changed their e-mail since, the provider did not confirm the new one.
    if (linked) return linked;

    let user = await findUserByEmail(tx, profile.email);
    if (user && !user.isActive) {
      await deleteUserSessions(tx, user.id);
      user = await activateWithoutPassword(tx, user.id);
    }
    user ??= await insertActiveUser(tx, {
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: preferredLanguage(request),
    });
    await linkProvider(tx, { userId: user.id, provider, subject: profile.subject, email: profile.email });
    return user;
  });
}
