import { isActiveReservation, reservationDisplayStatus, type Reservation, type ReservationDisplayStatus } from '@hotel/domain';

/** The display status now, by the spec's rule over the check-in and check-out moments (ACC-22, ACC-23). */
export function statusOf(reservation: Reservation, now: Date = new Date()): ReservationDisplayStatus {
  return reservationDisplayStatus(
    { canceled: reservation.canceled, arrivalAt: new Date(reservation.arrival_at), departureAt: new Date(reservation.departure_at) },
    now,
  );
}

/** Reserved and active go under Active (soonest first); completed and cancelled under Completed (latest first). */
export function splitReservations(list: Reservation[], now: Date = new Date()) {
  const active = list.filter((r) => isActiveReservation(statusOf(r, now))).sort((a, b) => a.arrival.localeCompare(b.arrival));
  const completed = list.filter((r) => !isActiveReservation(statusOf(r, now))).sort((a, b) => b.arrival.localeCompare(a.arrival));
  return { active, completed };
}
