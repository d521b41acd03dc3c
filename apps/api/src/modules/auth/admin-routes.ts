/**
 * Administrators (API-43..45; ADM-42..49). Who may call: listing and adding, admin and superuser;
 * removing, the superuser only, and never of a superuser. Roles are read from the database on
 * every request (auth/session.ts), so a removed administrator loses the admin area at their next
 * request, signed in or not; so is the account's state: only an activated account has admin rights.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DETAILS, adminEmailSchema, adminUserSchema, type AdminUser } from '@hotel/domain';
import { errorResponses } from '../../plugins/admin-http';
import { listStaff } from './repository';
import { requireSuperuser, type UserRow } from './session';
import { addAdmin, removeAdmin } from './staff';

const presentAdmin = (row: UserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  role: row.role,
  is_active: row.isActive,
});

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
    async () => (await listStaff(app.db)).map(presentAdmin),
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
    async (request) => presentAdmin(await addAdmin(app.db, request, request.body.email)),
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
      await removeAdmin(app.db, request, request.body.email);
      return reply.code(204).send(null);
    },
  );
};
