/**
 * Administrators (API-43..45; ADM-42..49). Who may call: listing and adding, admin and superuser;
 * removing, the superuser only, and never of a superuser. Roles are read from the database on
 * every request (auth/session.ts), so a removed administrator loses the admin area at their next
 * request, signed in or not; so is the account's state: only an activated account has admin rights.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DETAILS, adminEmailSchema, adminUserSchema, type AdminUser } from '@hotel/domain';
import { users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireSuperuser, type UserRow } from './session';
import type { Tx } from '../../db/client';
import { audit } from '../../change-log/audit';
import { errorResponses } from '../../plugins/admin-http';

/** E-mails are unique regardless of case (users_email_lower_key); the row is locked until the change is written. */
async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).for('update');
  return row;
}

const presentAdmin = (row: UserRow): AdminUser => ({ id: row.id, username: row.username, email: row.email, role: row.role, is_active: row.isActive });

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admins/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Administrators and superusers (API-43; admin, superuser)',
        response: { 200: z.array(adminUserSchema), ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db.select().from(users).where(inArray(users.role, ['admin', 'superuser'])).orderBy(asc(users.id));
      return rows.map(presentAdmin);
    },
  );

  app.post(
    '/admins/add/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make a registered user an administrator (API-44; admin, superuser)',
        description:
          `404 "${ADMIN_DETAILS.userNotFound}"; 400 "${ADMIN_DETAILS.alreadyAdmin}", "${ADMIN_DETAILS.selfAdd}" or ` +
          `"${ADMIN_DETAILS.notActivated}" (an account whose owner never entered the code sent to the address: ` +
          'anyone can sign up with a future colleague\'s address).',
        body: adminEmailSchema,
        response: { 200: adminUserSchema, 400: errorResponses[422], ...errorResponses },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { email } = request.body;
      if (email === viewer.email.toLowerCase()) throw new HttpError(400, ADMIN_DETAILS.selfAdd);
      return app.db.transaction(async (tx) => {
        const user = await lockUserByEmail(tx, email);
        if (!user) throw new HttpError(404, ADMIN_DETAILS.userNotFound);
        if (user.role !== 'user') throw new HttpError(400, ADMIN_DETAILS.alreadyAdmin);
        if (!user.isActive) throw new HttpError(400, ADMIN_DETAILS.notActivated);
        const [updated] = await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)).returning();
        await audit(tx, request, { action: 'admin.add', target: `user ${user.email}`, before: { role: user.role }, after: { role: 'admin' } });
        return presentAdmin(updated!);
      });
    },
  );

  app.post(
    '/admins/delete/',
    {
      onRequest: requireSuperuser,
      schema: {
        tags: ['admin'],
        summary: 'Take administrator rights away (API-45; superuser only; never from a superuser, ADM-49)',
        description: `404 "${ADMIN_DETAILS.userNotFound}" or "${ADMIN_DETAILS.notAdmin}"; 403 "${ADMIN_DETAILS.superuserStays}".`,
        body: adminEmailSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await app.db.transaction(async (tx) => {
        const user = await lockUserByEmail(tx, email);
        if (!user) throw new HttpError(404, ADMIN_DETAILS.userNotFound);
        if (user.role === 'superuser') throw new HttpError(403, ADMIN_DETAILS.superuserStays);
        if (user.role !== 'admin') throw new HttpError(404, ADMIN_DETAILS.notAdmin);
        await tx.update(users).set({ role: 'user' }).where(eq(users.id, user.id));
        await audit(tx, request, { action: 'admin.remove', target: `user ${user.email}`, before: { role: 'admin' }, after: { role: 'user' } });
      });
      return reply.code(204).send(null);
    },
  );
};
