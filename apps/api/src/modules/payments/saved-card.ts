import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentMethods } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * The user's saved card by its public id, as a body names it (an order, a payment, a booking's
 * guarantee); another user's card, or one not saved, is refused (422).
 */
export async function savedCard(db: Db | Tx, userId: number, publicId: string): Promise<PaymentMethodRow> {
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.publicId, publicId), eq(paymentMethods.userId, userId)));
  if (!card) throw new HttpError(422, 'body.payment_method_id: Unknown card: it is not one of your saved cards');
  if (card.status !== 'succeeded') throw new HttpError(422, 'body.payment_method_id: This card has not been saved');
  return card;
}
