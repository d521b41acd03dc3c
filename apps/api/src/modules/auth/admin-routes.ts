/**
 * Staff and their roles at /admin/users (issue 49; permission `staff`: the superuser only). Roles
 * are read from the database on every request (auth/session.ts), so a changed role counts from
 * the person's next request, and a deactivated account's sessions are gone at once. Refusals
 * answer a `detail` in the caller's language (STAFF_MESSAGES), nothing changed.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  coarseRole,
  idParamSchema,
  STAFF_MESSAGES,
  staffInviteSchema,
  staffMemberSchema,
  staffRolesSchema,
  type StaffMember,
  type StaffRole,
} from '@hotel/domain';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { listStaff, staffRolesOf, type UserRow } from './repository';
import { detailLanguage } from './session';
import { changeStaffRoles, deactivateStaff, inviteStaff, StaffRefusal } from './staff';

const presentMember = (row: UserRow, roles: StaffRole[]): StaffMember => ({
  id: row.id,
  username: row.username,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  role: coarseRole(roles),
  roles,
  is_active: row.isActive,
});

/** A refusal of staff management told in the caller's language. */
async function told<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffRefusal) throw new HttpError(error.statusCode, STAFF_MESSAGES[error.reason][detailLanguage(request)]);
    throw error;
  }
}

const refusals = Object.values(STAFF_MESSAGES)
  .map((text) => `"${text.en}"`)
  .join(', ');

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'staff');

  app.get(
    '/staff/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Everyone who holds a staff role, with their roles (issue 49; permission staff)',
        response: { 200: z.array(staffMemberSchema), ...errorResponses },
      },
    },
    async () => (await listStaff(app.db)).map((row) => presentMember(row, row.staffRoles)),
  );

  app.post(
    '/staff/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give an activated account staff roles (issue 49; permission staff)',
        description: `Refusals (4xx, in the caller's language; English here): ${refusals}.`,
        body: staffInviteSchema,
        response: { 201: staffMemberSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await told(request, () => inviteStaff(app.db, request, request.body.email, request.body.roles));
      return reply.code(201).send(presentMember(user, await staffRolesOf(app.db, user.id)));
    },
  );

  app.put(
    '/staff/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a member of staff's roles (issue 49; permission staff; never one's own, never the last superuser's)",
        params: idParamSchema,
        body: staffRolesSchema,
        response: { 200: staffMemberSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await told(request, () => changeStaffRoles(app.db, request, request.params.id, request.body.roles));
      return presentMember(user, await staffRolesOf(app.db, user.id));
    },
  );

  app.post(
    '/staff/:id/deactivate/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deactivate someone who left: their roles go, their sessions end at once, the account signs in no more (issue 49; permission staff)',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await told(request, () => deactivateStaff(app.db, request, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
