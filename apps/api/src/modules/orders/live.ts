/**
 * Live orders over Server-Sent Events (issue 11, part 2), fed by PostgreSQL's LISTEN/NOTIFY: the
 * `orders` trigger announces every new order and every change of status, on whichever instance it
 * happened, and each instance passes it on to its open streams. Staff hear every order; a guest
 * hears only their own. An event names the order and its status; the page refetches what changed.
 *
 * Nothing is replayed: a client that (re)connects refetches everything, and one that names the
 * last event it saw (Last-Event-ID) is told `resync` at once, as every stream is when the
 * database's listener reconnects and notifications may have been lost.
 *
 * The front desk's screens (the desk, housekeeping; issue 45) follow the same way on a staff stream
 * of their own: the `front_desk` trigger names the room whose stay or state changed.
 *
 * These routes are registered outside the client-token scope, because EventSource cannot send a
 * header: the session cookie plus `Sec-Fetch-Site: same-origin` take its place
 * (docs/decisions/019-live-updates.md).
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, may, LIVE_RECONNECT_SECONDS, LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_USER, ORDER_STATUSES, type OrderStatus } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { currentUser, liveSessionRoles, requireUser } from '../auth/session';

/** The staff's streams open on each server (this instance's order boards), for the kitchen's notices. */
const staffStreamCounts = new WeakMap<object, () => number>();

/**
 * How many order boards are open on this instance now: a paid order nobody watches is sent to the
 * kitchen as a notice (order-notice.ts). Another instance's boards are not seen (decision 053).
 */
export function orderBoardsOpen(app: Pick<FastifyInstance, 'server'>): number {
  return staffStreamCounts.get(app.server)?.() ?? 0;
}

/** A comment this often keeps proxies from closing an idle stream; the session is checked again then. */
export const HEARTBEAT_MS = 20_000;

/** A stream closed by a shutting-down server: its browser reconnects within 0.5–2.5 s, not all at once. */
export const reconnectElsewhereMs = () => 500 + Math.floor(Math.random() * 2000);

interface Stream {
  out: PassThrough;
  /** Whose orders it tells of; null: everyone's (staff). */
  userId: number | null;
  /** Who opened it, and from where: the limits count both. */
  owner: number;
  address: string;
  staff: boolean;
  session: string;
  /** What it tells of: orders, or the front desk's stays and rooms (staff only). */
  topic: 'orders' | 'front_desk';
}

const crossSite = 'Live updates are sent to pages of this site only';

/** EventSource sends no custom header; a browser says where the request comes from, and no page can forge that. */
async function sameOriginOnly(request: FastifyRequest) {
  if (request.headers['sec-fetch-site'] !== 'same-origin') throw new HttpError(403, crossSite);
}

const streamSchema = {
  produces: ['text/event-stream'],
  headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
  response: {
    200: z.string().meta({ description: 'text/event-stream: `event: order` with `{"id","status"}`; `event: resync`' }),
    401: errorSchema,
    403: errorSchema,
    429: errorSchema,
  },
};

export const liveOrderRoutes: FastifyPluginAsyncZod<{ heartbeatMs?: number }> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const streams = new Set<Stream>();
  staffStreamCounts.set(app.server, () => [...streams].filter((stream) => stream.staff).length);
  // Event ids: this instance's start and a counter, so an id is never reused by a restarted server.
  const boot = Date.now().toString(36);
  let counter = 0;

  const write = (stream: Stream, event: string, data: unknown) => {
    counter += 1;
    stream.out.write(`id: ${boot}.${counter}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const unlisten = await app.notifications.listen('orders', (payload) => {
    let change: { id: number; userId: number; status: OrderStatus };
    try {
      change = JSON.parse(payload) as typeof change;
    } catch {
      return;
    }
    if (!ORDER_STATUSES.includes(change.status)) return;
    for (const stream of streams) {
      if (stream.topic === 'orders' && (stream.staff || stream.userId === change.userId)) write(stream, 'order', { id: change.id, status: change.status });
    }
  });
  const unlistenDesk = await app.notifications.listen('front_desk', (payload) => {
    let change: { room_id: number | null };
    try {
      change = JSON.parse(payload) as typeof change;
    } catch {
      return;
    }
    const event = { room_id: typeof change.room_id === 'number' ? change.room_id : null };
    for (const stream of streams) if (stream.topic === 'front_desk' && stream.staff) write(stream, 'front_desk', event);
  });
  const stopResync = app.notifications.onResync(() => {
    for (const stream of streams) write(stream, 'resync', {});
  });

  const end = (stream: Stream) => {
    if (!streams.delete(stream)) return;
    stream.out.end();
  };
  app.sessionEnded.add((session) => {
    for (const stream of streams) if (stream.session === session) end(stream);
  });

  // Streams never end by themselves: the server closes them before it stops (app.close() must not
  // wait), first telling the browser to reconnect soon, which reaches another instance (process-health.ts).
  app.addHook('preClose', async () => {
    for (const stream of streams) {
      stream.out.write(`retry: ${reconnectElsewhereMs()}\n\n`);
      end(stream);
    }
  });
  app.addHook('onClose', async () => {
    unlisten();
    unlistenDesk();
    stopResync();
  });

  /** Is the stream's session still there (not signed out, not expired), and still staff if it was? */
  async function stillSignedIn(stream: Stream): Promise<boolean> {
    const roles = await liveSessionRoles(app.db, stream.session);
    if (!roles) return false;
    return !stream.staff || may(roles, 'orders.board');
  }

  /**
   * Why one more stream may not open, or null. A session alone is not enough: one user held 500
   * streams through 63 sessions, so the user, the client address and the instance count too.
   */
  function refusal(session: string, owner: number, address: string): string | null {
    if (streams.size >= app.env.LIVE_STREAMS_MAX) return 'The server has as many live pages open as it can; the page will try again';
    let ofSession = 0;
    let ofUser = 0;
    let ofAddress = 0;
    for (const stream of streams) {
      if (stream.session === session) ofSession += 1;
      if (stream.owner === owner) ofUser += 1;
      if (stream.address === address) ofAddress += 1;
    }
    if (ofSession >= LIVE_STREAMS_PER_SESSION) return `At most ${LIVE_STREAMS_PER_SESSION} live pages at once; close one`;
    if (ofUser >= LIVE_STREAMS_PER_USER) return `At most ${LIVE_STREAMS_PER_USER} live pages of one account at once; close one`;
    if (ofAddress >= app.env.LIVE_STREAMS_PER_ADDRESS) return 'Too many live pages are open from your network; the page will try again';
    return null;
  }

  function open(request: FastifyRequest, reply: FastifyReply, staff: boolean, topic: Stream['topic'] = 'orders') {
    const user = currentUser(request);
    const session = request.sessionTokenHash!;
    const refused = refusal(session, user.id, request.ip);
    if (refused) {
      // The page waits this long before it tries again (shared/live/live-orders.ts).
      reply.header('retry-after', LIVE_RECONNECT_SECONDS);
      throw new HttpError(429, refused);
    }
    const stream: Stream = { out: new PassThrough(), userId: staff ? null : user.id, owner: user.id, address: request.ip, staff, session, topic };
    streams.add(stream);
    // The browser reconnects after 3 s when the connection drops.
    stream.out.write('retry: 3000\n\n');
    if (request.headers['last-event-id']) write(stream, 'resync', {});
    const heartbeat = setInterval(() => {
      stream.out.write(': ping\n\n');
      stillSignedIn(stream).then(
        (yes) => yes || end(stream),
        () => {},
      );
    }, heartbeatMs);
    heartbeat.unref();
    const closed = () => {
      clearInterval(heartbeat);
      end(stream);
    };
    stream.out.on('close', closed);
    reply.raw.on('close', closed);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream.out);
  }

  app.get(
    '/admin/orders/events/',
    {
      onRequest: sameOriginOnly,
      // Held open for hours: it must not keep a place in the embedded database's line.
      config: { compress: false, database: false, permission: 'orders.board' },
      schema: { tags: ['admin'], summary: 'Every order placed or moved on, live (Server-Sent Events; permission orders.board)', ...streamSchema },
    },
    async (request, reply) => open(request, reply, true),
  );

  app.get(
    '/admin/front-desk/events/',
    {
      onRequest: sameOriginOnly,
      // Held open for hours: it must not keep a place in the embedded database's line. Reception
      // reads the rooms' states too, so the housekeeping permission's readers cover both screens.
      config: { compress: false, database: false, permission: 'housekeeping' },
      schema: {
        tags: ['admin'],
        summary: "A stay checked in or out, cancelled or moved, a room's state changed, live (Server-Sent Events; permission housekeeping, which reception reads)",
        ...streamSchema,
        response: { ...streamSchema.response, 200: z.string().meta({ description: 'text/event-stream: `event: front_desk` with `{"room_id"}`; `event: resync`' }) },
      },
    },
    async (request, reply) => open(request, reply, true, 'front_desk'),
  );

  app.get(
    '/orders/events/',
    {
      onRequest: [requireUser, sameOriginOnly],
      // Held open for hours: it must not keep a place in the embedded database's line.
      config: { compress: false, database: false },
      schema: { tags: ['orders'], summary: "The signed-in guest's own orders placed or moved on, live (Server-Sent Events; owner)", ...streamSchema },
    },
    async (request, reply) => open(request, reply, false),
  );
};
