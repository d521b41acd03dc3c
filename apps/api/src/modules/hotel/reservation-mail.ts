/**
 * Tells the guest about their booking, its cancellation, new dates staff set or a no-show, by
 * e-mail in their language, with the stay as an .ics calendar event. A mail failure is logged and
 * never undoes the change.
 */
import type { FastifyRequest } from 'fastify';
import { CHECK_IN_TIME, CHECK_OUT_TIME, HOTEL_TIME_ZONE, eripPath, isDeskAddress, isLateBooking, nightsBetween, textIn, venue } from '@hotel/domain';
import { buildIcs, hotelUtcOffset } from '../../mail/ics';
import { reservationMail, type ReservationMailData, type ReservationMailKind } from '../../mail/templates/reservation';
import type { UserRow } from '../auth/session';
import { siteOrigin } from '../../env';
import { reservationRuns } from './present';
import type { ReservationRecord } from './reservations';



/** The stable UID of a reservation's calendar event: a cancellation replaces the booking's event. */
export function reservationUid(id: number): string {
  return `reservation-${id}@${venue.email.split('@')[1]}`;
}

/** Who sends: a request, or the app itself (a payment the provider confirmed later, decision 045). */
export type MailSender = Pick<FastifyRequest, 'server' | 'log'>;

export async function sendReservationMail(
  request: MailSender,
  user: UserRow,
  record: ReservationRecord,
  kind: ReservationMailKind,
  feeCharge: ReservationMailData['feeCharge'] = null,
  previous: ReservationMailData['previous'] = null,
): Promise<void> {
  // A guest booked at the desk without an e-mail has an address that receives nothing (decision 056).
  if (isDeskAddress(user.email)) return;
  const { reservation, stay, room } = record;
  const language = user.language;
  const accountUrl = `${siteOrigin(request.server.env)}/account/reservations`;
  const data = {
    id: reservation.id,
    name: user.firstName,
    roomName: room.name[language],
    arrival: stay.arrival,
    departure: stay.departure,
    nights: nightsBetween(stay.arrival, stay.departure),
    guestCount: reservation.guestCount,
    pricePerNight: reservation.pricePerNight,
    total: reservation.price,
    promo: reservation.promoCode ? { code: reservation.promoCode, discount: reservation.promoDiscount } : null,
    priceRuns: reservationRuns(reservation, stay),
    extras: record.extras.map((extra) => ({ name: textIn(extra.name, language), quantity: extra.quantity, unitPrice: extra.unitPrice, times: extra.times, total: extra.total })),
    specialRequests: reservation.specialRequests,
    accountUrl,
    cancellationFee: reservation.cancellationFee ?? 0,
    card: record.card ? `${record.card.brand.toUpperCase()} •••• ${record.card.cardLast4}` : null,
    feeCharge,
    previous,
    // The confirmation goes out as the booking is made: the server's clock is the booking's moment.
    lateBooking: kind === 'confirmed' && isLateBooking(new Date(), stay.arrival),
    testPayments: request.server.paymentGateway.provider === 'sandbox',
    nonRefundable: reservation.rate === 'non_refundable' ? { discount: reservation.rateDiscount } : null,
    refund: record.refund ? { amount: record.refund.amount, by: record.refund.moneyBackBy } : null,
    erip: record.prepayment?.erip
      ? {
          path: eripPath(language, request.server.env.ERIP_SERVICE_PATH),
          bill: record.prepayment.erip.bill_number,
          expiresAt: record.prepayment.erip.expires_at ? new Date(record.prepayment.erip.expires_at) : null,
        }
      : null,
  };
  const mail = reservationMail(kind, data, language);
  // A stay that goes on (booked or moved) is published; one that ends (cancelled, no-show) cancelled.
  const method = kind === 'confirmed' || kind === 'moved' ? 'PUBLISH' : 'CANCEL';
  const stamp = new Date();
  const ics = buildIcs({
    uid: reservationUid(reservation.id),
    stamp,
    // Each later letter's event must replace the one before in the guest's calendar: its SEQUENCE
    // grows with the seconds since booking (a move may come more than once, a cancellation after it).
    sequence: kind === 'confirmed' ? 0 : Math.max(1, Math.floor((stamp.getTime() - reservation.createdAt.getTime()) / 1000)),
    method,
    start: { date: stay.arrival, time: CHECK_IN_TIME },
    end: { date: stay.departure, time: CHECK_OUT_TIME },
    timeZone: HOTEL_TIME_ZONE,
    utcOffset: hotelUtcOffset(stay.arrival),
    summary: `${venue.name[language]} — ${room.name[language]}`,
    location: `${venue.name[language]}, ${venue.address.street[language]}, ${venue.address.city[language]}, ${venue.address.country[language]}`,
    description: mail.subject,
    url: accountUrl,
    organizer: { name: venue.name[language], email: venue.email },
  });
  try {
    await request.server.mailer.send({
      to: user.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // A booking that was never made has no event in the guest's calendar to send or replace.
      attachments:
        kind === 'payment_refunded' || kind === 'erip_bill'
          ? []
          : [{ filename: `house1799-${reservation.id}.ics`, content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }],
    });
  } catch (error) {
    request.log.error({ err: error, reservationId: reservation.id }, 'reservation mail not sent');
  }
}
