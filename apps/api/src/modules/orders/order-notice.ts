/**
 * The kitchen is told of a paid order when no order board is open to show it (modules/notices):
 * its number, total and time, nothing of the guest or the card.
 */
import type { FastifyInstance } from 'fastify';
import { tellStaff } from '../notices/notices';
import { orderBoardsOpen } from './live';
import { findOrderRow } from './repository';

export async function tellKitchenUnlessWatched(app: FastifyInstance, orderId: number): Promise<void> {
  if (orderBoardsOpen(app) > 0) return;
  try {
    const order = await findOrderRow(app.db, orderId);
    if (order) tellStaff(app.db, 'order', { id: order.id, amount: order.total, ...(order.deliverAt ? { date: order.deliverAt.toISOString() } : {}) }, app.log);
  } catch (error) {
    app.log.error({ err: error, orderId }, 'kitchen notice not told');
  }
}
