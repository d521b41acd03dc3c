/** Test helpers for components: a fake API behind fetch, and a render with query client and router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { CLIENT_TOKEN_HEADER, type StaffRole } from '@hotel/domain';
import { Toaster } from '../shared/ui';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  /** The headers the call chose besides those every call sends (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** What a fake API answers a call with. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/** An answer held back until the test gives it: `answer(...)` settles `promise`. */
export function heldAnswer() {
  let answer!: (value: FakeAnswer) => void;
  const promise = new Promise<FakeAnswer>((resolve) => (answer = resolve));
  return { promise, answer };
}

/** Answers `METHOD path` (path under /api/v1/, e.g. "POST auth/login/") from the handlers; anything else fails the test. */
const EVERY_CALL_SENDS = new Set([CLIENT_TOKEN_HEADER.toLowerCase(), 'accept', 'content-type']);

export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const method = init?.method ?? 'GET';
    // A multipart body (FormData) is handed over as it is; JSON is parsed.
    // Only the headers a call chose (an Idempotency-Key): the ones every call sends would make
    // each test spell them out.
    const chosen = Object.entries((init?.headers ?? {}) as Record<string, string>).filter(([name]) => !EVERY_CALL_SENDS.has(name.toLowerCase()));
    const call = {
      method,
      path: path + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      ...(chosen.length > 0 ? { headers: Object.fromEntries(chosen) } : {}),
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected API call: ${method} ${path}`);
    const { status, body } = await handler(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The handlers stay the test's to change as the server would between two calls.
  return { calls, fetchMock, handlers };
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

export const testUser = {
  id: 7,
  email: 'anna@example.com',
  is_active: true,
  role: 'user' as const,
  roles: [] as StaffRole[],
  username: 'anna',
  first_name: 'Анна',
  last_name: 'Новик',
  phone: '+375291234567',
  extra_phone: null,
  gender: null,
  birthday: null,
  language: 'ru' as const,
};
