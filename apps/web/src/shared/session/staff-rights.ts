/**
 * What a member of staff may open and change, from packages/domain's one permission table (issue
 * 49). Apart from the session store so that the table travels with the admin area, not with the
 * first visit to the site.
 */
import { may, type Access, type Permission, type StaffRole } from '@hotel/domain';
import type { SessionUser } from './session-store';

/**
 * The staff roles a user holds, as the server said (`roles`). An answer without the list (an
 * older server, a test's made-up user) counts its coarse role: an admin as a manager.
 */
export function staffRolesOf(user: Pick<SessionUser, 'role'> & { roles?: readonly StaffRole[] } | null | undefined): StaffRole[] {
  if (!user) return [];
  if (user.roles && user.roles.length > 0) return [...user.roles];
  return user.role === 'superuser' ? ['superuser'] : user.role === 'admin' ? ['manager'] : [];
}

/** Whether the user may read (or change) what a permission covers: packages/domain's one table. */
export function userMay(user: (Pick<SessionUser, 'role'> & { roles?: readonly StaffRole[] }) | null | undefined, permission: Permission, access: Access = 'read'): boolean {
  return may(staffRolesOf(user), permission, access);
}
