/**
 * One rule for every text the API takes, whatever the route: no control characters (the domain's
 * CONTROL_CHARACTER: NUL, the C0 controls but tab and line breaks, DEL) in the body, the query or
 * the path. They are refused with 422 before the route's schema runs, so a route added later is
 * covered without doing anything.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharacterPath } from '@hotel/domain';
import { HttpError } from './errors';

export const inputRulesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body } as const;
    for (const [where, value] of Object.entries(parts)) {
      const path = controlCharacterPath(value);
      if (path) {
        throw new HttpError(422, `${[where, ...path].join('.')}: Control characters are not allowed`);
      }
    }
  });
});
