/**
 * The front desk and housekeeping (issue 45, points 1, 7, 8; docs/decisions/054-stay-life.md).
 * Who may call: each route declares its permission (desk for reception, housekeeping for the
 * desk, check-in and check-out) and housekeeping (the rooms' states), as the route summaries say.
 * Refusals answer a `detail` in the language of the request (its cookie or Accept-Language) and
 * the key as `code`; nothing is written then. Every write is audited in its own transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInBodySchema,
  checkOutBodySchema,
  deskDaySchema,
  deskErrorSchema,
  housekeepingSchema,
  idParamSchema,
  may,
  roomStateChangeSchema,
  roomStateErrorSchema,
  staffReservationSchema,
  type StaffReservation,
} from '@hotel/domain';
import { audit } from '../../change-log/audit';
import { visitorLanguage } from '../../i18n/visitor-language';
import { errorResponses } from '../../plugins/admin-http';
import { currentUser } from '../auth/session';
import { bookingSiteCalendarsOf } from './booking-site-calendars';
import { readDeskDay } from './desk';
import { changeRoomState, readHousekeeping } from './housekeeping';
import { auditStayChange } from './stay-audit';
import { checkInStay, checkOutStay, earlyCheckOutRefusal, stayRefusal } from './stay-lifecycle';
import { findReservation } from './reservations';
import { folioStays } from './folio-stays';
import { folioBalance } from '../folio/folio';
import { sendInvoice } from '../folio/documents';
import type { ReservationRecord } from './reservations';

/** How the reservations board presents a stay to staff (admin-reservation-routes.ts). */
export type StaffReservationView = (record: ReservationRecord, at: Date) => Promise<StaffReservation>;

/** The clock of the desk; tests move it with vi.setSystemTime. */
const now = () => new Date();

export const adminFrontDeskRoutes = (staffView: StaffReservationView): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/desk/',
    {
      config: { permission: 'desk' },
      schema: {
        tags: ['admin'],
        summary: "Today at the desk: arrivals, guests in the house, departures (permission desk)",
        description:
          'Arrivals: stays booked from today or an earlier day not yet come, and those checked in today. In the house: guests ' +
          'checked in who leave after today. Departures: guests leaving today or overdue (`late` after 12:00 on the departure day), ' +
          'and those checked out today. `money`: the hotel day\'s money at the desk by method (cash, card terminal, bank transfer, ' +
          'the saved card charged from the desk), refunds and the bill\'s corrections, each a count and a sum in kopecks; null ' +
          'for a caller who may not read the bills (permission bills).',
        response: { 200: deskDaySchema, ...errorResponses },
      },
    },
    async (request) => readDeskDay(app.db, now(), may(currentUser(request).staffRoles, 'bills')),
  );

  app.post(
    '/reservations/:id/check-in/',
    {
      config: { permission: 'desk' },
      schema: {
        tags: ['admin'],
        summary: 'Check the guest in (permission desk)',
        description:
          'From the arrival day (hotel time) until the day before departure, a booked stay only: otherwise 409 with `code` ' +
          '(`desk:refused.beforeArrival`, `.cancelled`, `.noShow`, `.alreadyIn`, `.alreadyOut`, `.stayOver`). A room that is not ' +
          'clean or inspected answers 409 `desk:refused.notClean` with `room_state`, unless `confirm_not_clean` is true. Two desks ' +
          'at once: one checks in, the other gets 409.',
        params: idParamSchema,
        body: checkInBodySchema,
        response: { 200: staffReservationSchema, ...errorResponses, 409: deskErrorSchema },
      },
    },
    async (request) => {
      const record = await checkInStay(request, request.params.id, request.body?.confirm_not_clean === true, {
        by: currentUser(request).id,
        now: now(),
        language: visitorLanguage(request),
        record: auditStayChange(request, 'reservation.check_in'),
      });
      return staffView(record, now());
    },
  );

  app.post(
    '/reservations/:id/check-out/',
    {
      config: { permission: 'desk' },
      schema: {
        tags: ['admin'],
        summary: 'Check the guest out (permission desk)',
        description:
          'A guest in the house only, once: records the moment, and the room becomes dirty. 409 with `code` otherwise. With a ' +
          'booked departure still ahead (the last night not yet over), 409 `desk:refused.stayNotOver` with `departure` and ' +
          '`shorten_to`: shorten the stay (POST …/shorten/) first, then check out. With a balance still due on the bill, 409 `desk:refused.balanceDue` unless `balance_reason` says why the guest leaves with ' +
          'it (written to the change log). The bill, or the paid invoice, then goes to the guest by e-mail.',
        params: idParamSchema,
        body: checkOutBodySchema,
        response: { 200: staffReservationSchema, ...errorResponses, 409: deskErrorSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const language = visitorLanguage(request);
      const reason = request.body?.balance_reason;
      // A stay not over is shortened first, before its bill is asked about (the check under the lock is checkOutStay's).
      const early = earlyCheckOutRefusal((await findReservation(app.db, 'staff', id)).reservation, now(), language);
      if (early) throw early;
      const balance = await folioBalance(app.db, folioStays, id);
      if (balance > 0 && !reason) throw stayRefusal(409, 'desk:refused.balanceDue', language, { balance });
      const audited = auditStayChange(request, 'reservation.check_out');
      const record = await checkOutStay(request, id, {
        by: currentUser(request).id,
        now: now(),
        language,
        // A guest leaving with a balance due: the one entry of the check-out says how much and why.
        record:
          balance > 0
            ? (tx) => audit(tx, request, { action: 'reservation.check_out', target: `reservation ${id}`, before: { status: 'checked_in', balance }, after: { status: 'checked_out', balance_reason: reason } })
            : audited,
      });
      // The bill goes out after the check-out is written; a letter that fails does not undo it.
      await sendInvoice(app, id).catch((error: unknown) => request.log.warn({ err: error }, 'the invoice letter at check-out was not sent'));
      return staffView(record, now());
    },
  );

  app.get(
    '/housekeeping/',
    {
      config: { permission: 'housekeeping' },
      schema: {
        tags: ['admin'],
        summary: "Today's rooms in the order to clean them (permission housekeeping)",
        description: 'Rooms guests leave today first, then rooms with guests staying, then the rest; a room a guest arrives in today first among equals.',
        response: { 200: housekeepingSchema, ...errorResponses },
      },
    },
    async () => readHousekeeping(app.db, now()),
  );

  app.put(
    '/housekeeping/rooms/:id/',
    {
      config: { permission: 'housekeeping' },
      schema: {
        tags: ['admin'],
        summary: "Set a room's state: clean, dirty, inspected, or out of order (permission housekeeping)",
        description:
          'Out of order needs a `reason` (1 to 200 characters) and nights `[from, to)` from today, at most 365: a block closes them ' +
          'for sale, and a night already held answers 409 naming what holds it (`conflicts`). Any other state lifts that block.',
        params: idParamSchema,
        body: roomStateChangeSchema,
        response: { 200: housekeepingSchema, ...errorResponses, 409: roomStateErrorSchema },
      },
    },
    async (request) => {
      const roomId = request.params.id;
      await changeRoomState(app.db, bookingSiteCalendarsOf(app), roomId, request.body, {
        by: currentUser(request).id,
        now: now(),
        language: visitorLanguage(request),
        record: (tx, before) =>
          audit(tx, request, {
            action: 'room.housekeeping',
            target: `room ${roomId}`,
            before: { state: before?.state ?? 'clean', reason: before?.reason ?? '' },
            after: { ...request.body },
          }),
      });
      return readHousekeeping(app.db, now());
    },
  );
};
