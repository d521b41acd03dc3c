/**
 * Availability and reservations (API-26, API-29..32). The search is public; everything about a
 * reservation is for its signed-in owner only (another user's reservation answers 404), but the
 * move, which staff make from the reservations board (admin and superuser; decision 018).
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_NOT_ACTIVE_DETAIL,
  errorSchema,
  idParamSchema,
  NO_ROOM_FITS_DETAIL,
  NO_ROOMS_DETAIL,
  NON_REFUNDABLE_DECLINED_DETAIL,
  NON_REFUNDABLE_HOLD_MINUTES,
  PARTIAL_AVAILABILITY_DETAIL,
  reservationCreateSchema,
  reservationListSchema,
  reservationMoveSchema,
  reservationRefusedSchema,
  reservationSchema,
  roomTakenErrorSchema,
  roomSchema,
  roomVariantSchema,
  ROOM_TAKEN_DETAIL,
  type Room,
  type RoomVariant,
  variantsQuerySchema,
} from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency';
import { auditStayChange } from './stay-audit';
import { currentUser, requireUser } from '../auth/session';
import { jsonBytesWriter, keptJsonBytes, sendJsonBytes } from '../../plugins/serialization';
import { presentKeptRoom, presentReservation, presentVariant } from './present';
import type { RatedRoom } from './availability';
import type { RoomView } from './repository';
import { sendReservationMail } from './reservation-mail';
import { tellReception } from './reservation-notice';
import { payStay } from '../payments/service';
import { asPromoGuess } from '../promo/guesses';
import { createReservation, findReservation, listReservations } from './reservations';
import { SearchAnswers } from './search-answers';
import { cancelStay, moveStay, releaseUnpaidBooking } from './stay-lifecycle';

/** The clock of the booking rules; tests move it with vi.setSystemTime. */
const now = () => new Date();

/**
 * Charges a booking just written; when anything fails on the way (the payment's row, the provider's
 * client, a lost connection), the booking is released before the error goes on: no room held, no
 * promo code's use, nothing listed (issue 42). A payment the provider may have taken stays pending
 * and is settled by the timer, which refunds one that arrives after the release.
 */
async function releasingOnFailure<T>(app: FastifyInstance, reservationId: number, charge: () => Promise<T>): Promise<T> {
  try {
    return await charge();
  } catch (error) {
    try {
      await app.db.transaction((tx) => releaseUnpaidBooking(tx, reservationId, now()));
    } catch (releaseError) {
      app.log.error({ err: releaseError, reservationId }, 'a booking whose charge failed could not be released; its hold ends it');
    }
    throw error;
  }
}

/** What opens each variant of a search's answer, before its room, and the answer's first byte. */
const ROOM_KEY = Buffer.from('{"room":');
const OPENING_BRACKET = 0x5b;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

export interface ReservationRoutesOptions {
  /** Reads every room's booking-site calendars (calendars/import.ts), when staff ask for the fresh list. */
  syncCalendars?: ((request: FastifyRequest) => Promise<unknown>) | undefined;
}

/** The search: free rooms for a stay, priced, answered from memory (availability.ts). */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkAnswers = app.env.NODE_ENV === 'test';
  // A search's answer is its free rooms, each written once per version of the room (the bulk of
  // the bytes, in two languages) with the key that opens its variant, and a few numbers of the
  // stay's price.
  const writeRoom = jsonBytesWriter(roomSchema, 'hotel/reservations/variants/', checkAnswers);
  const roomBytes = keptJsonBytes(
    (room: Room) => Buffer.concat([ROOM_KEY, writeRoom(room)]),
    (room: RoomView, request: FastifyRequest) => presentKeptRoom(request, room),
  );
  // A search answers at least one room: with none free, availability.search refuses it with 404.
  const writeVariants = (free: RatedRoom[], variants: RoomVariant[], request: FastifyRequest) => {
    const rooms = free.map((room) => roomBytes(room, request));
    // The rest of each variant in the schema's order, as the compiled serializer writes it, and
    // the comma or bracket after it: numbers, dates, null and the rule's name, one byte per
    // character.
    const rests = variants.map(
      (variant, i) =>
        `,"price":${variant.price},"extra_price":${variant.extra_price},"guest_count":${variant.guest_count},"nights":${variant.nights},` +
        `"extra_places":${variant.extra_places},"price_per_night":${variant.price_per_night},"total":${variant.total},` +
        `"price_breakdown":${JSON.stringify(variant.price_breakdown)},"stay_rule":${JSON.stringify(variant.stay_rule)},` +
        `"non_refundable":${JSON.stringify(variant.non_refundable)}}${i < variants.length - 1 ? ',' : ']'}`,
    );
    // One buffer of the answer's exact size, written in place: `[`, then each room and its rest.
    let size = 1;
    for (let i = 0; i < variants.length; i++) size += rooms[i]!.length + rests[i]!.length;
    const answer = Buffer.allocUnsafe(size);
    answer[0] = OPENING_BRACKET;
    let at = 1;
    for (let i = 0; i < variants.length; i++) {
      at += rooms[i]!.copy(answer, at);
      at += answer.write(rests[i]!, at, 'latin1');
    }
    return answer;
  };
  /** Tests: what was written is the schema's shape and says what the variants say. */
  const checkVariants = (answer: Buffer, variants: RoomVariant[]) => {
    const written: unknown = JSON.parse(answer.toString('utf8'));
    const expected = z.array(roomVariantSchema).parse(variants);
    if (!isDeepStrictEqual(z.array(roomVariantSchema).parse(written), expected) || !isDeepStrictEqual(written, JSON.parse(JSON.stringify(expected)))) {
      throw new Error(`The search wrote ${answer.toString('utf8').slice(0, 300)}, not its variants`);
    }
  };
  const keptAnswers = new SearchAnswers();
  /** The data key each search's answer is drawn at, read before its query is checked. */
  const drawnAt = new WeakMap<FastifyRequest, string>();
  app.get(
    '/reservations/variants/',
    {
      // A search reads every room's calendar: a tighter limit than plain reads.
      config: { rateLimit: { max: app.env.SEARCH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' }, session: false, database: false },
      // After the rate limit (onRequest), before the query's checks: a search asked before, with
      // nothing changed since, is answered with the answer kept (search-answers.ts).
      // A hook in the callback style: it answers by sending, without a promise for every search.
      preValidation: (request, reply, done) => {
        const key = app.dataVersions.key(['rooms', 'room_holds']);
        const kept = keptAnswers.get(request.url, key);
        if (kept) {
          sendJsonBytes(reply, kept);
          return;
        }
        drawnAt.set(request, key);
        done();
      },
      schema: {
        tags: ['hotel'],
        summary: 'Rooms free for the whole stay that hold the guests, priced (anyone)',
        description: `Dates are calendar days in Europe/Minsk; arrival not before today there, at least one night. When nothing fits, 404 with one of: "${NO_ROOMS_DETAIL}", "${PARTIAL_AVAILABILITY_DETAIL}" (some rooms are free for part of the stay), "${NO_ROOM_FITS_DETAIL}" (no room holds that many guests).`,
        querystring: variantsQuerySchema,
        response: { 200: z.array(roomVariantSchema), 404: errorSchema, 422: errorSchema },
      },
    },
    (request, reply) => {
      const { arrival, departure, guest_count: guestCount } = request.query;
      const free = app.availability.search({ arrival, departure }, guestCount);
      const variants = free.map((room) => presentVariant(request, room, { arrival, departure }, guestCount));
      const answer = writeVariants(free, variants, request);
      if (checkAnswers) checkVariants(answer, variants);
      const key = drawnAt.get(request);
      if (key) keptAnswers.set(request.url, key, answer);
      sendJsonBytes(reply, answer);
    },
  );

};

/** The signed-in user's reservations: listed, booked, cancelled; staff move a stay. */
const bookingRoutes: FastifyPluginAsyncZod<ReservationRoutesOptions> = async (app, options) => {
  const listAnswer = async (request: Parameters<typeof currentUser>[0]) => {
    const at = now();
    return (await listReservations(app.db, currentUser(request).id)).map((record) => presentReservation(request, record, at));
  };

  app.get(
    '/reservations/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['hotel'],
        summary: "The signed-in user's reservations, latest arrival first (signed-in user)",
        response: { 200: reservationListSchema, 401: errorSchema },
      },
    },
    async (request) => listAnswer(request),
  );

  app.post(
    '/reservations/sync/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['hotel'],
        summary: 'The fresh list of reservations, same as GET reservations/ (signed-in user); staff also import the booking sites\' calendars',
        description:
          "Called by an admin or the superuser, it first reads every room's booking-site calendars (issue 11; the timer does " +
          'the same every CALENDAR_SYNC_MINUTES), so that the board shows what the sites sold; how each feed went is on the ' +
          'board (`calendar_feeds`). For anyone else it only answers the list.',
        body: z.strictObject({}).nullish(),
        response: { 200: reservationListSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { role } = currentUser(request);
      if (role === 'admin' || role === 'superuser') await options.syncCalendars?.(request);
      return listAnswer(request);
    },
  );

  app.get(
    '/reservations/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['hotel'],
        summary: 'One reservation of the signed-in user (owner)',
        params: idParamSchema,
        response: { 200: reservationSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => presentReservation(request, await findReservation(app.db, currentUser(request).id, request.params.id), now()),
  );

  app.post(
    '/reservations/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['hotel'],
        summary: 'Book a room (signed-in user)',
        description: `The booking user counts as one guest besides \`guests\` (saved guest ids or new guests, which are saved too). The server works out the price; \`expected_total\` is the total the guest saw (kopecks), and when the stay costs another today nothing is booked and 409 answers the current \`total\` and \`price_per_night\`. \`payment_method_id\`, an active saved card of the user, guarantees the booking (422 without one). 409 "${ROOM_TAKEN_DETAIL}" when the nights were taken meanwhile. A confirmation e-mail with an .ics goes out in the user's language. With an Idempotency-Key header, a retry gets the first answer again (header Idempotent-Replayed: true). \`rate: non_refundable\` (a room whose owner offers it, 422 otherwise) books at the discounted total and charges it at once to \`payment_method_id\` through the payment provider: the answer's \`prepayment\` says where the payment stands (\`confirmation_url\` when the bank asks for 3-D Secure; the room is held for ${NON_REFUNDABLE_HOLD_MINUTES} minutes meanwhile); \`pay_by: erip\` (a stay starting more than ERIP_MIN_DAYS_AHEAD days from today, 422 otherwise) issues an ERIP bill instead, whose number and path \`prepayment.erip\` answers, and holds the room until it expires (ERIP_BILL_HOURS); a declined card answers 402 "${NON_REFUNDABLE_DECLINED_DETAIL}" and the room stays free. The letter goes once the provider confirms the payment. \`promo_code\` (any case) takes its discount off the nights' sum, and \`expected_total\` is then the total after it; a refused code answers 422 with its \`promo_refusal\` (see POST promo/check/) and books nothing, and counts as a guess: past the guesses allowed, 429 with Retry-After. The code takes at most what the nights cost after the rate's discount, and no total is below 0. \`expected_total\` is required at the non-refundable rate (422 without it). A non-refundable stay whose total is 0 is booked as paid with nothing sent to the provider (\`prepayment\` null), and its letter says no payment was needed. Should anything fail after the booking is written and before its charge is with the provider, the booking is released (no room held, no promo code used) and nothing is booked.`,
        headers: idempotencyHeadersSchema,
        body: reservationCreateSchema,
        response: { 201: reservationSchema, ...errors, 402: reservationRefusedSchema, 409: reservationRefusedSchema, 422: reservationRefusedSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // An account whose address nobody confirmed books nothing: the letters would go nowhere.
      if (!user.isActive) throw new HttpError(403, ACCOUNT_NOT_ACTIVE_DETAIL);
      const body = request.body;
      const { id, replayed } = await idempotent(request, reply, 'reservation', user.id, async () => {
        const made = await asPromoGuess(request, reply, body.promo_code, () => createReservation(app.db, {
          userId: user.id,
          roomId: body.room_id,
          arrival: body.arrival,
          departure: body.departure,
          guests: body.guests,
          specialRequests: body.special_requests,
          paymentMethodId: body.payment_method_id,
          expectedTotal: body.expected_total,
          rate: body.rate,
          extras: body.extras,
          promoCode: body.promo_code,
          now: now(),
          ...(body.pay_by === 'erip' ? { erip: { minDaysAhead: app.env.ERIP_MIN_DAYS_AHEAD, billHours: app.env.ERIP_BILL_HOURS } } : {}),
        }));
        return made.id;
      });
      let record = await findReservation(app.db, user.id, id);
      const booked = record.reservation;
      // A non-refundable stay at 0 BYN was booked as paid: nothing goes to the provider, and its letter says so (issue 42).
      if (booked.rate === 'non_refundable' && booked.price > 0) {
        // Paid in full now, through the payment provider (decision 045). A retry of the same booking
        // (its Idempotency-Key) meets the payment it made and charges nothing again.
        if (booked.paidAt === null && booked.canceledAt === null && booked.paymentMethodId !== null && booked.holdUntil !== null) {
          const holdUntil = booked.holdUntil;
          const cardId = booked.paymentMethodId;
          // The booking and its charge are one unit: whatever fails before the provider has the
          // charge lets the room and the promo code's use go at once, as a declined card does.
          await releasingOnFailure(app, id, () => payStay(request, { id, userId: user.id, amount: booked.price, cardId, holdUntil, method: body.pay_by }));
          record = await findReservation(app.db, user.id, id);
        }
        // Declined or failed: the room was released at once, and nothing is booked.
        if (record.reservation.paymentFailedAt !== null) {
          throw new HttpError(402, NON_REFUNDABLE_DECLINED_DETAIL, { payment_status: 'canceled' });
        }
        // The confirmation letter goes once the provider confirms the payment (stay-payments.ts).
        return reply.code(201).send(presentReservation(request, record, now()));
      }
      // A retry of a booking that was made gets its answer again, not a second letter.
      if (!replayed) await sendReservationMail(request, user, record, 'confirmed');
      if (!replayed) tellReception(app.db, record, 'booking', 'site', request.log);
      return reply.code(201).send(presentReservation(request, record, now()));
    },
  );

  app.post(
    '/reservations/cancel/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['hotel'],
        summary: 'Cancel a reservation before check-in (owner)',
        description:
          'Free until 24 hours before check-in (14:00 hotel time); later the first night is due, recorded as cancellation_fee and charged to the card that guarantees the booking (cancellation_charge says how that went). A non-refundable booking (paid in full at booking) may be cancelled too, but nothing is refunded: cancellation_fee is its whole price and nothing more is charged; 409 while its payment is still being confirmed. 409 when already cancelled or the stay has begun.',
        params: idParamSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: reservationSchema, ...errors },
      },
    },
    async (request) => {
      // A late cancellation's first night goes to the card that guarantees the booking (CON-05).
      const record = await cancelStay(request, currentUser(request).id, request.params.id, now());
      return presentReservation(request, record, now());
    },
  );

  app.post(
    '/reservation/move/:id/',
    {
      config: { permission: 'reservations' },
      schema: {
        tags: ['hotel', 'admin'],
        summary: 'Move a stay to other dates or another room (API-32; permission reservations)',
        description:
          `A stay not yet begun; the room must hold the guests and be free: a taken night answers 409 "${ROOM_TAKEN_DETAIL}" ` +
          'with `conflicts` (what holds which nights). In the same room the nightly price agreed at booking stays, over the new ' +
          "number of nights; in another room that room's price applies (docs/decisions/018-reservations-board.md). The guest gets " +
          'a letter with the new dates; the change is in the audit log.',
        params: idParamSchema,
        body: reservationMoveSchema,
        response: { 200: reservationSchema, ...errors, 409: roomTakenErrorSchema },
      },
    },
    async (request) => {
      const { arrival, departure, room_id: roomId } = request.body;
      const record = await moveStay(request, request.params.id, { arrival, departure, roomId }, now(), auditStayChange(request, 'reservation.move'));
      return presentReservation(request, record, now());
    },
  );
};

export const reservationRoutes: FastifyPluginAsyncZod<ReservationRoutesOptions> = async (app, options) => {
  await app.register(searchRoutes);
  await app.register(bookingRoutes, options);
};
