/**
 * A new account and its activation (API-06, API-07): the auth module's writers of a user's row as
 * the guest makes it. The routes (routes.ts) keep the session and the HTTP answer.
 */
import type { FastifyRequest } from 'fastify';
import type { Language } from '@hotel/domain';
import { welcomeLetter } from '../../mail/templates';
import { HttpError } from '../../plugins/errors';
import { isUniqueViolation } from '../../db/sql-state';
import { checkCode, consumeCode, INVALID_CODE } from './codes';
import { hashSecret } from './passwords';
import { activateUser, findUserByEmail, insertUser, type UserRow } from './repository';
import { preferredLanguage, publicSiteUrl } from './users';

export const EMAIL_EXISTS = 'Email already exists';

export interface SignUp {
  email: string;
  firstName: string;
  password: string;
  language?: Language | undefined;
}

/** Creates an inactive account; 409 when the e-mail is taken, whatever its case. */
export async function registerUser(request: FastifyRequest, form: SignUp): Promise<UserRow> {
  const db = request.server.db;
  if (await findUserByEmail(db, form.email)) throw new HttpError(409, EMAIL_EXISTS);
  try {
    return await insertUser(db, {
      email: form.email,
      firstName: form.firstName,
      passwordHash: await hashSecret(form.password),
      language: form.language ?? preferredLanguage(request),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_EXISTS);
    throw error;
  }
}

/**
 * Activates the account of `email` with its mailed code and sends the welcome letter. An unknown
 * or already active e-mail has no live code: the same answer as a wrong code.
 */
export async function activateAccount(request: FastifyRequest, email: string, code: string): Promise<UserRow> {
  const app = request.server;
  const user = await findUserByEmail(app.db, email);
  if (!user || user.isActive) throw new HttpError(400, INVALID_CODE);
  const live = await checkCode(app, user.id, 'activation', code);
  if (!(await consumeCode(app, live.id))) throw new HttpError(400, INVALID_CODE);
  const active = await activateUser(app.db, user.id);
  const letter = welcomeLetter({ language: active.language, name: active.firstName, accountUrl: publicSiteUrl(request, '/account') });
  // A welcome letter that fails does not undo the activation.
  await app.mailer.send({ to: active.email, ...letter }).catch((error: unknown) => {
    request.log.error({ err: error }, 'welcome letter not sent');
  });
  return active;
}
