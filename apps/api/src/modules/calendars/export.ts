/**
 * Each room's calendar for booking sites (issue 11, part 3): `GET /api/v1/hotel/calendars/{token}.ics`,
 * one all-day event per stretch of taken nights (reservations, blocks and other sites' events, so
 * that each site learns what the others sold), "Not available", no guest's name or anything else
 * about who stays. The address is the secret: booking sites cannot send our client token or a
 * session, so the route sits outside both, and the token is compared in constant time.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays, API_PREFIX, hotelToday } from '@hotel/domain';
import type { Db } from '../../db/client';
import { calendar, utcDateTime, writeCalendar, type IcalComponent } from '../../icalendar';
import { HttpError } from '../../plugins/errors';
import { parseStay } from '../hotel/reservations';
import { siteOrigin, type Env } from '../../env';
import { calendarTokens, ensureCalendarToken, roomCalendarToken } from '../hotel/calendar-tokens';
import { roomHoldsSince } from './repository';

const TOKEN = /^[0-9a-f]{64}$/;
/** Nights already past are kept in the feed this long, for sites that reconcile late. */
const PAST_DAYS = 30;

export const newCalendarToken = () => randomBytes(32).toString('hex');

export function exportUrl(env: Env, token: string): string {
  return `${siteOrigin(env)}${API_PREFIX}/hotel/calendars/${token}.ics`;
}

/** The room's token, made the first time staff ask for the address. */
export async function calendarTokenOf(db: Db, roomId: number): Promise<string> {
  const room = await roomCalendarToken(db, roomId);
  if (!room) throw new HttpError(404, 'Room not found');
  if (room.token) return room.token;
  return ensureCalendarToken(db, roomId, newCalendarToken());
}

/** Which room a token opens; every room's token is compared, so the time taken tells nothing. */
async function roomOfToken(db: Db, token: string): Promise<number | null> {
  const given = Buffer.from(token);
  let found: number | null = null;
  for (const row of await calendarTokens(db)) {
    const stored = Buffer.from(row.token);
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = row.id;
  }
  return found;
}

export async function buildRoomCalendar(db: Db, roomId: number, now: Date): Promise<string> {
  const since = addDays(hotelToday(now), -PAST_DAYS);
  const holds = await roomHoldsSince(db, roomId, since);
  const stamp = utcDateTime(now);
  const events = holds.map((hold): IcalComponent => {
    const stay = parseStay(hold.stay);
    return [
      'vevent',
      [
        ['uid', {}, 'text', `room-${roomId}-hold-${hold.id}@house1799`],
        ['dtstamp', {}, 'date-time', stamp],
        ['dtstart', {}, 'date', stay.arrival],
        ['dtend', {}, 'date', stay.departure],
        ['summary', {}, 'text', 'Not available'],
        ['transp', {}, 'text', 'OPAQUE'],
      ],
      [],
    ];
  });
  return writeCalendar(calendar('Room calendar', 'PUBLISH', events));
}

export const calendarExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hotel/calendars/:file',
    {
      schema: {
        tags: ['hotel'],
        summary: "A room's taken nights as iCalendar, for booking sites (anyone with the address)",
        description:
          'The address (`{token}.ics`) is shown to staff in the room\'s dialog. One all-day event per reservation, block or other ' +
          "site's event, summary \"Not available\", nothing about the guests. 404 for any other file name.",
        params: z.strictObject({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      const roomId = TOKEN.test(token) ? await roomOfToken(app.db, token) : null;
      if (roomId === null) throw new HttpError(404, 'No such calendar');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="room-${roomId}.ics"`)
        .header('cache-control', 'no-cache')
        .send(await buildRoomCalendar(app.db, roomId, new Date()));
    },
  );
};
