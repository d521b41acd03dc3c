/** Small helpers for app.inject calls in the identity tests. */
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/modules/auth/session';
import type { TestApp } from '../app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Caller {
  (method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Calls /api/v1/<url> with the client token and, if given, extra headers (a session cookie). */
export function caller(t: TestApp, base: Record<string, string> = t.headers): Caller {
  return (method, url, body, headers = {}) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...base, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
}

/** The session cookie a response set, ready for a `cookie` header, or undefined. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie && cookie.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** Headers of a caller signed in with the session cookie this response set. */
export function signedIn(t: TestApp, res: LightMyRequestResponse): Record<string, string> {
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error(`no session cookie set (status ${res.statusCode}: ${res.body})`);
  return { ...t.headers, cookie };
}
