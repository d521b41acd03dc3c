/**
 * GET /metrics (issue 22, point 6; metrics.ts): off without METRICS_TOKEN, bearer-protected with
 * it, and counting what an owner watches: requests by route and status with their latency,
 * bookings, orders and payments by outcome, calendar imports by result, live streams, the pool.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms } from '../hotel-fixtures';
import { openSse } from '../support/sse';
import { tinyWebBuild } from '../support/tiny-web-build';
import { insertMenu, insertOrderingGuest, withExpectedTotal } from '../order-fixtures';
import { createUser } from '../users';

const TOKEN = 'metrics-token-for-the-tests';

/** The value of one series in Prometheus' text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [series, value] = [line.slice(0, line.lastIndexOf(' ')), line.slice(line.lastIndexOf(' ') + 1)];
    if (Object.entries(labels).every(([key, wanted]) => series.includes(`${key}="${wanted}"`))) return Number(value);
  }
  return undefined;
}

describe('without METRICS_TOKEN', () => {
  it('there is no /metrics', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } })).statusCode).toBe(404);
      expect(t.app.routeTable.some((route) => route.url === '/metrics')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("with the web app served, /metrics is a 404, not the app's page (issue 43, point 7)", async () => {
    const build = await tinyWebBuild();
    const t = await createTestApp({}, { webDistFolder: build.dir });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/hotel' })).statusCode).toBe(200);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html' } });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.headers['content-type']).not.toMatch(/html/);
      expect(metrics.json()).toEqual({ detail: 'Not found' });
    } finally {
      await t.close();
      await build.release();
    }
  });

  it('a token too short is refused at start', async () => {
    await expect(createTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks for the bearer token, and says how in a 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().detail).toMatch(/Bearer/);
    }
  });

  it('counts requests by route pattern and status, with latency', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/v1/health/', headers: t.headers });
    await t.app.inject({ method: 'GET', url: '/api/v1/health/' });
    await t.app.inject({ method: 'GET', url: '/api/v1/hotel/reservations/987654/', headers: t.headers });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { route: '/api/v1/health/', method: 'GET', status: '200' })).toBe(3);
    expect(sample(text, 'http_requests_total', { route: '/api/v1/health/', method: 'GET', status: '403' })).toBe(1);
    // The pattern, not the id.
    expect(text).toContain('route="/api/v1/hotel/reservations/:id/"');
    expect(text).not.toContain('987654');
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/health/', method: 'GET' })).toBe(4);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(sample(text, 'hotel_database_up')).toBe(1);
    expect(sample(text, 'hotel_database_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
  });

  it('reads bookings and orders by outcome and calendars by their last import from the database', async () => {
    const room = await insertRooms(t);
    const guest = await createUser(t);
    await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(30), departure: day(31) });
    await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(30), departure: day(31), canceled: true });
    await t.database.db.insert(calendarFeeds).values([
      { roomId: room.single, name: 'Booking.com', url: 'https://example.com/a.ics', lastAttemptAt: new Date(), lastErrorCode: '' },
      { roomId: room.double, name: 'Airbnb', url: 'https://example.com/b.ics', lastAttemptAt: new Date(), lastErrorCode: 'timeout', lastError: 'no answer' },
      { roomId: room.family, name: 'Other', url: 'https://example.com/c.ics' },
    ]);
    const menu = await insertMenu(t);
    const orderer = await insertOrderingGuest(t);
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/',
      headers: orderer.user.headers,
      payload: await withExpectedTotal(t, { address_id: orderer.address, payment_method_id: orderer.card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }] }),
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const text = await scrape();
    expect(text).toMatch(/^hotel_orders\{status="\w+"\} 1$/m);
    // Payments are read by the same statement (hotel_database_up says it ran); a pending order has none yet.
    expect(sample(text, 'hotel_database_up')).toBe(1);
    expect(sample(text, 'hotel_reservations', { outcome: 'booked' })).toBe(1);
    expect(sample(text, 'hotel_reservations', { outcome: 'canceled' })).toBe(1);
    expect(sample(text, 'hotel_calendar_feeds', { last_import: 'ok' })).toBe(1);
    expect(sample(text, 'hotel_calendar_feeds', { last_import: 'failed' })).toBe(1);
    expect(sample(text, 'hotel_calendar_feeds', { last_import: 'never' })).toBe(1);
  });

  it('counts live streams while they are open', async () => {
    const guest = await createUser(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const streams = await Promise.all([1, 2].map(() => openSse(`http://127.0.0.1:${port}/api/v1/orders/events/`, guest.headers)));
    expect(sample(await scrape(), 'hotel_live_streams_open')).toBe(2);
    for (const stream of streams) stream.close();
    await expect.poll(async () => sample(await scrape(), 'hotel_live_streams_open')).toBe(0);
  });
});

describe('page views (issue 43, point 7)', () => {
  it('are counted by their page, unknown paths as unknown, never by the address itself', async () => {
    const build = await tinyWebBuild();
    const t = await createTestApp({ METRICS_TOKEN: TOKEN }, { webDistFolder: build.dir });
    try {
      for (const url of ['/hotel', '/hotel/', '/hotel?lang=en', '/delivery', '/', '/no/such/page-31337', '/hotel/nothing-31337']) {
        await t.app.inject({ method: 'GET', url });
      }
      const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'http_requests_total', { route: '/hotel', method: 'GET', status: '200' })).toBe(3);
      expect(sample(text, 'http_requests_total', { route: '/delivery', method: 'GET', status: '200' })).toBe(1);
      expect(sample(text, 'http_requests_total', { route: '/', method: 'GET', status: '200' })).toBe(1);
      expect(sample(text, 'http_requests_total', { route: 'unknown', method: 'GET' })).toBe(2);
      expect(text).not.toContain('unmatched');
      expect(text).not.toContain('31337');
    } finally {
      await t.close();
      await build.release();
    }
  });
});
