/**
 * Administrators added and removed (API-44, API-45; ADM-42..49), each change with its change-log
 * entry in the same transaction.
 */
import type { FastifyRequest } from 'fastify';
import { ADMIN_DETAILS } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { lockUserByEmail, setRole } from './repository';
import { currentUser, type UserRow } from './session';

/** A registered, activated user becomes an administrator; never oneself. */
export async function addAdmin(db: Db, request: FastifyRequest, email: string): Promise<UserRow> {
  if (email === currentUser(request).email.toLowerCase()) throw new HttpError(400, ADMIN_DETAILS.selfAdd);
  return db.transaction(async (tx) => {
    const user = await lockUserByEmail(tx, email);
    if (!user) throw new HttpError(404, ADMIN_DETAILS.userNotFound);
    if (user.role !== 'user') throw new HttpError(400, ADMIN_DETAILS.alreadyAdmin);
    if (!user.isActive) throw new HttpError(400, ADMIN_DETAILS.notActivated);
    const updated = await setRole(tx, user.id, 'admin');
    await audit(tx, request, { action: 'admin.add', target: `user ${user.email}`, before: { role: user.role }, after: { role: 'admin' } });
    return updated;
  });
}

/** An administrator becomes a plain user again; a superuser stays one. */
export async function removeAdmin(db: Db, request: FastifyRequest, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUserByEmail(tx, email);
    if (!user) throw new HttpError(404, ADMIN_DETAILS.userNotFound);
    if (user.role === 'superuser') throw new HttpError(403, ADMIN_DETAILS.superuserStays);
    if (user.role !== 'admin') throw new HttpError(404, ADMIN_DETAILS.notAdmin);
    await setRole(tx, user.id, 'user');
    await audit(tx, request, { action: 'admin.remove', target: `user ${user.email}`, before: { role: 'admin' }, after: { role: 'user' } });
  });
}
