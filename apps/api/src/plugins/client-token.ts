/**
 * Every API call must carry the client token header. A cross-site page cannot add a custom header
 * without a CORS preflight we never grant, so together with SameSite=Lax cookies this is the
 * CSRF defence (docs/decisions/003-client-token.md).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_TOKEN_HEADER } from '@hotel/domain';
import { HttpError } from './errors';

export const clientTokenPlugin = fp(async (app: FastifyInstance) => {
  const expected = Buffer.from(app.env.CLIENT_TOKEN);
  app.addHook('onRequest', async (request) => {
    const given = request.headers[CLIENT_TOKEN_HEADER];
    if (typeof given !== 'string' || given.length === 0) {
      throw new HttpError(403, `Missing ${CLIENT_TOKEN_HEADER} header`);
    }
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      throw new HttpError(403, `Invalid ${CLIENT_TOKEN_HEADER} header`);
    }
  });
});
