/**
 * The hotel module's side of a non-refundable booking's payment (docs/decisions/045-non-refundable-rate.md),
 * registered with the payments module, which charges the card and settles the attempt: a payment the
 * provider confirms makes the booking paid and sends the confirmation letter; a declined, failed or
 * expired one releases the room at once (the booking is cancelled and marked as a failed payment,
 * and the account no longer lists it). Money that comes after the room was released is given back,
 * and the guest gets a letter saying so and by when; the account lists that booking with its refund.
 * It also tells payments whether a saved card guarantees a booking not yet over, which keeps the
 * guest from removing it: the booking is this module's row.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StayPayments } from '../payments/stay-payments';
import { cardGuaranteesBooking, expiredUnpaidStays, markStayPaid } from './repository';
import { releaseUnpaidBooking } from './stay-lifecycle';
import { sendReservationMail } from './reservation-mail';
import { tellReception } from './reservation-notice';
import { findReservation, reservationGuest } from './reservations';

function stayPayments(app: FastifyInstance): StayPayments {
  return {
    paid: (tx, reservationId, now) => markStayPaid(tx, reservationId, now),
    async failed(tx, reservationId, now) {
      await releaseUnpaidBooking(tx, reservationId, now);
    },
    async afterPaid(reservationId) {
      const record = await findReservation(app.db, 'staff', reservationId);
      const guest = await reservationGuest(app.db, record.reservation);
      await sendReservationMail({ server: app, log: app.log }, guest, record, 'confirmed');
      tellReception(app.db, record, 'booking', 'site', app.log);
    },
    async afterEripBill(reservationId) {
      const record = await findReservation(app.db, 'staff', reservationId);
      const guest = await reservationGuest(app.db, record.reservation);
      await sendReservationMail({ server: app, log: app.log }, guest, record, 'erip_bill');
    },
    async afterRefunded(reservationId) {
      const record = await findReservation(app.db, 'staff', reservationId);
      const guest = await reservationGuest(app.db, record.reservation);
      await sendReservationMail({ server: app, log: app.log }, guest, record, 'payment_refunded');
    },
    async releaseExpired(now) {
      let released = 0;
      for (const id of await expiredUnpaidStays(app.db, now, 100)) {
        if (await app.db.transaction((tx) => releaseUnpaidBooking(tx, id, now))) released += 1;
      }
      return released;
    },
    guaranteesBooking: cardGuaranteesBooking,
  };
}

/** Registers the hotel module's side of a booking's payment with the payments module (payments/plugin.ts first). */
export const stayPaymentsPlugin = fp(
  async (app: FastifyInstance) => {
    app.stayPayments.register(stayPayments(app));
  },
  { name: 'stay-payments', dependencies: ['payments'] },
);
