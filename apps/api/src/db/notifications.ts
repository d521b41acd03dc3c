/**
 * PostgreSQL's LISTEN/NOTIFY for the rest of the server, over both drivers. Triggers announce
 * changes (migration 0008: `room_holds`, `rooms`, `menu`, `orders`), so every instance on one database
 * hears every write, its own and the others'. Notifications are delivered after commit.
 *
 * A notification sent while the connection was down is lost, so after a reconnect every
 * `onResync` callback runs: whoever keeps a copy of the data reloads it, and live pages refetch.
 */
import type { PGliteInterface } from '@electric-sql/pglite';
import type pg from 'pg';
import { ownConnection } from './repository';

export type NotificationChannel = 'room_holds' | 'rooms' | 'orders' | 'menu' | 'reviews' | 'front_desk' | 'caught_up';

export interface Notifications {
  /** Calls `onMessage` with each payload sent on the channel; answers a function that stops it. */
  listen(channel: NotificationChannel, onMessage: (payload: string) => void): Promise<() => void>;
  /** Calls `onResync` after the connection was lost and is back: notifications may have been missed. */
  onResync(onResync: () => void): () => void;
  /** Whether notifications are heard now (readiness, process-health.ts). */
  connected(): boolean;
  /**
   * A statement's notifications reach the listeners before the statement's own result reaches its
   * caller: true on the embedded database (one connection), false on a server (another connection).
   */
  readonly inOrder: boolean;
  close(): Promise<void>;
}

type Handlers = Map<string, Set<(payload: string) => void>>;

function dispatch(handlers: Handlers, channel: string, payload: string) {
  for (const handler of handlers.get(channel) ?? []) {
    try {
      handler(payload);
    } catch {
      // One listener's failure must not keep the others from hearing the news.
    }
  }
}

/** PGlite is one connection in this process: nothing is ever missed, so there is no resync. */
export function pgliteNotifications(client: PGliteInterface): Notifications {
  const handlers: Handlers = new Map();
  const stops = new Map<string, Promise<unknown>>();
  return {
    async listen(channel, onMessage) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onMessage);
      if (!stops.has(channel)) stops.set(channel, client.listen(channel, (payload) => dispatch(handlers, channel, payload)));
      await stops.get(channel);
      return () => set.delete(onMessage);
    },
    onResync: () => () => {},
    connected: () => true,
    // PGlite calls the listeners (by queueMicrotask) while it reads the statement's answer, and
    // its thread (pglite-thread.ts) posts them before the result: test/platform/data-versions.test.ts.
    inOrder: true,
    async close() {
      handlers.clear();
    },
  };
}

export interface ServerNotificationsOptions {
  connectionString: string;
  /** Told about a lost connection (it is retried); the server logs it. */
  onError?: (error: Error) => void;
  /** The first wait before reconnecting, doubled up to 5 s. */
  retryMs?: number;
}

/** How the listening connection is named in `pg_stat_activity`. */
export const NOTIFICATIONS_APPLICATION_NAME = 'hotel-notifications';

/** One dedicated connection (a pool's connections come and go and would drop LISTEN). */
export function serverNotifications({ connectionString, onError, retryMs = 100 }: ServerNotificationsOptions): Notifications {
  const handlers: Handlers = new Map();
  const resyncs = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let wait = retryMs;
  let retryTimer: NodeJS.Timeout | undefined;

  /** The channels each connection has said LISTEN for. */
  const listening = new WeakMap<pg.Client, Set<string>>();

  async function listenOn(connection: pg.Client, channel: string) {
    const channels = listening.get(connection) ?? new Set();
    listening.set(connection, channels);
    if (channels.has(channel)) return;
    channels.add(channel);
    await connection.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  }

  async function connect(): Promise<pg.Client> {
    const next = ownConnection(connectionString, NOTIFICATIONS_APPLICATION_NAME);
    next.on('notification', (message) => dispatch(handlers, message.channel, message.payload ?? ''));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('The notification connection ended')));
    await next.connect();
    for (const channel of handlers.keys()) await listenOn(next, channel);
    return next;
  }

  function lost(which: pg.Client, error: Error) {
    if (closed || client !== which) return;
    client = undefined;
    onError?.(error);
    which.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await ensure();
        wait = retryMs;
        for (const resync of resyncs) resync();
      } catch (error) {
        onError?.(error as Error);
        wait = Math.min(wait * 2, 5000);
        scheduleReconnect();
      }
    }, wait);
    retryTimer.unref();
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then(
      (next) => {
        connecting = undefined;
        if (closed) {
          void next.end();
          throw new Error('Notifications are closed');
        }
        client = next;
        return next;
      },
      (error: unknown) => {
        connecting = undefined;
        throw error;
      },
    );
    return connecting;
  }

  return {
    async listen(channel, onMessage) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onMessage);
      await listenOn(await ensure(), channel);
      return () => set.delete(onMessage);
    },
    onResync(onResync) {
      resyncs.add(onResync);
      return () => resyncs.delete(onResync);
    },
    connected: () => client !== undefined,
    inOrder: false,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      handlers.clear();
      resyncs.clear();
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
