/**
 * The query cache, loaded when a screen needs it rather than with every first visit. TanStack
 * Query's client is some 10 KB of the first download (gzip), and a page whose first render asks
 * for no server data (the home page, whose rooms come when they are near) does not need it before
 * it is live. The app's frame always has a `QueryClientProvider`; until the client has loaded it
 * holds a placeholder, which no component reads: every route's code is loaded together with the
 * client (app/router.tsx, unless the route is marked `drawnWithoutQueries`), and a part of a page
 * loaded later that asks for data does the same (`withQueryClient`).
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { seedFromPage } from './app-data';

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/** The app's query client, loaded (and seeded with the data the page carries) on the first call. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ createQueryClient }) => {
    const created = createQueryClient();
    // A page rendered with API data (/hotel's rooms) carries it, so the first render draws the same.
    if (typeof document !== 'undefined') seedFromPage(created);
    client = created;
    for (const listener of listeners) listener();
    return created;
  });
  // Offline when it was asked for: the next screen asks again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** A module's loader that settles once the query client is there too (a route's `lazy`, `React.lazy`). */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadQueryClient()]))[0];
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const loadedClient = () => client;

// Never read: a component reads the context only once the client has loaded (see above).
const PLACEHOLDER = { mount() {}, unmount() {} } as unknown as QueryClient;

/** Whether `queryClient` (from `useQueryClient`) is the app's client, not the placeholder before it. */
export function isQueryClientLoaded(queryClient: QueryClient): boolean {
  return queryClient !== PLACEHOLDER;
}

const WITHOUT_QUERIES = Symbol('drawnWithoutQueries');

/**
 * Marks a route's loader whose screen asks for no server data while it is first drawn, so the
 * first visit to it does not wait for the query client (app/router.tsx). A part of it that does ask
 * is loaded `withQueryClient`.
 */
export function drawnWithoutQueries<T extends () => Promise<unknown>>(load: T): T {
  return Object.assign(load, { [WITHOUT_QUERIES]: true });
}

export function isDrawnWithoutQueries(load: unknown): boolean {
  return typeof load === 'function' && WITHOUT_QUERIES in load;
}

/** `QueryClientProvider` with the app's client as soon as it has loaded. */
export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, loadedClient, loadedClient);
  return <QueryClientProvider client={current ?? PLACEHOLDER}>{children}</QueryClientProvider>;
}
