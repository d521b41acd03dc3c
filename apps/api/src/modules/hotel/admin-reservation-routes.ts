/**
 * The reservations board (/admin/reservations; issue 11, part 1). Who may call: admin and
 * superuser (the admin plugin's guard). Staff read every room's holds over two to five weeks and
 * one stay's details, cancel for the guest, mark a no-show, and block a room's nights for repairs;
 * the move is the spec's `POST hotel/reservation/move/{id}/` (hotel/reservation-routes.ts), also
 * for staff only. Every write is audited in its own transaction; the caches drawn from the holds
 * follow by their data versions (docs/caching.md).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockCreateSchema,
  blockSchema,
  boardQuerySchema,
  boardSchema,
  canCancelReservation,
  canMarkNoShow,
  checkInRefusal,
  checkOutRefusal,
  isLateDeparture,
  freeCancellationUntil,
  hotelToday,
  idParamSchema,
  nightsBetween,
  reservationDisplayStatus,
  reservationTimes,
  roomTakenErrorSchema,
  staffReservationSchema,
  isDeskAddress,
  withRussianFallback,
  type StaffReservation,
} from '@hotel/domain';
import { currentUser } from '../auth/session';
import { bookingSiteCalendarsOf } from './booking-site-calendars';
import { createBlock, deleteBlock, guestName, presentBlock, readBoard } from './board';
import { presentReservationExtra } from '../extras/extras';
import { reservationRuns } from './present';
import { findReservation, reservationGuest, type ReservationRecord } from './reservations';
import { cancelStay, markStayNoShow } from './stay-lifecycle';
import { audit } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { auditStayChange } from './stay-audit';
import type { Db } from '../../db/client';
import { staffNames } from './repository';
import { deskActions, presentSegments, segmentsOf } from './stay-edits';
import { adminFrontDeskRoutes } from './front-desk-routes';
import { folioStays } from './folio-stays';
import { folioBalance } from '../folio/folio';
import { checkInReadiness } from '../folio/documents';

/** The clock of the stay rules; tests move it with vi.setSystemTime. */
const now = () => new Date();

/** A stay as staff see it (the board's dialog, the desk's answers). */
export async function staffReservationView(db: Db, record: ReservationRecord, at: Date): Promise<StaffReservation> {
    const { reservation, stay, room } = record;
    const guest = await reservationGuest(db, reservation);
    const bookedBy = reservation.bookedBy === null ? null : ((await staffNames(db, [reservation.bookedBy])).get(reservation.bookedBy) ?? null);
    const canceled = reservation.canceledAt !== null;
    const open = canCancelReservation({ ...stay, canceled }, at);
    const booked = reservation.status === 'booked';
    return {
      id: reservation.id,
      room: { id: room.id, name: withRussianFallback(room.name) },
      arrival: stay.arrival,
      departure: stay.departure,
      nights: nightsBetween(stay.arrival, stay.departure),
      guest_count: reservation.guestCount,
      price_per_night: reservation.pricePerNight,
      price: reservation.price,
      price_breakdown: reservationRuns(reservation, stay),
      extras: record.extras.map(presentReservationExtra),
      special_requests: reservation.specialRequests,
      status: reservationDisplayStatus(reservationTimes({ ...stay, canceled }), at),
      canceled_at: reservation.canceledAt?.toISOString() ?? null,
      no_show_at: reservation.noShowAt?.toISOString() ?? null,
      cancellation_fee: reservation.cancellationFee,
      free_cancellation_until: freeCancellationUntil(stay.arrival).toISOString(),
      created_at: reservation.createdAt.toISOString(),
      promo_code: reservation.promoCode,
      promo_discount: reservation.promoDiscount,
      // A guest booked at the desk without an e-mail has none to show (decision 056).
      guest: { name: guestName(guest), email: isDeskAddress(guest.email) ? '' : guest.email, phone: guest.phone, language: guest.language },
      guests: record.guests.map((g) => ({ first_name: g.firstName, last_name: g.lastName, second_name: g.secondName })),
      guarantee: { card: record.card ? { brand: record.card.brand, card_last4: record.card.cardLast4 } : null, charge: record.feeCharge },
      rate: record.reservation.rate,
      rate_discount: record.reservation.rateDiscount,
      prepayment: record.prepayment?.status ?? null,
      stay_status: reservation.status,
      checked_in_at: reservation.checkedInAt?.toISOString() ?? null,
      checked_out_at: reservation.checkedOutAt?.toISOString() ?? null,
      late: isLateDeparture({ status: reservation.status, departure: stay.departure }, at),
      actions: {
        cancel: open && booked,
        move: open && booked,
        no_show: booked && canMarkNoShow({ ...stay, canceled }, hotelToday(at)),
        check_in: checkInRefusal(reservation.status, stay, hotelToday(at)) === null,
        check_out: checkOutRefusal(reservation.status) === null,
      },
      desk: {
        channel: reservation.channel,
        booked_by: bookedBy,
        guarantee: reservation.guarantee,
        guarantee_note: reservation.guaranteeNote,
        segments: presentSegments(await segmentsOf(db, reservation.id)),
        actions: deskActions(reservation, stay, at),
      },
      balance: await folioBalance(db, folioStays, reservation.id),
      check_in: (await checkInReadiness(db, [reservation.id])).get(reservation.id),
    };
}

export const adminReservationRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'reservations');
  const staffView = (record: ReservationRecord, at: Date) => staffReservationView(app.db, record, at);

  await app.register(adminFrontDeskRoutes(staffView));

  app.get(
    '/reservations/board/',
    {
      schema: {
        tags: ['admin'],
        summary: "Every room's reservations, blocks and booking sites' events over 14 to 35 days, and today's arrivals and departures (admin, superuser)",
        description:
          '`from` is the first day shown (a calendar day in Europe/Minsk, at most two years back and one year ahead), `days` 14 to 35 ' +
          '(default 14); anything else answers 422. A hold is listed when it takes at least one night of `[from, from + days)`; ' +
          "imported events carry their feed's name and summary, never a guest's name. `calendar_feeds` are each room's booking-site " +
          'calendars with their last import (`last_error` empty when it worked).',
        querystring: boardQuerySchema,
        response: { 200: boardSchema, ...errorResponses },
      },
    },
    async (request) => readBoard(app.db, bookingSiteCalendarsOf(app), request.query.from, request.query.days, now()),
  );

  app.get(
    '/reservations/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: "A stay's details: guests, nights, price, special requests, the guest's e-mail and phone, the card guarantee (admin, superuser)",
        params: idParamSchema,
        response: { 200: staffReservationSchema, ...errorResponses },
      },
    },
    async (request) => staffView(await findReservation(app.db, 'staff', request.params.id), now()),
  );

  app.post(
    '/reservations/:id/cancel/',
    {
      schema: {
        tags: ['admin'],
        summary: "Cancel a stay on the guest's behalf (admin, superuser)",
        description:
          "The guest's own cancellation's rules: until check-in; free until 24 hours before it, later the first night is recorded " +
          'and charged to the card that guarantees the booking. The guest gets the usual cancellation letter. 409 when already ' +
          'cancelled or the stay has begun.',
        params: idParamSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: staffReservationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const record = await cancelStay(request, 'staff', request.params.id, now(), auditStayChange(request, 'reservation.cancel'));
      return staffView(record, now());
    },
  );

  app.post(
    '/reservations/:id/no_show/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark that the guest never came (admin, superuser)',
        description:
          'From the arrival day on (hotel time), until the departure day. Sets no_show_at, cancels the stay (its nights are free ' +
          'again) and records the first night as the fee, charged to the card that guarantees the booking as for a late ' +
          'cancellation; the guest gets a letter. 409 before the arrival day, after the stay, or when already cancelled.',
        params: idParamSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: staffReservationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const record = await markStayNoShow(request, request.params.id, now(), auditStayChange(request, 'reservation.no_show'));
      return staffView(record, now());
    },
  );

  app.post(
    '/blocks/',
    {
      schema: {
        tags: ['admin'],
        summary: "Block a room's nights, for repairs (admin, superuser)",
        description:
          'Nights `[arrival, departure)`, arrival from today, at most 365 nights, with a note (1 to 200 characters). The block ' +
          'takes part in the exclusion constraint of reservations: a night already held answers 409 naming the reservation, ' +
          'block or imported event that holds it (`conflicts`). The search no longer offers the room for those nights.',
        body: blockCreateSchema,
        response: { 201: blockSchema, ...errorResponses, 409: roomTakenErrorSchema },
      },
    },
    async (request, reply) => {
      const { room_id: roomId, arrival, departure, note } = request.body;
      const hold = await createBlock(app.db, bookingSiteCalendarsOf(app), { roomId, arrival, departure, note, createdBy: currentUser(request).id }, (tx, created) =>
        audit(tx, request, { action: 'block.create', target: `room ${roomId}`, before: null, after: { block_id: created.id, arrival, departure, note } }),
      );
      return reply.code(201).send(presentBlock(hold));
    },
  );

  app.delete(
    '/blocks/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Unblock: remove a block, its nights are free again (admin, superuser)',
        description: "The id is the block's (a board hold's `id`). A reservation's or an imported event's hold answers 409, an unknown id 404.",
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteBlock(app.db, request.params.id, (tx, hold) => {
        const block = presentBlock(hold);
        return audit(tx, request, {
          action: 'block.delete',
          target: `room ${hold.roomId}`,
          before: { block_id: block.id, arrival: block.arrival, departure: block.departure, note: block.note },
          after: null,
        });
      });
      return reply.code(204).send(null);
    },
  );
};
