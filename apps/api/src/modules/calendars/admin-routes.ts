/**
 * A room's calendars shared with booking sites, in the room's admin dialog (issue 11, part 3).
 * Who may call: admin and superuser (the admin plugin's guard). Staff read the room's export
 * address and replace it when it leaked, and add, import and remove the booking sites' calendars
 * it imports. Every change is audited; the first import of a new feed runs before the answer, so
 * staff see at once whether the address works.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALENDAR_FEED_DETAILS,
  calendarFeedCreateSchema,
  calendarFeedSchema,
  idParamSchema,
  roomCalendarSchema,
  roomIdParamSchema,
  type RoomCalendar,
} from '@hotel/domain';
import { errorResponses, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { calendarTokenOf, exportUrl } from './export';
import { addFeed, FEED_NOT_FOUND, removeFeed, renewExportAddress } from './feeds-admin';
import { importFeed, importOptions, presentFeed } from './import';
import { roomFeeds } from './repository';

export const adminCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'calendars');
  const roomCalendar = async (roomId: number): Promise<RoomCalendar> => {
    const token = await calendarTokenOf(app.db, roomId);
    const feeds = await roomFeeds(app.db, roomId);
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
      await renewExportAddress(app.db, request, roomId);
      return roomCalendar(roomId);
    },
  );

  app.post(
    '/rooms/:room_id/calendar/feeds/',
    {
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
      const feedId = await addFeed(app.db, request, request.params.room_id, request.body);
      const feed = await importFeed(app.db, feedId, importOptions(app.env, request.log));
      if (!feed) throw new HttpError(404, FEED_NOT_FOUND);
      return reply.code(201).send(feed);
    },
  );

  app.post(
    '/calendar-feeds/:id/import/',
    {
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
      schema: {
        tags: ['admin'],
        summary: "Stop importing a booking site's calendar; the nights its events held are free again (admin, superuser)",
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeFeed(app.db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
