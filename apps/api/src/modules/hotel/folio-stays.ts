/**
 * The stays as the bills read them (folio/stays.ts): hotel's rows, read by hotel's SQL, handed to
 * the folio module, which never imports hotel (docs/decisions/061-modules-one-way.md). Registered
 * when the app starts for folio's own routes and timers; where hotel calls the bill itself (the
 * desk, the check-out, the staff's stay), it passes `folioStays` as the argument.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FolioStays } from '../folio/stays';
import { bookingGuests, guestsOfReservations, stayForBill, staysArrivingOn, staysDepartedBy } from './repository';

export const folioStays: FolioStays = {
  stay: stayForBill,
  async companions(db, reservationId) {
    const people = await guestsOfReservations(db, [reservationId]);
    return people.map((person) => [person.firstName, person.lastName].filter(Boolean).join(' '));
  },
  arrivingOn: staysArrivingOn,
  departedBy: staysDepartedBy,
  async guests(db, reservationIds) {
    const rows = await bookingGuests(db, reservationIds);
    return new Map(rows.map((row) => [row.reservationId, row.guest]));
  },
};

/** Registers the stays with the folio module (folio/stays.ts's slot first). */
export const folioStaysPlugin = fp(
  async (app: FastifyInstance) => {
    app.folioStays.register(folioStays);
  },
  { name: 'folio-stays', dependencies: ['folioStays-slot'] },
);
