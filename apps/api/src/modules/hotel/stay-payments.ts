/**
 * The hotel module's side of a non-refundable booking's payment (docs/decisions/045-non-refundable-rate.md),
 * registered with the payments module, which charges the card and settles the attempt: a payment the
 * provider confirms makes the booking paid and sends the confirmation letter; a declined, failed or
 * expired one releases the room at once (the booking is cancelled and marked as a failed payment,
 * and the account no longer lists it). Money that comes after the room was released is given back,
 * and the guest gets a letter saying so and by when; the account lists that booking with its refund.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../../db/client';
import type { StayPayments } from '../payments/stay-payments';
import { releasePromo } from '../promo/promo';
import { expiredUnpaidStays, markStayPaid, releaseUnpaidStay } from './repository';
import { sendReservationMail } from './reservation-mail';
import { tellReception } from './reservation-notice';
import { findReservation, reservationGuest } from './reservations';

/** Lets the room go, and the promo code's use with it (decision 043): nothing was booked. */
export async function releaseUnpaidBooking(db: Db | Tx, reservationId: number, now: Date): Promise<boolean> {
  if (!(await releaseUnpaidStay(db, reservationId, now))) return false;
  await releasePromo(db, { reservationId }, now);
  return true;
}

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
  };
}

/** Registers the hotel module's side of a booking's payment with the payments module (payments/plugin.ts first). */
export const stayPaymentsPlugin = fp(
  async (app: FastifyInstance) => {
    app.stayPayments.register(stayPayments(app));
  },
  { name: 'stay-payments', dependencies: ['payments'] },
);
