/** Users as the identity routes read and show them. */
import type { FastifyRequest } from 'fastify';
import type { User } from '@hotel/domain';
import { browserLanguage } from '../../i18n/visitor-language';
import type { UserRow } from './repository';

export { findUserByEmail, insertDeskGuest } from './repository';

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
export const preferredLanguage = browserLanguage;

/** The site's public origin for links in letters; only PUBLIC_URL, never a request's Host header. */
export function publicSiteUrl(request: FastifyRequest, path: string): string | undefined {
  const base = request.server.env.PUBLIC_URL;
  return base ? new URL(path, base).toString() : undefined;
}
