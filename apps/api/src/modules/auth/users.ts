/** Users as the identity routes read and show them. */
import type { FastifyRequest } from 'fastify';
import { coarseRole, type StaffRole, type User } from '@hotel/domain';
import { browserLanguage } from '../../i18n/visitor-language';
import type { Db } from '../../db/client';
import { staffRolesOf, type UserRow } from './repository';

export { findUserByEmail, insertDeskGuest, staffRolesOf } from './repository';

/** A user as the API shows them, with the staff roles they hold (none for a guest). */
export function presentUser(row: UserRow, roles: readonly StaffRole[]): User {
  return {
    id: row.id,
    email: row.email,
    is_active: row.isActive,
    role: coarseRole(roles),
    roles: [...roles],
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

/** A user as the API shows them, their staff roles read from the database. */
export async function presentUserWithRoles(db: Db, row: UserRow): Promise<User> {
  return presentUser(row, await staffRolesOf(db, row.id));
}

/** The language of a visitor who has not chosen one yet: English if the browser prefers it. */
export const preferredLanguage = browserLanguage;

/** The site's public origin for links in letters; only PUBLIC_URL, never a request's Host header. */
export function publicSiteUrl(request: FastifyRequest, path: string): string | undefined {
  const base = request.server.env.PUBLIC_URL;
  return base ? new URL(path, base).toString() : undefined;
}
