import { isActiveReservation, reservationDisplayStatus, type Reservation, type ReservationDisplayStatus } from '@hotel/domain';

/** The display status now, by the spec's rule over the check-in and check-out moments (ACC-22, ACC-23). */
export function statusOf(reservation: Reservation, now: Date = new Date()): ReservationDisplayStatus {
  return reservationDisplayStatus(
    { canceled: reservation.canceled, arrivalAt: new Date(reservation.arrival_at), departureAt: new Date(reservation.departure_at) },
    now,
  );
}

/**
 * Reserved and active go under Active (soonest first); completed and cancelled under the second tab
 * (ACC-23, latest first), each in a list of its own, so a cancelled stay is never shown among
 * the completed ones (issue 48, point 9).
 */
export function splitReservations(list: Reservation[], now: Date = new Date()) {
  const active = list.filter((r) => isActiveReservation(statusOf(r, now))).sort((a, b) => a.arrival.localeCompare(b.arrival));
  const past = list.filter((r) => !isActiveReservation(statusOf(r, now))).sort((a, b) => b.arrival.localeCompare(a.arrival));
  return { active, completed: past.filter((r) => statusOf(r, now) === 'completed'), cancelled: past.filter((r) => statusOf(r, now) === 'cancelled') };
}
