/**
 * The signed-in user's profile and password (API-13, API-17): the account module's writers of
 * both. The routes (routes.ts) keep the session and the HTTP answer.
 */
import type { z } from 'zod';
import { EMAIL_CHANGE_DETAIL, type profileUpdateSchema } from '@hotel/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { hashSecret, verifySecret } from '../auth/passwords';
import { endAllSessions, type UserRow } from '../auth/session';
import { setPasswordHash, updateProfile } from '../auth/account-rows';

/** Saves the profile's fields; the e-mail changes only through account/email/ (a code to the new address). */
export async function saveProfile(db: Db, user: UserRow, body: z.infer<typeof profileUpdateSchema>): Promise<UserRow> {
  // A new address would become the sign-in address unconfirmed and without the password.
  if (body.email !== user.email.toLowerCase()) throw new HttpError(422, EMAIL_CHANGE_DETAIL);
  return updateProfile(db, user.id, {
    username: body.username,
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    extraPhone: body.extra_phone,
    gender: body.gender,
    birthday: body.birthday,
    ...(body.language ? { language: body.language } : {}),
  });
}

/** Sets a new password when the old one is right, and ends every session of the user (the caller starts a new one). */
export async function changePassword(db: Db, user: UserRow, oldPassword: string, newPassword: string): Promise<void> {
  // 403, not 401: the web treats any 401 as "signed out".
  if (!user.passwordHash || !(await verifySecret(user.passwordHash, oldPassword))) throw new HttpError(403, 'Invalid password');
  await setPasswordHash(db, user.id, await hashSecret(newPassword));
  await endAllSessions(db, user.id);
}

