/** Users as the identity routes read and show them. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, type User } from '@hotel/domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './session';

/** E-mails are unique regardless of case (the users_email_lower_key index). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    is_active: row.isActive,
    role: row.role,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    extra_phone: row.extraPhone,
    gender: row.gender,
    birthday: row.birthday,
    language: row.language,
  };
}

/** The language of a visitor who has not chosen one yet: English if the browser prefers it. */
export function preferredLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && /^\s*en\b/i.test(header)) return 'en';
  return DEFAULT_LANGUAGE;
}

/** The site's public origin for links in letters; only PUBLIC_URL, never a request's Host header. */
export function publicSiteUrl(request: FastifyRequest, path: string): string | undefined {
  const base = request.server.env.PUBLIC_URL;
  return base ? new URL(path, base).toString() : undefined;
}
