/**
 * The typed API client. Every call goes to /api/v1/, sends cookies and the client token header,
 * validates the answer with the domain's zod schema, and treats any 401 as "logged out".
 */
import type { z } from 'zod';
import { CLIENT_TOKEN_HEADER } from '@hotel/domain';
import { config } from '../config/env';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The whole answer, for errors that say more than their detail (a 409's `conflicts`). */
    readonly body: unknown = undefined,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/**
 * What the server said about a failure (its `detail`), or undefined when it said nothing a guest can
 * read: no answer ("Failed to fetch"), or a status line ("HTTP 502"). Screens show their own
 * translated fallback then, never a bare status in English.
 */
export function serverDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.body !== undefined && error.detail ? error.detail : undefined;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribe to 401 answers (the session store logs the user out locally). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
  /** Headers of the call besides the client token (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function apiUrl(path: string, query?: RequestOptions<z.ZodType>['query']): string {
  const url = new URL(config.apiBase + path.replace(/^\//, ''), window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { detail?: unknown } | null;
    if (typeof body?.detail === 'string') return new ApiError(response.status, body.detail, body);
  } catch {
    // Not JSON (a proxy's error page): fall through to the status text.
  }
  return new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
}

/**
 * Calls the API. With `schema` the answer is parsed with it (and typed by it); without, the
 * caller names the answer's type: `api<Room[]>('hotel/rooms/')`.
 */
export async function api<T = unknown, S extends z.ZodType<T> = z.ZodType<T>>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, [CLIENT_TOKEN_HEADER]: config.clientToken, accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(apiUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });

  if (response.status === 401) {
    for (const listener of unauthorizedListeners) listener();
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** Fetches a file the API makes (a CSV), with the same cookies and client token as every call. */
export async function apiFile(path: string, query?: RequestOptions['query']): Promise<Blob> {
  const response = await fetch(apiUrl(path, query), { credentials: 'include', headers: { [CLIENT_TOKEN_HEADER]: config.clientToken } });
  if (response.status === 401) {
    for (const listener of unauthorizedListeners) listener();
  }
  if (!response.ok) throw await readError(response);
  return response.blob();
}
