import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { ownCard, type PaymentMethodRow } from './repository';

export type { PaymentMethodRow } from './repository';

/**
 * The user's saved card by its public id, as a body names it (an order, a payment, a booking's
 * guarantee); another user's card, or one not saved, is refused (422).
 */
export async function savedCard(db: Db | Tx, userId: number, publicId: string): Promise<PaymentMethodRow> {
  const card = await ownCard(db, userId, publicId);
  if (!card) throw new HttpError(422, 'body.payment_method_id: Unknown card: it is not one of your saved cards');
  if (card.status !== 'succeeded') throw new HttpError(422, 'body.payment_method_id: This card has not been saved');
  return card;
}
