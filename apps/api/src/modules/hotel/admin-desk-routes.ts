/**
 * The front desk's bookings and stay changes (issue 45, points 2 and 3; decision 056), under the
 * admin area's guard (admin and superuser today; meant for the reception role). Every refusal
 * answers a 4xx whose `detail` is in English and `detail_ru` in Russian, and writes nothing;
 * every change is in the change log.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  guestCardsQuerySchema,
  guestCardsSchema,
  idParamSchema,
  roomChangeSchema,
  STAFF_DETAILS,
  staffBookingCreateSchema,
  staffQuoteAnswerSchema,
  staffQuoteSchema,
  staffRefusalSchema,
  staffReservationSchema,
  stayExtendSchema,
  stayShortenSchema,
  validationMessages,
  BOOKING_PRICE_CHANGED_DETAIL,
  ROOM_TAKEN_DETAIL,
  type Detail,
  type PromoRefusal,
} from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { PROMO_REFUSAL_DETAILS } from '../promo/refusals';
import { NO_NON_REFUNDABLE_DETAIL } from './reservations';
import { audit } from '../../change-log/audit';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { currentUser } from '../auth/session';
import { bookingSiteCalendarsOf } from './booking-site-calendars';
import { staffReservationView } from './admin-reservation-routes';
import { bookForGuest, guestCards, quoteStaffBooking, refuse } from './staff-bookings';
import { changeRoom, extendStay, shortenStay, type OnEdit } from './stay-edits';

/** The clock of the stay rules; tests move it with vi.setSystemTime. */
const now = () => new Date();

const refusals = { ...errorResponses, 404: staffRefusalSchema, 409: staffRefusalSchema, 422: staffRefusalSchema };

/** Russian for the validation messages these routes' schemas use. */
const RUSSIAN: Record<string, Detail> = {
  'hotel:roomsFilter.checkInPast': STAFF_DETAILS.pastArrival,
  'auth:login.invalidEmail': STAFF_DETAILS.badEmail,
  'common:validation.invalidEmail': STAFF_DETAILS.badEmail,
  'hotel:roomsFilter.checkOutBeforeCheckIn': { detail: 'Check-out must be after check-in', detail_ru: 'Выезд должен быть позже заезда' },
  'hotel:roomsFilter.stayTooLong': STAFF_DETAILS.stayTooLong,
  'hotel:roomsFilter.checkInTooFar': { detail: 'Check-in can be at most a year ahead', detail_ru: 'Заезд возможен не позже чем через год' },
};

/** A body or query the schema refused: 422 with the first issue, in both languages. */
function refuseInvalid(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: { message?: string; instancePath?: string }[] }) | undefined;
  if (!error) return;
  const first = error.validation?.[0];
  const message = first?.message ?? 'Invalid input';
  const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const known = RUSSIAN[message] ?? Object.values(STAFF_DETAILS).find((d) => d.detail === message);
  const detail = known ?? { detail: validationMessages[message] ?? message, detail_ru: STAFF_DETAILS.invalid.detail_ru };
  throw refuse(422, { detail: field ? `${field}: ${detail.detail}` : detail.detail, detail_ru: field ? `${field}: ${detail.detail_ru}` : detail.detail_ru });
}

/** Russian for the refusals the booking code shares with the site, which answer in English only. */
function inRussian(error: HttpError): string {
  const reason = error.extra?.promo_refusal;
  if (typeof reason === 'string' && reason in PROMO_REFUSAL_DETAILS) return PROMO_REFUSAL_DETAILS[reason as PromoRefusal].ru;
  if (error.extra?.stay_rule) return 'Проживание нарушает правило номера (минимум ночей или закрытый заезд/выезд)';
  if (error.detail === ROOM_TAKEN_DETAIL) return STAFF_DETAILS.roomTaken.detail_ru;
  if (error.detail === BOOKING_PRICE_CHANGED_DETAIL) return 'Цена проживания изменилась: проверьте новую сумму и подтвердите бронь ещё раз';
  if (error.detail === NO_NON_REFUNDABLE_DETAIL) return 'В этом номере нет невозвратного тарифа';
  if (error.detail === 'Room not found') return STAFF_DETAILS.unknownRoom.detail_ru;
  if (error.detail === 'Reservation not found') return 'Бронь не найдена';
  if (error.detail.startsWith('This room holds at most')) return STAFF_DETAILS.tooManyGuests.detail_ru;
  return `Запрос отклонён: ${error.detail}`;
}

export const adminDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'desk');
  // Every refusal here carries its Russian beside the English detail; the app's handler then answers it.
  app.setErrorHandler((error) => {
    if (error instanceof HttpError && error.statusCode < 500 && typeof error.extra?.detail_ru !== 'string') {
      throw new HttpError(error.statusCode, error.detail, { ...error.extra, detail_ru: inRussian(error) });
    }
    throw error;
  });
  const edit =
    (request: FastifyRequest, action: 'reservation.shorten' | 'reservation.extend' | 'reservation.room_change', id: number): OnEdit =>
    (tx, before, after) =>
      audit(tx, request, { action, target: `reservation ${id}`, before, after });

  app.get(
    '/guests/cards/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: "The account of an e-mail and its saved cards, to guarantee a booking taken at the desk (admin, superuser; meant for reception)",
        querystring: guestCardsQuerySchema,
        response: { 200: guestCardsSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request);
      return guestCards(app.db, request.query.email);
    },
  );

  app.post(
    '/reservations/quote/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: "A desk booking's price before it is taken, by the site's rules (admin, superuser; meant for reception)",
        description: 'The nights by the prices by date, the rate, the extras and the promo code, as POST hotel/reservations/ prices them; nothing is written.',
        body: staffQuoteSchema,
        response: { 200: staffQuoteAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request);
      return quoteStaffBooking(app.db, request.body, currentUser(request).id, now());
    },
  );

  app.post(
    '/reservations/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Book a room for a guest at the desk: phone, walk-in, e-mail or booking site (admin, superuser; meant for reception)',
        description:
          'Priced by the site\'s own rules (POST hotel/reservations/), under the same exclusion constraint: a taken night answers 409 ' +
          'with `conflicts`. The guarantee is a saved card of the account with `email`, a letter with a link to save one (needs ' +
          '`email`), or payment at the desk with a reason. With an e-mail the guest gets the confirmation in `language`. The ' +
          'booking records its channel and who took it; the change log has it.',
        body: staffBookingCreateSchema,
        response: { 201: staffReservationSchema, ...refusals, 402: staffRefusalSchema },
      },
    },
    async (request, reply) => {
      refuseInvalid(request);
      const staff = currentUser(request);
      const record = await bookForGuest(request, request.body, staff.id, now());
      await app.db.transaction((tx) =>
        audit(tx, request, {
          action: 'reservation.staff_create',
          target: `reservation ${record.reservation.id}`,
          before: null,
          after: { channel: record.reservation.channel, room_id: record.reservation.roomId, stay: record.reservation.stay, price: record.reservation.price, guarantee: record.reservation.guarantee },
        }),
      );
      return reply.code(201).send(await staffReservationView(app.db, record, now()));
    },
  );

  app.post(
    '/reservations/:id/shorten/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Early departure: the guest leaves on `departure` (admin, superuser; meant for reception)',
        description:
          'Before the booked departure, after the first night, not before today; the nights after it are free at once. Flexible: ' +
          'the price is the nights kept at their agreed prices (the promo code\'s agreed discount at most their sum) plus the ' +
          'extras counted again. Non-refundable: what was paid is kept (docs/decisions/056).',
        params: idParamSchema,
        body: stayShortenSchema,
        response: { 200: staffReservationSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request);
      const { id } = request.params;
      const record = await shortenStay(app.db, id, request.body.departure, now(), edit(request, 'reservation.shorten', id));
      return staffReservationView(app.db, record, now());
    },
  );

  app.post(
    '/reservations/:id/extend/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Extend a stay until `departure` in its last room (admin, superuser; meant for reception)',
        description: 'The nights added must be free (409 with `conflicts`) and are priced by the room\'s prices by date, as the site prices them.',
        params: idParamSchema,
        body: stayExtendSchema,
        response: { 200: staffReservationSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request);
      const { id } = request.params;
      const record = await extendStay(app.db, bookingSiteCalendarsOf(app), id, request.body.departure, now(), edit(request, 'reservation.extend', id));
      return staffReservationView(app.db, record, now());
    },
  );

  app.post(
    '/reservations/:id/room/',
    {
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Move the guest to another room from the night of `from` on (admin, superuser; meant for reception)',
        description:
          'The stay keeps one reservation and its price; its nights are held in each room they are spent in (`desk.segments`). ' +
          'The room must hold the guests and be free (409 with `conflicts`).',
        params: idParamSchema,
        body: roomChangeSchema,
        response: { 200: staffReservationSchema, ...refusals },
      },
    },
    async (request) => {
      refuseInvalid(request);
      const { id } = request.params;
      const record = await changeRoom(app.db, bookingSiteCalendarsOf(app), id, { roomId: request.body.room_id, from: request.body.from }, now(), edit(request, 'reservation.room_change', id));
      return staffReservationView(app.db, record, now());
    },
  );
};
