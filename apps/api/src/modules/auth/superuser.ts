/** Creating or promoting the superuser from the command line (src/cli/create-superuser.ts). */
import { randomInt } from 'node:crypto';
import { emailSchema, signupSchema } from '@hotel/domain';
import type { Database, Db } from '../../db/client';
import { hashSecret } from './passwords';
import { findUserByEmail, insertSuperuser, promoteToSuperuser } from './repository';

export interface SuperuserResult {
  created: boolean;
  /** The generated password of a new user that was given none; shown once, stored nowhere. */
  generatedPassword?: string;
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 characters from the CSPRNG (about 117 bits), with a lower, an upper and a digit. */
export function generatePassword(): string {
  for (;;) {
    const password = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (signupSchema.shape.password.safeParse(password).success) return password;
  }
}

/**
 * Makes the user with this e-mail an active superuser, creating them if needed. A given password
 * must pass the registration rule and replaces the old one; without one an existing user keeps
 * theirs and a new user gets a generated one.
 */
export async function createSuperuser(db: Db, input: { email: string; password?: string }): Promise<SuperuserResult> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw new Error(`Not an e-mail address: ${input.email}`);
  const email = parsed.data;
  if (input.password !== undefined) {
    const checked = signupSchema.shape.password.safeParse(input.password);
    if (!checked.success) {
      throw new Error('The password needs at least 12 characters with a lower-case letter, an upper-case letter and a digit');
    }
  }
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await promoteToSuperuser(db, existing.id, input.password ? await hashSecret(input.password.trim()) : undefined);
    return { created: false };
  }
  const generatedPassword = input.password ? undefined : generatePassword();
  await insertSuperuser(db, email, await hashSecret((input.password ?? generatedPassword!).trim()));
  return { created: true, generatedPassword };
}

/**
 * Lets `npm run create-superuser` work while the site runs: the embedded database belongs to the
 * server, so the command asks the server, over its data folder's socket, to do it
 * (docs/decisions/016-data-folder-lock.md).
 */
export function serveSuperuserRequests(database: Database): void {
  database.lock?.serve('create-superuser', async (request) => {
    if (typeof request.email !== 'string') throw new Error('An e-mail is needed');
    const password = typeof request.password === 'string' ? request.password : undefined;
    const result = await createSuperuser(database.db, { email: request.email, password });
    return { ok: true, ...result };
  });
}
