/** Display statuses of orders and reservations (spec section 4). */

export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'in_progress',
  'delivering',
  'completed',
  'canceled',
  'stashed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What the guest sees. An order not yet paid is never "accepted": it awaits its payment (or the
 * last try failed, see OrderPaymentStatus), and the kitchen does not know of it yet.
 */
export type OrderDisplayStatus = 'awaiting_payment' | 'accepted' | 'delivering' | 'delivered' | 'cancelled';

export function orderDisplayStatus(status: string): OrderDisplayStatus {
  switch (status) {
    case 'pending':
      return 'awaiting_payment';
    case 'accepted':
    case 'in_progress':
      return 'accepted';
    case 'delivering':
      return 'delivering';
    case 'canceled':
    case 'stashed':
      return 'cancelled';
    default:
      return 'delivered';
  }
}

export function isActiveOrder(status: string): boolean {
  const display = orderDisplayStatus(status);
  return display === 'awaiting_payment' || display === 'accepted' || display === 'delivering';
}

/**
 * Where an order's money stands: not tried yet (awaiting), a payment waiting for the provider or
 * 3-D Secure (pending), the last try declined (failed), paid, or paid and given back (refunded).
 */
/** `at_door`: the guest pays the courier on delivery (issue 46); `paid` once the courier took it. */
export const ORDER_PAYMENT_STATUSES = ['awaiting', 'pending', 'failed', 'paid', 'refunded', 'at_door'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export type ReservationDisplayStatus = 'reserved' | 'active' | 'completed' | 'cancelled';

export interface ReservationTimes {
  canceled: boolean;
  /** Moment of check-in. */
  arrivalAt: Date;
  /** Moment of check-out. */
  departureAt: Date;
}

export function reservationDisplayStatus(
  reservation: ReservationTimes,
  now: Date,
): ReservationDisplayStatus {
  if (reservation.canceled) return 'cancelled';
  if (reservation.arrivalAt > now) return 'reserved';
  if (reservation.departureAt > now) return 'active';
  return 'completed';
}

export function isActiveReservation(status: ReservationDisplayStatus): boolean {
  return status === 'reserved' || status === 'active';
}
