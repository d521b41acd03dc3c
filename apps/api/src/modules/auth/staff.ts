/**
 * Staff and their roles (issue 49; the superuser's /admin/users): an activated account invited
 * with roles, its roles changed, a person who left deactivated. Each change is written with its
 * change-log entry in the same transaction; a refusal changes nothing. The superuser role always
 * has one holder at least, and nobody changes their own roles.
 */
import type { FastifyRequest } from 'fastify';
import { isStaffRole, STAFF_ROLES, type StaffMessage, type StaffRole } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import {
  deleteUserSessions,
  findUser,
  lockSuperusers,
  lockUser,
  lockUserByEmail,
  replaceStaffRoles,
  setDeactivated,
  staffRolesOf,
  type UserRow,
} from './repository';
import { currentUser } from './session';

/** A refusal of staff management: its status and which of STAFF_MESSAGES, told in the caller's language by the route. */
export class StaffRefusal extends HttpError {
  constructor(
    statusCode: number,
    readonly reason: StaffMessage,
  ) {
    super(statusCode, reason);
  }
}

/** The roles asked for, each known, without repeats, in the table's order; none is refused. */
function checkedRoles(asked: readonly string[]): StaffRole[] {
  if (!asked.every(isStaffRole)) throw new StaffRefusal(422, 'unknownRole');
  if (asked.length === 0) throw new StaffRefusal(422, 'noRoles');
  return STAFF_ROLES.filter((role) => asked.includes(role));
}

/**
 * The superuser role must keep a holder: taking it from its last one is refused. `holders` were
 * locked first of all in the transaction (lockSuperusers): two superusers taking the role from
 * each other at once take turns there, before either locks anything else, and the second sees
 * the first's change.
 */
function keepASuperuser(holders: readonly number[], userId: number, before: readonly StaffRole[], after: readonly StaffRole[]): void {
  if (!before.includes('superuser') || after.includes('superuser')) return;
  if (holders.filter((id) => id !== userId).length === 0) throw new StaffRefusal(409, 'lastSuperuser');
}

function notSelf(request: FastifyRequest, userId: number): void {
  if (currentUser(request).id === userId) throw new StaffRefusal(403, 'self');
}

/** An activated account joins the staff with these roles (a deactivated one comes back). */
export async function inviteStaff(db: Db, request: FastifyRequest, email: string, asked: readonly string[]): Promise<UserRow> {
  const roles = checkedRoles(asked);
  return db.transaction(async (tx) => {
    const user = await lockUserByEmail(tx, email);
    if (!user) throw new StaffRefusal(404, 'userNotFound');
    notSelf(request, user.id);
    if (!user.isActive) throw new StaffRefusal(409, 'notActivated');
    if ((await staffRolesOf(tx, user.id)).length > 0) throw new StaffRefusal(409, 'alreadyStaff');
    await replaceStaffRoles(tx, user.id, roles);
    if (user.deactivatedAt) await setDeactivated(tx, user.id, null);
    await audit(tx, request, { action: 'staff.add', target: `user ${user.email}`, before: { roles: [] }, after: { roles } });
    return { ...user, deactivatedAt: null };
  });
}

/** The roles a member of staff holds from now on. */
export async function changeStaffRoles(db: Db, request: FastifyRequest, userId: number, asked: readonly string[]): Promise<UserRow> {
  const roles = checkedRoles(asked);
  notSelf(request, userId);
  return db.transaction(async (tx) => {
    const holders = await lockSuperusers(tx);
    await lockUser(tx, userId);
    const user = await findUser(tx, userId);
    const before = user ? await staffRolesOf(tx, userId) : [];
    if (!user || before.length === 0) throw new StaffRefusal(404, 'notStaff');
    keepASuperuser(holders, userId, before, roles);
    await replaceStaffRoles(tx, userId, roles);
    await audit(tx, request, { action: 'staff.roles', target: `user ${user.email}`, before: { roles: before }, after: { roles } });
    return user;
  });
}

/**
 * Someone who left: their roles go, the account is marked deactivated (it signs in no more) and
 * every session of theirs ends, so an open tab is refused at its next request.
 */
export async function deactivateStaff(db: Db, request: FastifyRequest, userId: number): Promise<void> {
  notSelf(request, userId);
  await db.transaction(async (tx) => {
    const holders = await lockSuperusers(tx);
    await lockUser(tx, userId);
    const user = await findUser(tx, userId);
    const before = user ? await staffRolesOf(tx, userId) : [];
    if (!user || before.length === 0) throw new StaffRefusal(404, 'notStaff');
    keepASuperuser(holders, userId, before, []);
    await replaceStaffRoles(tx, userId, []);
    await setDeactivated(tx, userId, new Date());
    await deleteUserSessions(tx, userId);
    await audit(tx, request, { action: 'staff.deactivate', target: `user ${user.email}`, before: { roles: before }, after: { roles: [], deactivated: true } });
  });
}
