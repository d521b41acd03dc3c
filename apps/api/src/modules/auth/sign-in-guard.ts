/**
 * Password guessing against one account (issue 21, point 4): the per-address limit does not stop
 * guesses spread over many addresses. After ACCOUNT_FAILURES_FREE wrong passwords in a row, the
 * account answers further attempts with 429 until a delay has passed since the last failure, a
 * delay that doubles with each failure up to ACCOUNT_DELAY_MAX_SECONDS; a right password clears it.
 *
 * Every attempt takes its turn and its failure in the database before the password is checked
 * (takeSignInAttempt), so 60 parallel guesses get no more checks than 60 in a row, on one instance
 * or many (issue 42, point 12); a right password gives it back by clearing the count.
 *
 * A stranger must not be able to lock the owner out with it: a browser that has signed in to the
 * account before carries a signed "known browser" cookie, and its attempts are never delayed; a
 * password reset (proof of the mailbox) clears the failures too.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { clearSignInFailures, signInBlockedUntil, takeSignInAttempt } from './repository';

export const ACCOUNT_FAILURES_FREE = 5;
export const ACCOUNT_DELAY_MAX_SECONDS = 15 * 60;
export const KNOWN_BROWSER_COOKIE = 'known_browser';
const KNOWN_BROWSER_DAYS = 365;
const processKey = randomBytes(32);

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

/**
 * Takes this attempt's turn on the account before its password is checked: 0 when it may go on
 * (its failure already counted), else the seconds this browser must still wait.
 */
export async function takeSignInTurn(request: FastifyRequest, userId: number, now = new Date()): Promise<number> {
  const db = request.server.db;
  const delay = { free: ACCOUNT_FAILURES_FREE, maxSeconds: ACCOUNT_DELAY_MAX_SECONDS };
  if ((await takeSignInAttempt(db, userId, now, isKnownBrowser(request, userId), delay)) !== null) return 0;
  const until = await signInBlockedUntil(db, userId);
  // Cleared meanwhile by the owner's right password: this attempt still waits its second.
  return Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
}

/** After a right password or a password reset: the account starts afresh. */
export function clearFailedSignIns(db: Db, userId: number): Promise<void> {
  return clearSignInFailures(db, userId);
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
