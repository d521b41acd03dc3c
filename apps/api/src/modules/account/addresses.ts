/**
 * Delivery addresses (API-24, API-25). At most one is primary (a partial unique index says so):
 * the first address becomes primary, making one primary clears the others in the same
 * transaction, and deleting the primary one promotes the oldest remaining.
 * Who may call: a signed-in user (requireUser), on their own addresses only; another user's
 * address answers 404 as if it did not exist.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressInputSchema, addressSchema, idPathSchema } from '@hotel/domain';
import type { Tx } from '../../db/client';
import { addresses, users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../auth/session';
import { presentAddress } from './present';

const errorSchema = z.object({ detail: z.string() });
const params = z.strictObject({ address_id: idPathSchema });
const NOT_FOUND = 'Not found';

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a stranger learns nothing about what the route would accept.
  app.addHook('onRequest', requireUser);

  /** Locks the user's row so concurrent changes of the primary flag queue up instead of colliding. */
  const lockUser = (tx: Tx, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

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
      const rows = await app.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, currentUser(request).id))
        .orderBy(asc(addresses.id));
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
      const userId = currentUser(request).id;
      const { is_primary, ...fields } = request.body;
      const row = await app.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).limit(1);
        const primary = !existing || is_primary === true;
        if (primary && existing) {
          await tx.update(addresses).set({ isPrimary: false }).where(eq(addresses.userId, userId));
        }
        const [inserted] = await tx
          .insert(addresses)
          .values({ userId, ...fields, isPrimary: primary })
          .returning();
        return inserted!;
      });
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
      const userId = currentUser(request).id;
      const id = request.params.address_id;
      const { is_primary, ...fields } = request.body;
      const row = await app.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if (is_primary === true) {
          await tx
            .update(addresses)
            .set({ isPrimary: false })
            .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
        }
        const [updated] = await tx
          .update(addresses)
          .set({ ...fields, ...(is_primary === undefined ? {} : { isPrimary: is_primary }) })
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning();
        // Throwing rolls back the cleared flags too.
        if (!updated) throw new HttpError(404, NOT_FOUND);
        return updated;
      });
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
      const userId = currentUser(request).id;
      await app.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [deleted] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, request.params.address_id), eq(addresses.userId, userId)))
          .returning();
        if (!deleted) throw new HttpError(404, NOT_FOUND);
        if (deleted.isPrimary) {
          const [oldest] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(eq(addresses.userId, userId))
            .orderBy(asc(addresses.id))
            .limit(1);
          if (oldest) await tx.update(addresses).set({ isPrimary: true }).where(eq(addresses.id, oldest.id));
        }
      });
      return reply.code(204).send(null);
    },
  );
};
