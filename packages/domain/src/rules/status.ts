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

export type OrderDisplayStatus = 'accepted' | 'delivering' | 'delivered' | 'cancelled';

export function orderDisplayStatus(status: string): OrderDisplayStatus {
  switch (status) {
    case 'pending':
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
  return display === 'accepted' || display === 'delivering';
}

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
