/**
 * Saved cards of the account (API-19..21, ACC-42..44). Who may call: a signed-in user, about their
 * own cards only; another user's card answers 404. Only saved cards are listed (a card still on the
 * provider's page, or refused there, is no card yet). At most one is primary (a partial unique
 * index): the first saved card becomes primary, making one primary clears the others in the same
 * transaction, and deleting the primary one promotes the oldest remaining.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  hotelToday,
  paymentMethodIdParamsSchema,
  paymentMethodInitAnswerSchema,
  paymentMethodInitSchema,
  paymentMethodSchema,
  type PaymentMethod,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../auth/session';
import { clearPrimaryCards, deleteCard, lockUserCards, promoteOldestCard, updateCard, userSavedCards, type PaymentMethodRow as CardRow } from './repository';
import { startSavingCard } from './service';
import { stayPaymentsOf } from './stay-payments';

const CARD_NOT_FOUND = 'Card not found';

export function presentCard(row: CardRow): PaymentMethod {
  return {
    id: row.id,
    payment_method_id: row.publicId,
    card_last4: row.cardLast4 ?? '',
    brand: row.brand ?? 'card',
    exp_month: row.expMonth ?? 1,
    exp_year: row.expYear ?? 0,
    primary: row.isPrimary,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's saved cards, primary first, then in the order they were added. */
export async function listCards(db: Db, userId: number): Promise<PaymentMethod[]> {
  return (await userSavedCards(db, userId)).map(presentCard);
}


async function ownSavedCard(tx: Tx, userId: number, publicId: string): Promise<CardRow> {
  // Locks the user's cards, so two changes of the primary flag queue up instead of colliding.
  const rows = await lockUserCards(tx, userId);
  const card = rows.find((row) => row.publicId === publicId && row.status === 'succeeded');
  if (!card) throw new HttpError(404, CARD_NOT_FOUND);
  return card;
}

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: 'The saved cards, primary first (API-19, ACC-42; signed-in user)',
        response: { 200: z.array(paymentMethodSchema), 401: errorSchema },
      },
    },
    async (request) => listCards(app.db, currentUser(request).id),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['account'],
        summary: 'Add a card: the same as POST payments/methods/init/ (API-19; signed-in user)',
        body: paymentMethodInitSchema,
        response: { 201: paymentMethodInitAnswerSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await startSavingCard(request, request.body.return_path)),
  );

  app.post(
    '/:payment_method_id/set_primary/',
    {
      schema: {
        tags: ['account'],
        summary: 'Make a card the primary one (API-20, ACC-44; owner)',
        params: paymentMethodIdParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: paymentMethodSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = await app.db.transaction(async (tx) => {
        const card = await ownSavedCard(tx, userId, request.params.payment_method_id);
        await clearPrimaryCards(tx, userId, card.id);
        return updateCard(tx, card.id, { isPrimary: true });
      });
      return presentCard(row);
    },
  );

  app.delete(
    '/:payment_method_id/',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove a saved card (API-21, ACC-43; owner)',
        description: '409 while the card guarantees a booking not yet begun: choose another card for it first, or cancel it.',
        params: paymentMethodIdParamsSchema,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await app.db.transaction(async (tx) => {
        const card = await ownSavedCard(tx, userId, request.params.payment_method_id);
        if (await stayPaymentsOf(app).guaranteesBooking(tx, card.id, hotelToday())) throw new HttpError(409, 'This card guarantees a booking and cannot be removed');
        await deleteCard(tx, card.id);
        if (card.isPrimary) await promoteOldestCard(tx, userId);
      });
      return reply.code(204).send(null);
    },
  );
};
