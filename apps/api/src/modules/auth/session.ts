/**
 * Server-side sessions (docs/decisions/006-sessions.md): the `sid` cookie carries a random
 * 256-bit token, the sessions table only its SHA-256 hash. Every request learns its user here;
 * routes state who may call them with the guards below.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@hotel/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { deleteSession, deleteUserSessions, insertSession, prepareSessionUser, sessionRole, type UserRow } from './repository';

export type { UserRow } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Told the token hash of each session ended by signing out (live streams of it close). */
    sessionEnded: Set<(tokenHash: string) => void>;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /**
     * false: the route never asks who is signed in, so its requests skip the session look-up
     * (public reads served to everyone alike: health, rooms, the menu, the search, pictures).
     */
    session?: boolean;
  }
}

export const SESSION_COOKIE = 'sid';
/**
 * A readable companion of the session cookie that holds no secret, only "1": it lets the web app
 * skip GET auth/me/ for visitors who never signed in, instead of provoking a 401 on every page.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
export const SESSION_DAYS = 30;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieOptions(request: FastifyRequest) {
  const { env } = request.server;
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // From the site's configured origin: a proxy that does not say it spoke https must not cost the flag.
    secure: env.PUBLIC_URL?.startsWith('https:') === true || (env.NODE_ENV === 'production' && request.protocol === 'https'),
    maxAge: SESSION_DAYS * 24 * 3600,
  };
}

/** Starts a new session for the user (a fresh token at every sign-in) and sets the cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  if (request.sessionTokenHash) await deleteSession(request.server.db, request.sessionTokenHash);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await insertSession(request.server.db, {
    tokenHash,
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  request.sessionTokenHash = tokenHash;
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions(request), httpOnly: false });
}

/** Ends the current session and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionTokenHash) {
    await deleteSession(request.server.db, request.sessionTokenHash);
    for (const ended of request.server.sessionEnded) ended(request.sessionTokenHash);
  }
  request.sessionTokenHash = null;
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** Ends every session of a user (password change, reset), optionally keeping one. */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await deleteUserSessions(db, userId);
}

/** The role of the session's user while the session lasts (not signed out, not expired), else null. */
export async function liveSessionRole(db: Db, tokenHash: string): Promise<UserRow['role'] | null> {
  return (await sessionRole(db, tokenHash, new Date())) ?? null;
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('sessionEnded', new Set<(tokenHash: string) => void>());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  const sessionUser = prepareSessionUser(app.db);
  // Only API routes that may ask who is signed in look the session up: pages, files, pictures and
  // the routes that say `config: { session: false }` never touch the sessions table. A hook of the
  // root, so it runs before the guards the route modules add as their own hooks.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.session === false || !request.url.startsWith(API_PREFIX)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    const user = await sessionUser(tokenHash, new Date());
    if (!user) return;
    request.user = user;
    request.sessionTokenHash = tokenHash;
  });
  // What a signed-in user is answered is theirs: no cache keeps it, and a shared one that ignored
  // no-store must still tell visitors apart by their cookie.
  app.addHook('onSend', async (request, reply) => {
    if (!request.user && !request.sessionTokenHash) return;
    // A live stream's no-transform stays (a proxy that compressed it would hold its events back).
    reply.header('cache-control', /no-transform/.test(String(reply.getHeader('cache-control') ?? '')) ? 'no-store, no-transform' : 'no-store');
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/\bcookie\b/i.test(vary)) reply.header('vary', vary ? `${String(vary)}, cookie` : 'cookie');
  });
});

// Guards, used as route preHandlers: `{ preHandler: requireUser }`. They read as requirements.

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, 'Authentication required');
}

/**
 * Staff rights need an activated account as well as the role: an account whose address was never
 * confirmed, or that was deactivated, has none, from its next request on.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if ((request.user!.role !== 'admin' && request.user!.role !== 'superuser') || !request.user!.isActive) {
    throw new HttpError(403, 'Insufficient rights to perform the operation');
  }
}

export async function requireSuperuser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user!.role !== 'superuser' || !request.user!.isActive) {
    throw new HttpError(403, 'Insufficient rights to perform the operation');
  }
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  return request.user;
}
