/**
 * The Idempotency-Key header of a creating request (a booking, an order): a client that lost the
 * answer sends the request again with the same key and gets the first answer again, instead of a
 * second booking, or a 409 about its own first one (docs/decisions/015-hardening.md).
 *
 * The key is claimed in the database before the work starts, so two requests with one key at
 * once cannot both create; the work failing frees it for a retry. Keys are kept for a day.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { claimKey, deleteKeysBefore, findKey, keepResult, releaseKey } from '../idempotency/repository';
import { HttpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the first one. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
const KEPT_MS = 86_400_000;
/** A claim this old without a result was left by a request that died: it no longer holds the key. */
const ABANDONED_MS = 60_000;

/** The route's `headers` schema: documents the header and checks its form. */
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'Idempotency-Key must be 1 to 100 visible ASCII characters')
    .optional()
    .describe('Any unique string (a UUID): a retry with the same key gets the first answer again'),
});

export interface IdempotentResult {
  id: number;
  /** True when the id is the first request's, found again. */
  replayed: boolean;
}

function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
}

/**
 * Runs `create` once per Idempotency-Key of this user and scope, answering the id it made; without
 * the header it simply runs it. Marks a repeated answer with the Idempotent-Replayed header.
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  userId: number,
  create: () => Promise<number>,
): Promise<IdempotentResult> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string') return { id: await create(), replayed: false };
  const db = request.server.db;
  const hash = requestHash(request.body);
  const mine = { userId, scope, key };

  await deleteKeysBefore(db, new Date(Date.now() - KEPT_MS));
  let claimed = false;
  for (let attempt = 0; attempt < 2 && !claimed; attempt += 1) {
    claimed = await claimKey(db, mine, hash);
    if (claimed) break;

    const existing = await findKey(db, mine);
    // Gone meanwhile (its request failed): claim it again.
    if (!existing) continue;
    if (existing.requestHash !== hash) throw new HttpError(422, 'Idempotency-Key was already used for another request');
    if (existing.resourceId !== null) {
      reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return { id: existing.resourceId, replayed: true };
    }
    if (Date.now() - existing.createdAt.getTime() < ABANDONED_MS) break;
    await releaseKey(db, mine, existing.createdAt);
  }
  if (!claimed) throw new HttpError(409, 'A request with this Idempotency-Key is under way');

  let id: number;
  try {
    id = await create();
  } catch (error) {
    // Nothing was made: a retry with this key may try again.
    await releaseKey(db, mine);
    throw error;
  }
  await keepResult(db, mine, id);
  return { id, replayed: false };
}
