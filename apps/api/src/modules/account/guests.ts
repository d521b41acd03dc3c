/**
 * The people a user books rooms for (API-15, API-16).
 * Who may call: a signed-in user (requireUser), on their own guests only; another user's guest
 * answers 404 as if it did not exist.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestInputSchema, guestSchema, idParamSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../auth/session';
import { presentGuest } from './present';
import { deleteGuest, findGuest, insertGuest, updateGuest, userGuests } from './repository';

const errorSchema = z.object({ detail: z.string() });
const params = idParamSchema;
const NOT_FOUND = 'Not found';

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a stranger learns nothing about what the route would accept.
  app.addHook('onRequest', requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: "The user's guests (API-15)",
        response: { 200: z.array(guestSchema), 401: errorSchema },
      },
    },
    async (request) => {
      return (await userGuests(app.db, currentUser(request).id)).map(presentGuest);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: 'Add a guest (API-15); user_id, if sent, is ignored: the guest is the signed-in user’s',
        body: guestInputSchema,
        response: { 201: guestSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { first_name, last_name, second_name } = request.body;
      const row = await insertGuest(app.db, currentUser(request).id, { firstName: first_name, lastName: last_name, secondName: second_name });
      return reply.code(201).send(presentGuest(row));
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['account'],
        summary: 'One guest (API-16)',
        params,
        response: { 200: guestSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await findGuest(app.db, currentUser(request).id, request.params.id);
      if (!row) throw new HttpError(404, NOT_FOUND);
      return presentGuest(row);
    },
  );

  app.put(
    '/:id/',
    {
      schema: {
        tags: ['account'],
        summary: 'Change a guest (API-16)',
        params,
        body: guestInputSchema,
        response: { 200: guestSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { first_name, last_name, second_name } = request.body;
      const row = await updateGuest(app.db, currentUser(request).id, request.params.id, { firstName: first_name, lastName: last_name, secondName: second_name });
      if (!row) throw new HttpError(404, NOT_FOUND);
      return presentGuest(row);
    },
  );

  app.delete(
    '/:id/',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove a guest (API-16); past reservations keep their copy of the name',
        params,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteGuest(app.db, currentUser(request).id, request.params.id))) throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
