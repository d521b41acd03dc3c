/**
 * The staff's tables (/admin/restaurant; admin and superuser, checked by the admin plugin): the
 * day's tables by time with the seats taken per slot, the settings (covers, auto-confirm), tables
 * taken by phone or at the door, and the steps: confirm, seat, no-show, cancel, move.
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
} from '@hotel/domain';
import { currentUser } from '../auth/session';
import { presentTable } from './present';
import { readSettings, tablesOfDay, writeSettings } from './repository';
import { sendTableMail } from './table-mail';
import { bookTable, moveTable, stepTable } from './tables';

const now = () => new Date();
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

export const adminRestaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = async (date: string) => {
    const [settings, rows] = await Promise.all([readSettings(app.db), tablesOfDay(app.db, date)]);
    const at = now();
    const loads = slotLoads(rows.filter((row) => TABLE_LIVE_STATUSES.includes(row.status)).map((row) => ({ time: clockOfMinutes(row.startMinute), party: row.party })));
    const load = [];
    for (let minute = clockMinutes(TABLE_HOURS.opens); minute < clockMinutes(TABLE_HOURS.closes); minute += TABLE_STEP_MINUTES) {
      load.push({ time: clockOfMinutes(minute), taken: loads.get(minute) ?? 0 });
    }
    return {
      date,
      settings: { covers: settings.covers, auto_confirm: settings.autoConfirm },
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
      await writeSettings(app.db, { covers: request.body.covers, autoConfirm: request.body.auto_confirm }, currentUser(request).id);
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
      const row = await bookTable(app.db, { ...body, email: body.email ?? null, userId: null, createdBy: currentUser(request).id }, now());
      if (row.source === 'phone') await sendTableMail(request, row, 'confirmed');
      return reply.code(201).send(presentTable(row, now()));
    },
  );

  app.post(
    '/restaurant/tables/:id/step/',
    {
      schema: {
        tags: ['restaurant', 'admin'],
        summary: 'Confirm, seat, mark a no-show or cancel a table (admin, superuser)',
        description: `409 "${TABLE_DETAILS.changedMeanwhile}" when the table's status does not allow the step. Confirming and cancelling send the guest a letter.`,
        params: idParamSchema,
        body: z.strictObject({ step: z.enum(['confirm', 'seat', 'no_show', 'cancel']) }),
        response: { 200: tableReservationSchema, ...errors },
      },
    },
    async (request) => {
      const row = await stepTable(app.db, request.params.id, request.body.step);
      if (request.body.step === 'confirm') await sendTableMail(request, row, 'confirmed');
      if (request.body.step === 'cancel') await sendTableMail(request, row, 'cancelled');
      return presentTable(row, now());
    },
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
