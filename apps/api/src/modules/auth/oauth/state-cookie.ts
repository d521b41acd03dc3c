/**
 * The social sign-in's state and PKCE verifier live in the visitor's browser, not in the server's
 * memory: a short-lived httpOnly cookie, HMAC-signed with AUTH_SECRET so it cannot be forged or
 * edited. It is read once, by the callback, and cleared whatever the outcome.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, OAUTH_PROVIDERS, type OAuthProvider } from '@hotel/domain';

export const STATE_COOKIE = 'oauth_state';
const STATE_MINUTES = 10;
// The callbacks are API routes ({provider}/callback/), called by the web page of that name.
const COOKIE_PATH = `${API_PREFIX}/`;

export interface SignInState {
  provider: OAuthProvider;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

interface StoredState extends SignInState {
  expiresAt: number;
}

// Without AUTH_SECRET a key per process: enough for one instance (see .env.example).
const processKey = randomBytes(32);

function signature(request: FastifyRequest, payload: string): Buffer {
  const key = request.server.env.AUTH_SECRET ?? processKey;
  return createHmac('sha256', key).update(payload).digest();
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.server.env.NODE_ENV === 'production' && request.protocol === 'https',
  };
}

export function setStateCookie(request: FastifyRequest, reply: FastifyReply, value: SignInState): void {
  const stored: StoredState = { ...value, expiresAt: Date.now() + STATE_MINUTES * 60_000 };
  const payload = Buffer.from(JSON.stringify(stored)).toString('base64url');
  const signed = `${payload}.${signature(request, payload).toString('base64url')}`;
  reply.setCookie(STATE_COOKIE, signed, { ...cookieOptions(request), maxAge: STATE_MINUTES * 60 });
}

/** The state started for this provider in this browser, or null (none, forged, expired, other provider). */
export function takeStateCookie(request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider): SignInState | null {
  const raw = request.cookies[STATE_COOKIE];
  reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
  if (!raw || raw.length > 2000) return null;
  const [payload, mac] = raw.split('.');
  if (!payload || !mac) return null;
  const expected = signature(request, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const stored = JSON.parse(Buffer.from(payload, 'base64url').toString()) as StoredState;
    if (stored.provider !== provider || !OAUTH_PROVIDERS.includes(stored.provider)) return null;
    if (typeof stored.expiresAt !== 'number' || stored.expiresAt < Date.now()) return null;
    return {
      provider: stored.provider,
      state: stored.state,
      codeVerifier: stored.codeVerifier,
      redirectUri: stored.redirectUri,
    };
  } catch {
    return null;
  }
}
