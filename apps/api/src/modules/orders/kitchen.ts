/**
 * Whether the kitchen takes delivery orders now: within its hours (11:00–22:00 on the hotel's
 * clock, packages/domain) and not closed by staff for the day from the order board. An order
 * outside them is refused with 409 before anything is written; the cart asks GET
 * delivery/ordering/ to say when ordering opens.
 */
import type { FastifyInstance } from 'fastify';
import { hotelToday, isWithinKitchenHours, KITCHEN_CLOSED_DETAILS, KITCHEN_HOURS, nextKitchenOpening, type OrderingState } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { isKitchenClosed, setKitchenClosed } from './repository';

export async function orderingState(app: FastifyInstance, now: Date = new Date()): Promise<OrderingState> {
  const closedToday = await isKitchenClosed(app.db, hotelToday(now));
  const reason = closedToday ? 'closed_today' : app.env.ORDERS_ANY_HOUR || isWithinKitchenHours(now) ? null : 'hours';
  return {
    open: reason === null,
    reason,
    opens_at: reason === null ? null : nextKitchenOpening(now, closedToday).toISOString(),
    hours: { ...KITCHEN_HOURS },
    closed_today: closedToday,
  };
}

/** 409 in the spec's words when the kitchen takes no order now, with when it opens. */
export async function assertKitchenOpen(app: FastifyInstance, now: Date = new Date()): Promise<void> {
  const state = await orderingState(app, now);
  if (state.reason) throw new HttpError(409, KITCHEN_CLOSED_DETAILS[state.reason], { reason: state.reason, opens_at: state.opens_at });
}

/**
 * Staff close ordering for the rest of today, or open it again. Answers the hotel day and whether
 * this call changed it (closing a closed day changes nothing), so the caller logs only a change.
 */
export async function setKitchenClosedToday(db: Db | Tx, closed: boolean, staffId: number, now: Date = new Date()): Promise<{ day: string; changed: boolean }> {
  const day = hotelToday(now);
  return { day, changed: await setKitchenClosed(db, day, closed, staffId) };
}
