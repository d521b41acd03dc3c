/**
 * A room's calendars shared with booking sites, in the room's admin dialog (issue 11, part 3).
 * Who may call: admin and superuser (the admin plugin's guard). Staff read the room's export
 * address and replace it when it leaked, and add, import and remove the booking sites' calendars
 * it imports. Every change is audited; the first import of a new feed runs before the answer, so
 * staff see at once whether the address works.
 */
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALENDAR_FEED_DETAILS,
  CALENDAR_FEEDS_PER_ROOM_MAX,
  calendarFeedCreateSchema,
  calendarFeedSchema,
  idParamSchema,
  roomCalendarSchema,
  roomIdParamSchema,
  type RoomCalendar,
} from '@hotel/domain';
import { calendarFeeds, rooms } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { isUniqueViolation } from '../../db/sql-state';
import { calendarTokenOf, exportUrl, newCalendarToken } from './export';
import { importFeed, importOptions, presentFeed } from './import';
import { audit } from '../../change-log/audit';
import { errorResponses } from '../../plugins/admin-http';

const FEED_NOT_FOUND = 'Calendar not found';

export const adminCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const roomCalendar = async (roomId: number): Promise<RoomCalendar> => {
    const token = await calendarTokenOf(app.db, roomId);
    const feeds = await app.db.select().from(calendarFeeds).where(eq(calendarFeeds.roomId, roomId)).orderBy(asc(calendarFeeds.id));
    return { room_id: roomId, export_url: exportUrl(app.env, token), feeds: feeds.map(presentFeed) };
  };

  app.get(
    '/rooms/:room_id/calendar/',
    {
      schema: {
        tags: ['admin'],
        summary: "The room's calendar address for booking sites and the sites' calendars it imports (admin, superuser)",
        params: roomIdParamSchema,
        response: { 200: roomCalendarSchema, ...errorResponses },
      },
    },
    async (request) => roomCalendar(request.params.room_id),
  );

  app.post(
    '/rooms/:room_id/calendar/address/',
    {
      schema: {
        tags: ['admin'],
        summary: "A new secret address for the room's calendar; the old one stops working (admin, superuser)",
        description: 'For an address that leaked. Every booking site that reads the old one must be given the new one.',
        params: roomIdParamSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: roomCalendarSchema, ...errorResponses },
      },
    },
    async (request) => {
      const roomId = request.params.room_id;
      await app.db.transaction(async (tx) => {
        const [room] = await tx.update(rooms).set({ calendarToken: newCalendarToken() }).where(eq(rooms.id, roomId)).returning({ id: rooms.id });
        if (!room) throw new HttpError(404, 'Room not found');
        // The token itself is a secret and stays out of the log.
        await audit(tx, request, { action: 'room.calendar_address', target: `room ${roomId}`, before: null, after: { renewed: true } });
      });
      return roomCalendar(roomId);
    },
  );

  app.post(
    '/rooms/:room_id/calendar/feeds/',
    {
      config: { changesHolds: true },
      schema: {
        tags: ['admin'],
        summary: "Import a booking site's calendar of the room (admin, superuser)",
        description:
          'An http(s) or webcal address of an iCalendar feed (Booking.com, Airbnb, …). It is read at once and then on the timer; ' +
          "the answer is the feed after that first import, with its error if it failed. 409 " +
          `"${CALENDAR_FEED_DETAILS.duplicate}" or "${CALENDAR_FEED_DETAILS.tooMany}".`,
        params: roomIdParamSchema,
        body: calendarFeedCreateSchema,
        response: { 201: calendarFeedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const roomId = request.params.room_id;
      const feedId = await app.db.transaction(async (tx) => {
        const [room] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for('update');
        if (!room) throw new HttpError(404, 'Room not found');
        const [{ feeds }] = (await tx.select({ feeds: count() }).from(calendarFeeds).where(eq(calendarFeeds.roomId, roomId))) as [{ feeds: number }];
        if (feeds >= CALENDAR_FEEDS_PER_ROOM_MAX) throw new HttpError(409, CALENDAR_FEED_DETAILS.tooMany);
        try {
          // A savepoint, so that a duplicate leaves the transaction usable for the 409.
          const [feed] = await tx.transaction((sp) =>
            sp.insert(calendarFeeds).values({ roomId, name: request.body.name, url: request.body.url }).returning({ id: calendarFeeds.id }),
          );
          await audit(tx, request, {
            action: 'calendar_feed.add',
            target: `room ${roomId}`,
            before: null,
            after: { feed_id: feed!.id, name: request.body.name, host: new URL(request.body.url).host },
          });
          return feed!.id;
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, CALENDAR_FEED_DETAILS.duplicate);
          throw error;
        }
      });
      const feed = await importFeed(app.db, feedId, importOptions(app.env, request.log));
      if (!feed) throw new HttpError(404, FEED_NOT_FOUND);
      return reply.code(201).send(feed);
    },
  );

  app.post(
    '/calendar-feeds/:id/import/',
    {
      config: { changesHolds: true },
      schema: {
        tags: ['admin'],
        summary: "Read a booking site's calendar now (admin, superuser)",
        description: 'The answer is the feed after the import; a failed import is an answer too (`last_error`), not an error.',
        params: idParamSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: calendarFeedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const feed = await importFeed(app.db, request.params.id, importOptions(app.env, request.log));
      if (!feed) throw new HttpError(404, FEED_NOT_FOUND);
      return feed;
    },
  );

  app.delete(
    '/calendar-feeds/:id/',
    {
      config: { changesHolds: true },
      schema: {
        tags: ['admin'],
        summary: "Stop importing a booking site's calendar; the nights its events held are free again (admin, superuser)",
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await app.db.transaction(async (tx) => {
        const [feed] = await tx.delete(calendarFeeds).where(eq(calendarFeeds.id, request.params.id)).returning();
        if (!feed) throw new HttpError(404, FEED_NOT_FOUND);
        await audit(tx, request, {
          action: 'calendar_feed.remove',
          target: `room ${feed.roomId}`,
          before: { feed_id: feed.id, name: feed.name, host: new URL(feed.url).host },
          after: null,
        });
      });
      return reply.code(204).send(null);
    },
  );
};
