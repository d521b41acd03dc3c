/**
 * Extras with the stay, public (decision 044): what a room offers, for the booking's guests step.
 * Anyone may read it, as the rooms themselves.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema, stayExtraSchema } from '@hotel/domain';
import { extrasOfRoom, presentExtra } from './extras';
import { extraRoomsOf } from './rooms';

export const extrasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rooms/:id/extras/',
    {
      config: { session: false },
      schema: {
        tags: ['hotel'],
        summary: 'The extras a room offers with the stay, in display order (anyone)',
        description:
          '`counts` says how the price is taken: `per_stay` and `per_trip` once per unit, `per_night` per unit per night, ' +
          "`per_guest_night` per guest having it per night (the quantity is those guests, at most the stay's). An unknown room answers 404.",
        params: idParamSchema,
        response: { 200: z.array(stayExtraSchema), 404: errorSchema },
      },
    },
    async (request) => (await extrasOfRoom(app.db, extraRoomsOf(app), request.params.id)).map((row) => presentExtra(request, row)),
  );
};
