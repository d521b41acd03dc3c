/**
 * Password guessing against one account (issue 21, point 4): the per-address limit does not stop
 * guesses spread over many addresses. After ACCOUNT_FAILURES_FREE wrong passwords in a row, the
 * account answers further attempts with 429 until a delay has passed since the last failure, a
 * delay that doubles with each failure up to ACCOUNT_DELAY_MAX_SECONDS; a right password clears it.
 *
 * A stranger must not be able to lock the owner out with it: a browser that has signed in to the
 * account before carries a signed "known browser" cookie, and its attempts are never delayed; a
 * password reset (proof of the mailbox) clears the failures too.
 *
 * The count is kept in memory, per instance, like the address limits: behind a load balancer an
 * attacker gets the free attempts once per instance, which still keeps guessing hopeless.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';

export const ACCOUNT_FAILURES_FREE = 5;
export const ACCOUNT_DELAY_MAX_SECONDS = 15 * 60;
export const KNOWN_BROWSER_COOKIE = 'known_browser';
const KNOWN_BROWSER_DAYS = 365;
/** Accounts remembered at most; the oldest are forgotten first. */
const REMEMBERED_MAX = 10_000;

interface Failures {
  count: number;
  /** Epoch ms before which the account takes no attempt from a browser it does not know. */
  until: number;
}

// One table of failures per database, so that every route of one app sees the same one.
const tables = new WeakMap<Db, Map<number, Failures>>();
const processKey = randomBytes(32);

function failuresOf(db: Db): Map<number, Failures> {
  let table = tables.get(db);
  if (!table) tables.set(db, (table = new Map()));
  return table;
}

function signature(request: FastifyRequest, userId: number): string {
  return createHmac('sha256', request.server.env.AUTH_SECRET ?? processKey).update(`known-browser:${userId}`).digest('base64url');
}

function isKnownBrowser(request: FastifyRequest, userId: number): boolean {
  const [id, mac] = (request.cookies[KNOWN_BROWSER_COOKIE] ?? '').split('.');
  if (id !== String(userId) || !mac) return false;
  const expected = Buffer.from(signature(request, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Seconds this browser must still wait before it may try the account's password, or 0. */
export function signInWait(request: FastifyRequest, userId: number, now = Date.now()): number {
  const failures = failuresOf(request.server.db).get(userId);
  if (!failures || failures.until <= now || isKnownBrowser(request, userId)) return 0;
  return Math.ceil((failures.until - now) / 1000);
}

export function recordFailedSignIn(request: FastifyRequest, userId: number, now = Date.now()): void {
  const table = failuresOf(request.server.db);
  const count = (table.get(userId)?.count ?? 0) + 1;
  const delaySeconds = count < ACCOUNT_FAILURES_FREE ? 0 : Math.min(2 ** (count - ACCOUNT_FAILURES_FREE), ACCOUNT_DELAY_MAX_SECONDS);
  table.delete(userId);
  table.set(userId, { count, until: now + delaySeconds * 1000 });
  if (table.size > REMEMBERED_MAX) table.delete(table.keys().next().value!);
}

/** After a right password or a password reset: the account starts afresh. */
export function clearFailedSignIns(db: Db, userId: number): void {
  failuresOf(db).delete(userId);
}

/** Marks this browser as one the account's owner signs in from. */
export function rememberBrowser(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  reply.setCookie(KNOWN_BROWSER_COOKIE, `${userId}.${signature(request, userId)}`, {
    path: '/api/v1/auth/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.env.PUBLIC_URL?.startsWith('https:') === true || (request.server.env.NODE_ENV === 'production' && request.protocol === 'https'),
    maxAge: KNOWN_BROWSER_DAYS * 24 * 3600,
  });
}
