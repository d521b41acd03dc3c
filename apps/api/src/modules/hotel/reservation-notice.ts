/** What reception is told of a booking made or cancelled (modules/notices): the stay's facts, nothing of the guest. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { tellStaff } from '../notices/notices';
import type { ReservationRecord } from './reservations';

export function tellReception(db: Db, record: ReservationRecord, kind: 'booking' | 'cancellation', source: 'site' | 'staff' | 'guest', log: FastifyBaseLogger): void {
  const { reservation, stay, room } = record;
  tellStaff(db, kind, { id: reservation.id, room: room.name, arrival: stay.arrival, departure: stay.departure, people: reservation.guestCount, source }, log);
}
