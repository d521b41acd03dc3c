/**
 * Server-side sessions (docs/decisions/006-sessions.md): the `sid` cookie carries a random
 * 256-bit token, the sessions table only its SHA-256 hash. Every request learns its user here;
 * routes state who may call them with the guards below.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessOfMethod, API_PREFIX, FORBIDDEN_DETAIL, isPermission, may, type Access, type Permission, type StaffRole } from '@hotel/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { chosenLanguage, browserLanguage } from '../../i18n/visitor-language';
import { deleteSession, deleteUserSessions, insertSession, prepareSessionUser, sessionRoles, type StaffedUser } from './repository';

export type { UserRow, StaffedUser } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Told the token hash of each session ended by signing out (live streams of it close). */
    sessionEnded: Set<(tokenHash: string) => void>;
  }
  interface FastifyRequest {
    /** The signed-in user with the staff roles they hold, or null. */
    user: StaffedUser | null;
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /**
     * false: the route never asks who is signed in, so its requests skip the session look-up
     * (public reads served to everyone alike: health, rooms, the menu, the search, pictures).
     */
    session?: boolean;
    /**
     * The part of the admin area the route belongs to (packages/domain's permission table): the
     * caller's staff roles must hold it, to read it for GET, to change it for any other method.
     * Every staff route declares one; test/authorization.test.ts fails on one that does not.
     */
    permission?: Permission;
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

/** The staff roles of the session's user while the session lasts (not signed out, not expired, not deactivated), else null. */
export async function liveSessionRoles(db: Db, tokenHash: string): Promise<StaffRole[] | null> {
  return (await sessionRoles(db, tokenHash, new Date())) ?? null;
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
  // The route's declared permission, checked before the request is read.
  app.addHook('onRequest', async (request) => {
    const { permission } = request.routeOptions.config;
    if (permission !== undefined) await checkPermission(request, permission, accessOfMethod(request.method));
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
// A staff route declares its permission instead: `config: { permission: 'payments' }`.

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, 'Authentication required');
}

/**
 * The refusal's language: the one the web app's visitor chose (its `language` cookie), else the
 * browser's when it says one; English for a client that says nothing (the API's canonical text).
 */
export function detailLanguage(request: FastifyRequest): 'ru' | 'en' {
  return chosenLanguage(request) ?? (request.headers['accept-language'] ? browserLanguage(request) : 'en');
}

export function forbidden(request: FastifyRequest): HttpError {
  return new HttpError(403, FORBIDDEN_DETAIL[detailLanguage(request)]);
}

/**
 * Staff rights need an activated account as well as a role that holds the permission: an account
 * whose address was never confirmed has none, and a deactivated one has no session at all.
 */
export async function checkPermission(request: FastifyRequest, permission: Permission, access: Access): Promise<void> {
  await requireUser(request);
  if (!isPermission(permission) || !request.user!.isActive || !may(request.user!.staffRoles, permission, access)) throw forbidden(request);
}

/** A guard for a permission, as an onRequest hook or preHandler, where `config` cannot say it. */
export function requirePermission(permission: Permission) {
  return (request: FastifyRequest) => checkPermission(request, permission, accessOfMethod(request.method));
}

/**
 * The guard of staff routes before roles: the manager or the superuser. A route that still uses
 * it keeps exactly that meaning; new routes declare `config: { permission }` instead.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  const { staffRoles, isActive } = request.user!;
  if (!isActive || !(staffRoles.includes('manager') || staffRoles.includes('superuser'))) throw forbidden(request);
}

export async function requireSuperuser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user!.isActive || !request.user!.staffRoles.includes('superuser')) throw forbidden(request);
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): StaffedUser {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  return request.user;
}
