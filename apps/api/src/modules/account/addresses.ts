/**
 * Delivery addresses (API-24, API-25; the rules in address-book.ts). Who may call: a signed-in user (requireUser), on their own addresses only; another user's
 * address answers 404 as if it did not exist.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressInputSchema, addressSchema, idPathSchema } from '@hotel/domain';
import { currentUser, requireUser } from '../auth/session';
import { addAddress, changeAddress, removeAddress } from './address-book';
import { presentAddress } from './present';
import { userAddresses } from './repository';

const errorSchema = z.object({ detail: z.string() });
const params = z.strictObject({ address_id: idPathSchema });

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a stranger learns nothing about what the route would accept.
  app.addHook('onRequest', requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: "The user's delivery addresses, primary first (API-24)",
        response: { 200: z.array(addressSchema), 401: errorSchema },
      },
    },
    async (request) => {
      const rows = await userAddresses(app.db, currentUser(request).id);
      return rows.map(presentAddress).sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: 'Add a delivery address (API-24); the first one becomes primary',
        body: addressInputSchema,
        response: { 201: addressSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { is_primary, ...fields } = request.body;
      const row = await addAddress(app.db, currentUser(request).id, fields, is_primary);
      return reply.code(201).send(presentAddress(row));
    },
  );

  app.put(
    '/:address_id/',
    {
      schema: {
        tags: ['account'],
        summary: 'Change a delivery address (API-25); is_primary true makes it the only primary one',
        params,
        body: addressInputSchema,
        response: { 200: addressSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { is_primary, ...fields } = request.body;
      const row = await changeAddress(app.db, currentUser(request).id, request.params.address_id, fields, is_primary);
      return presentAddress(row);
    },
  );

  app.delete(
    '/:address_id/',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove a delivery address (API-25)',
        params,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await removeAddress(app.db, currentUser(request).id, request.params.address_id);
      return reply.code(204).send(null);
    },
  );
};
