/**
 * Table reservations, the guest's side (issue 24, point 1). The day's free times and booking are
 * open to anyone (an anonymous guest gives an e-mail for the letter; booking has the strict limit
 * per client address, like the other anonymous writes that send mail); a signed-in guest lists and
 * cancels their own tables (another's answers 404). A table booked with an e-mail not proved the
 * booker's waits for the link in a short letter (docs/decisions/048-table-confirmation.md).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  idParamSchema,
  TABLE_DETAILS,
  tableBookingSchema,
  tableConfirmSchema,
  tableDayQuerySchema,
  tableDaySchema,
  tableFullSchema,
  tableReservationSchema,
} from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../auth/session';
import { strictRateLimit } from '../auth/rate-limit';
import { presentTable } from './present';
import { tablesOfUser } from './repository';
import { bookTableOnSite } from './site-booking';
import { sendTableMail } from './table-mail';
import { cancelOwnTable, confirmTableEmail, dayTimes } from './table-bookings';
import { tellReceptionOfTable } from './table-notice';

/** The clock of the booking rules; tests move it with vi.setSystemTime. */
const now = () => new Date();

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tables/day/',
    {
      config: { session: false },
      schema: {
        tags: ['restaurant'],
        summary: 'The start times of a day and whether each is free for the party (anyone)',
        description: 'Times from 12:00 to 21:00 in 15-minute steps, hotel time; a time gone or without the seats for the party is not free.',
        querystring: tableDayQuerySchema,
        response: { 200: tableDaySchema, 422: errorSchema },
      },
    },
    async (request) => {
      const party = request.query.party ?? 2;
      return { date: request.query.date, party, times: await dayTimes(app.db, request.query.date, party, now()) };
    },
  );

  app.post(
    '/tables/',
    {
      config: strictRateLimit(app),
      schema: {
        tags: ['restaurant'],
        summary: 'Book a table (anyone; a signed-in guest sees it in the account)',
        description:
          `A table is held for 2 hours from its start. An anonymous guest must give \`email\` (422 "${TABLE_DETAILS.emailRequired}"); ` +
          `a signed-in one's defaults to the account's. 409 "${TABLE_DETAILS.full}" with \`nearest\` (free start times that day) ` +
          'when a slot the table touches has no seats for the party. The table is `requested` until staff confirm it, or ' +
          '`confirmed` at once when auto-confirm is on. For an activated account\'s own address a letter with an .ics goes out; ' +
          'any other address gets one short letter with a confirmation link and nothing the booker typed, and the table holds ' +
          'its seats only until `hold_until` (`email_state` `awaiting`) unless the link is followed. Such bookings are capped per ' +
          `client address (429 "${TABLE_DETAILS.tooManyFromAddress}") and per e-mail (429 "${TABLE_DETAILS.tooManyForEmail}") per day.`,
        body: tableBookingSchema(now),
        response: { 201: tableReservationSchema, 409: tableFullSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const body = request.body;
      const email = body.email ?? user?.email ?? null;
      if (!email) throw new HttpError(422, TABLE_DETAILS.emailRequired);
      const { row } = await bookTableOnSite(request, { ...body, email }, now());
      return reply.code(201).send(presentTable(row, now()));
    },
  );

  app.post(
    '/tables/confirm/',
    {
      config: { ...strictRateLimit(app), session: false },
      schema: {
        tags: ['restaurant'],
        summary: 'Confirm the e-mail of a table with the secret from its letter (anyone with the link)',
        description:
          `The table then holds its seats for good and its full letter with an .ics goes out. 404 "${TABLE_DETAILS.confirmLink}" ` +
          `for an unknown secret; 409 when staff cancelled the table or its time has passed, or "${TABLE_DETAILS.full}" ` +
          'with `nearest` when its hold ran out and the seats went meanwhile. Following the link again answers the table as it is.',
        body: tableConfirmSchema,
        response: { 200: tableReservationSchema, 404: errorSchema, 409: tableFullSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { row, confirmedNow } = await confirmTableEmail(app.db, request.body.token, now());
      if (confirmedNow) await sendTableMail(request, row, row.status === 'confirmed' ? 'confirmed' : 'requested');
      if (confirmedNow) tellReceptionOfTable(request, row);
      return presentTable(row, now());
    },
  );

  app.get(
    '/tables/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['restaurant'],
        summary: "The signed-in guest's tables, latest first (signed-in user)",
        response: { 200: z.array(tableReservationSchema), 401: errorSchema },
      },
    },
    async (request) => {
      const at = now();
      return (await tablesOfUser(app.db, currentUser(request).id)).map((row) => presentTable(row, at));
    },
  );

  app.post(
    '/tables/:id/cancel/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['restaurant'],
        summary: 'Cancel a table before its time (owner)',
        description: `404 "${TABLE_DETAILS.notFound}" for no such table or another guest's; 409 when its time has passed or staff have seated or closed it. A letter with the cancelled .ics goes out.`,
        params: idParamSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: tableReservationSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const row = await cancelOwnTable(app.db, currentUser(request).id, request.params.id, now());
      await sendTableMail(request, row, 'cancelled');
      return presentTable(row, now());
    },
  );
};
