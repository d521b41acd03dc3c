import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { convenienceSchema, roomSchema } from '@hotel/domain';
import type { FastifyRequest } from 'fastify';
import { jsonBytesWriter, keptJsonBytes, sendJsonBytes } from '../../plugins/serialization';
import { presentConvenience, presentKeptRoom, presentRoom } from './present';
import { listConveniences, listRooms, type RoomView } from './repository';
import { reservationRoutes, type ReservationRoutesOptions } from './reservation-routes';

/**
 * The hotel: public reads of amenities and rooms (anyone with the client token), then availability
 * and reservations (reservation-routes.ts, which states who may call each route).
 */
export const hotelRoutes: FastifyPluginAsyncZod<ReservationRoutesOptions> = async (app, options) => {
  app.get(
    '/conveniences/',
    {
      config: { session: false },
      schema: {
        tags: ['hotel'],
        summary: 'Amenities of the rooms',
        response: { 200: z.array(convenienceSchema) },
      },
    },
    async (request) => (await listConveniences(app.db)).map((row) => presentConvenience(request, row)),
  );

  const roomList = { 200: z.array(roomSchema) };

  // The same bytes for everyone until a room changes (availability.ts replaces the list then).
  const roomListBytes = keptJsonBytes(
    jsonBytesWriter(roomList[200], 'hotel/rooms/', app.env.NODE_ENV === 'test'),
    (rooms: RoomView[], request: FastifyRequest) => rooms.map((row) => presentKeptRoom(request, row)),
  );
  app.get(
    '/rooms/',
    { config: { session: false, database: false }, schema: { tags: ['hotel'], summary: 'The rooms, in display order', response: roomList } },
    (request, reply) => {
      sendJsonBytes(reply, roomListBytes(app.availability.rooms(), request));
    },
  );

  // The spec's screens "sync" rooms with a POST that answers the fresh list; it changes nothing.
  app.post(
    '/rooms/sync/',
    {
      schema: {
        tags: ['hotel'],
        summary: 'The fresh room list (same as GET rooms/)',
        body: z.strictObject({}).nullish(),
        response: roomList,
      },
    },
    async (request) => (await listRooms(app.db)).map((row) => presentRoom(request, row)),
  );

  await app.register(reservationRoutes, { syncCalendars: options.syncCalendars });
};
