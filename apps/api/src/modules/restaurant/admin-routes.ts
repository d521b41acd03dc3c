/**
 * The staff's tables (/admin/restaurant; admin and superuser, checked by the admin plugin): the
 * day's tables by time with the seats taken per slot, the settings (covers, auto-confirm), tables
 * taken by phone or at the door, the steps: confirm, seat, no-show (and its undo), cancel, move;
 * and the tables whose e-mail is not confirmed, cleared at once.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  idParamSchema,
  clockMinutes,
  slotLoads,
  TABLE_DETAILS,
  TABLE_HOURS,
  TABLE_STEP_MINUTES,
  tableBoardSchema,
  tableDayQuerySchema,
  tableFullSchema,
  tableMoveSchema,
  tableReservationSchema,
  tableSettingsSchema,
  TABLE_LIVE_STATUSES,
  staffTableSchema,
  clockOfMinutes,
  hotelToday,
  tableClearedSchema,
  tableEmailState,
  tableStepSchema,
} from '@hotel/domain';
import { currentUser } from '../auth/session';
import { presentTable } from './present';
import { countUnconfirmed, readSettings, tablesOfDay } from './repository';
import { sendTableMail } from './table-mail';
import { bookTable, cancelWaitingTables, moveTable, saveTableSettings, stepTable } from './table-bookings';
import { staffPermission } from '../../plugins/admin-http';

const now = () => new Date();
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

export const adminRestaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'tables');
  const board = async (date: string) => {
    const at = now();
    const [settings, rows, unconfirmed] = await Promise.all([readSettings(app.db), tablesOfDay(app.db, date), countUnconfirmed(app.db, hotelToday(at))]);
    // What holds seats, as the booking counts it: an expired unconfirmed table does not.
    const holding = rows.filter((row) => TABLE_LIVE_STATUSES.includes(row.status) && tableEmailState(row.emailConfirmedAt, row.holdUntil, at) !== 'expired');
    const loads = slotLoads(holding.map((row) => ({ time: clockOfMinutes(row.startMinute), party: row.party })));
    const load = [];
    for (let minute = clockMinutes(TABLE_HOURS.opens); minute < clockMinutes(TABLE_HOURS.closes); minute += TABLE_STEP_MINUTES) {
      load.push({ time: clockOfMinutes(minute), taken: loads.get(minute) ?? 0 });
    }
    return {
      date,
      settings: { covers: settings.covers, auto_confirm: settings.autoConfirm },
      unconfirmed_total: unconfirmed,
      reservations: rows.map((row) => presentTable(row, at)),
      load,
    };
  };

  app.get(
    '/restaurant/day/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: "A day's tables by time, the seats taken per 15-minute slot, and the settings (admin, superuser)",
        querystring: tableDayQuerySchema,
        response: { 200: tableBoardSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema },
      },
    },
    async (request) => board(request.query.date),
  );

  app.put(
    '/restaurant/settings/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: 'Covers laid at once and auto-confirm of bookings from the site (admin, superuser)',
        description: 'Fewer covers than the seats already booked refuses no table already taken; it only closes the full slots to new ones.',
        body: tableSettingsSchema,
        response: { 200: tableSettingsSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      await saveTableSettings(app.db, { covers: request.body.covers, autoConfirm: request.body.auto_confirm }, currentUser(request).id);
      return request.body;
    },
  );

  app.post(
    '/restaurant/tables/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: 'A table taken by phone (confirmed) or a guest at the door (seated) (admin, superuser)',
        description: `409 "${TABLE_DETAILS.full}" with \`nearest\` when the seats are not there. A letter goes out when an e-mail is given.`,
        body: staffTableSchema(now),
        response: { 201: tableReservationSchema, ...errors, 409: tableFullSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Staff wrote the address down from the guest themselves: it counts as confirmed.
      const { row } = await bookTable(app.db, { ...body, email: body.email ?? null, userId: null, createdBy: currentUser(request).id, unconfirmed: null }, now());
      if (row.source === 'phone') await sendTableMail(request, row, 'confirmed');
      return reply.code(201).send(presentTable(row, now()));
    },
  );

  app.post(
    '/restaurant/tables/:id/step/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: 'Confirm, seat, mark a no-show (or take it back) or cancel a table (admin, superuser)',
        description:
          `409 "${TABLE_DETAILS.changedMeanwhile}" when the table's status does not allow the step; 409 "${TABLE_DETAILS.notYet}" ` +
          'for seating or a no-show before the table\'s time on its day. Taking back a no-show (`undo_no_show`) makes the table ' +
          `confirmed and holds its seats again (409 "${TABLE_DETAILS.full}" when they are gone). Confirming and cancelling send ` +
          'the guest a letter when the e-mail is confirmed; seating and no-shows send none.',
        params: idParamSchema,
        body: tableStepSchema,
        response: { 200: tableReservationSchema, ...errors },
      },
    },
    async (request) => {
      const row = await stepTable(app.db, request.params.id, request.body.step, now());
      if (request.body.step === 'confirm') await sendTableMail(request, row, 'confirmed');
      if (request.body.step === 'cancel') await sendTableMail(request, row, 'cancelled');
      return presentTable(row, now());
    },
  );

  app.post(
    '/restaurant/unconfirmed/clear/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: 'Cancel every table from today on whose e-mail is not confirmed (admin, superuser)',
        description: 'Waiting or expired alike, on every day; no letter goes out (the addresses are not known to be the bookers\'). Answers how many.',
        body: z.strictObject({}).nullish(),
        response: { 200: tableClearedSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema },
      },
    },
    async () => ({ cleared: await cancelWaitingTables(app.db, now()) }),
  );

  app.post(
    '/restaurant/tables/:id/move/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: 'Move a table to another time or day (admin, superuser)',
        description: `409 "${TABLE_DETAILS.full}" with \`nearest\` when the seats are not there then; the guest gets a letter with the new time.`,
        params: idParamSchema,
        body: tableMoveSchema(now),
        response: { 200: tableReservationSchema, ...errors, 409: tableFullSchema },
      },
    },
    async (request) => {
      const { after } = await moveTable(app.db, request.params.id, request.body, now());
      await sendTableMail(request, after, 'moved');
      return presentTable(after, now());
    },
  );
};
