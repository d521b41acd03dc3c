/**
 * Route configs for @fastify/rate-limit (registered globally in plugins/security.ts with a high
 * limit). Routes that check a password or a code, or send mail, get the strict limit per client
 * IP and route, so guessing and mail flooding stay slow; reads of the session get the global one.
 */
import type { FastifyInstance } from 'fastify';

export function strictRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.env.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
}
