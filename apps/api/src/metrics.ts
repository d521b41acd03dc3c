/**
 * `GET /metrics` in Prometheus' text format (issue 22, point 6), off unless METRICS_TOKEN is set,
 * then only with `Authorization: Bearer <token>`. Per instance: requests by route and status with
 * their latency, live streams open, the database pool, the process (memory, CPU, event loop).
 * From the database, the same on every instance: bookings, orders and payments by outcome, and
 * booking-site calendars by the result of their last import. Each instance is scraped on its own
 * address, not through the balancer (docs/decisions/034-beyond-one-machine.md).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/client';
import { countFeedsByLastImport } from './modules/calendars/repository';
import { countReservationsByOutcome } from './modules/hotel/repository';
import { countOrdersByStatus } from './modules/orders/repository';
import { countPaymentsByStatus } from './modules/payments/repository';
import { HttpError } from './plugins/errors';
import { pageRouteOf } from './plugins/web-app';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The pool of node-postgres, or the embedded database's line of statements. */
interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export const metricsPlugin = fp(async (app: FastifyInstance, options: { database: Database }) => {
  const token = app.env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route (its pattern), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const liveStreams = new Gauge({ name: 'hotel_live_streams_open', help: 'Live order streams (Server-Sent Events) open on this instance', registers: [registry] });

  const tallies = {
    reservation: new Gauge({ name: 'hotel_reservations', help: 'Bookings in the database by outcome', labelNames: ['outcome'] as const, registers: [registry] }),
    order: new Gauge({ name: 'hotel_orders', help: 'Food orders in the database by status', labelNames: ['status'] as const, registers: [registry] }),
    payment: new Gauge({
      name: 'hotel_payments',
      help: 'Payment attempts in the database by status and purpose',
      labelNames: ['status', 'purpose'] as const,
      registers: [registry],
    }),
    calendar_feed: new Gauge({
      name: 'hotel_calendar_feeds',
      help: "Booking sites' calendars by the result of their last import",
      labelNames: ['last_import'] as const,
      registers: [registry],
    }),
  };
  const databaseUp = new Gauge({ name: 'hotel_database_up', help: '1 when the counts above could be read', registers: [registry] });
  const pool = new Gauge({
    name: 'hotel_database_connections',
    help: 'PostgreSQL pool connections by state (in use, idle, waited for); embedded: statements waiting or running',
    labelNames: ['state'] as const,
    registers: [registry],
  });

  async function readDatabase() {
    for (const gauge of Object.values(tallies)) gauge.reset();
    try {
      // Each count from its table's owner; four small statements a scrape every 15 s hardly feels.
      const [reservations, orders, payments, feeds] = await Promise.all([
        countReservationsByOutcome(app.db),
        countOrdersByStatus(app.db),
        countPaymentsByStatus(app.db),
        countFeedsByLastImport(app.db),
      ]);
      for (const { label, n } of reservations) tallies.reservation.set({ outcome: label }, n);
      for (const { label, n } of orders) tallies.order.set({ status: label }, n);
      for (const { label, detail, n } of payments) tallies.payment.set({ status: label, purpose: detail }, n);
      for (const { label, n } of feeds) tallies.calendar_feed.set({ last_import: label }, n);
      databaseUp.set(1);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: the database counts could not be read');
      databaseUp.set(0);
    }
    const client = (app.db as unknown as { $client?: Partial<PoolLike> }).$client;
    if (options.database.driver === 'postgres' && typeof client?.totalCount === 'number') {
      pool.set({ state: 'in_use' }, client.totalCount - (client.idleCount ?? 0));
      pool.set({ state: 'idle' }, client.idleCount ?? 0);
      pool.set({ state: 'waiting' }, client.waitingCount ?? 0);
    } else {
      pool.set({ state: 'in_use' }, options.database.pending?.() ?? 0);
    }
  }

  app.addHook('onSend', async (_request, reply, payload) => {
    // A live stream counts from its first byte until its connection closes.
    if (reply.statusCode === 200 && String(reply.getHeader('content-type')).startsWith('text/event-stream')) {
      liveStreams.inc();
      reply.raw.once('close', () => liveStreams.dec());
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path itself: ids and file names would make a series each.
    // Pages are answered outside any route, and counted by their page (web-app.ts).
    const route = request.routeOptions.url ?? pageRouteOf(request.url);
    if (route === '/metrics') return;
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    {
      config: { session: false, database: false },
      schema: { hide: true },
      onRequest: async (request) => {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!given || !timingSafeEqual(digest(given), expected)) throw new HttpError(401, 'The metrics need Authorization: Bearer <METRICS_TOKEN>');
      },
    },
    async (_request, reply) => {
      await readDatabase();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    },
  );
});
