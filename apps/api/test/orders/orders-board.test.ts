/**
 * The live order board (issue 11, part 2): who may call, bad input, the transitions staff may and
 * may not make, cancelling with a reason (refunded, told to the guest), and the live streams: an
 * order's news reaches the staff and its owner, never another guest; two server instances on one
 * database hear each other's orders. On PGlite and, under `npm run test:pg`, on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOrderListSchema, staffOrderSchema, orderSchema, type OrderStatus } from '@hotel/domain';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { auditEvents, orders, payments } from '../../src/db/schema';
import { createDiskStorage } from '../../src/storage';
import { createTestApp, type TestApp } from '../app';
import { captureMail, type SentMail } from '../hotel-fixtures';
import { insertMenu, insertOrderingGuest, withExpectedTotal, type OrderingGuest, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { openSse, orderEvent, type SseStream } from '../support/sse';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let staff: TestUser;
let mail: SentMail[];
let base: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  call = caller(t);
  menu = await insertMenu(t);
  mail = captureMail(t);
  staff = await createUser(t, { role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await t?.close();
});

type Guest = OrderingGuest;
const guest = () => insertOrderingGuest(t, { firstName: 'Анна' });

async function place(g: Guest, app = t.app): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: g.user.headers,
    payload: await withExpectedTotal(t, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 2 }], comment: 'Звонок не работает' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function placePaid(g: Guest): Promise<number> {
  const id = await place(g);
  const res = await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card.publicId }, g.user.headers);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  expect(row!.status).toBe('accepted');
  return id;
}

const board = async () => staffOrderListSchema.parse((await call('GET', 'admin/orders/', undefined, staff.headers)).json());
const next = (id: number, from: OrderStatus) => call('POST', `admin/orders/${id}/next/`, { from }, staff.headers);
const cancel = (id: number, reason: unknown) => call('POST', `admin/orders/${id}/cancel/`, { reason }, staff.headers);
const statusOf = async (id: number) => (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('the order board (issue 11)', () => {
  it('only staff may read the board or move orders: 401 anonymous, 403 a guest', async () => {
    const g = await guest();
    for (const [method, url, body] of [
      ['GET', 'admin/orders/', undefined],
      ['POST', 'admin/orders/1/next/', { from: 'accepted' }],
      ['POST', 'admin/orders/1/cancel/', { reason: 'x' }],
    ] as const) {
      expect((await call(method, url, body)).statusCode, url).toBe(401);
      expect((await call(method, url, body, g.user.headers)).statusCode, url).toBe(403);
    }
  });

  it('lists open orders with the guest, dishes, address, comment, total and paid state; moves them on one step at a time', async () => {
    const g = await guest();
    const unpaid = await place(g);
    const paid = await placePaid(g);
    const listed = await board();
    const card = listed.find((order) => order.id === paid)!;
    expect(card).toMatchObject({ status: 'accepted', next_status: 'in_progress', paid: true, can_cancel: true, comment: 'Звонок не работает' });
    expect(card.guest.name).toBe('Анна');
    expect(card.items[0]!.quantity).toBe(2);
    expect(card.address.address).toBe('ул. Советская, 1');
    expect(listed.find((order) => order.id === unpaid)).toMatchObject({ status: 'pending', next_status: null, paid: false });

    for (const [from, to] of [
      ['accepted', 'in_progress'],
      ['in_progress', 'delivering'],
      ['delivering', 'completed'],
    ] as const) {
      const res = await next(paid, from);
      expect(res.statusCode, res.body).toBe(200);
      expect(staffOrderSchema.parse(res.json()).status).toBe(to);
    }
    // Completed today: still on the board, with nothing more to do.
    expect((await board()).find((order) => order.id === paid)).toMatchObject({ status: 'completed', next_status: null, can_cancel: false });
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `order ${paid}`)).limit(1);
    expect(entry).toMatchObject({ action: 'order.next', before: { status: 'accepted' }, after: { status: 'in_progress' } });
  });

  it('refuses what the state machine does not allow with 409 and a detail, and a stale board’s second click', async () => {
    const g = await guest();
    const unpaid = await place(g);
    let res = await next(unpaid, 'pending');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/pending/);
    expect(await statusOf(unpaid)).toBe('pending');

    const paid = await placePaid(g);
    expect((await next(paid, 'accepted')).statusCode).toBe(200);
    res = await next(paid, 'accepted');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/in_progress now/);
    expect(await statusOf(paid)).toBe('in_progress');
    expect((await next(paid, 'in_progress')).statusCode).toBe(200);
    // The courier has left: no cancelling now.
    res = await cancel(paid, 'Кухня закрыта');
    expect(res.statusCode).toBe(409);
    expect(await statusOf(paid)).toBe('delivering');
  });

  it('bad input is a 4xx with a detail, never a 5xx', async () => {
    const g = await guest();
    const id = await placePaid(g);
    for (const [url, body] of [
      [`admin/orders/${id}/next/`, {}],
      [`admin/orders/${id}/next/`, { from: 'cooking' }],
      [`admin/orders/${id}/next/`, { from: 'accepted', extra: 1 }],
      [`admin/orders/${id}/cancel/`, {}],
      [`admin/orders/${id}/cancel/`, { reason: '   ' }],
      [`admin/orders/${id}/cancel/`, { reason: 'x'.repeat(301) }],
      [`admin/orders/${id}/cancel/`, { reason: 42 }],
      ['admin/orders/abc/next/', { from: 'accepted' }],
      ['admin/orders/0/cancel/', { reason: 'x' }],
      ['admin/orders/99999999999/cancel/', { reason: 'x' }],
    ] as const) {
      const res = await call('POST', url, body, staff.headers);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.json<{ detail: unknown }>().detail).toBeTruthy();
    }
    expect((await call('POST', 'admin/orders/2147483647/next/', { from: 'accepted' }, staff.headers)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('accepted');
  });

  it('cancels with a reason: a paid order is refunded, the guest’s letter and order page give the reason', async () => {
    const g = await guest();
    const id = await placePaid(g);
    mail.length = 0;
    const res = await cancel(id, '  Закончился суп  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(staffOrderSchema.parse(res.json())).toMatchObject({ status: 'canceled', cancel_reason: 'Закончился суп', can_cancel: false });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment!.refundedAt).not.toBeNull();
    const letter = mail.find((m) => m.to === g.user.email)!;
    expect(letter.text).toContain('Причина: Закончился суп');
    const page = orderSchema.parse((await call('GET', `orders/${id}/`, undefined, g.user.headers)).json());
    expect(page).toMatchObject({ status: 'canceled', cancel_reason: 'Закончился суп' });
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `order ${id}`));
    expect(entry).toMatchObject({ action: 'order.cancel', after: { status: 'canceled', reason: 'Закончился суп' } });
    // A second cancel is refused, not repeated.
    expect((await cancel(id, 'again')).statusCode).toBe(409);
  });
});

describe('live orders (Server-Sent Events fed by LISTEN/NOTIFY)', () => {
  const streams: SseStream[] = [];
  const open = async (path: string, headers: Record<string, string>) => {
    const stream = await openSse(`${base}/${path}`, headers);
    streams.push(stream);
    return stream;
  };
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('a new order and each change of status reach the staff and the owner, never another guest', async () => {
    const owner = await guest();
    const other = await guest();
    const board = await open('admin/orders/events/', { cookie: staff.headers.cookie! });
    const mine = await open('orders/events/', { cookie: owner.user.headers.cookie! });
    const theirs = await open('orders/events/', { cookie: other.user.headers.cookie! });
    for (const stream of [board, mine, theirs]) {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
    }
    const id = await placePaid(owner);
    const seen = await board.next(orderEvent(id, 'pending'));
    expect(seen.id).toMatch(/^[a-z0-9]+\.\d+$/);
    await mine.next(orderEvent(id, 'pending'));
    await Promise.all([board.next(orderEvent(id, 'accepted')), mine.next(orderEvent(id, 'accepted'))]);
    expect((await next(id, 'accepted')).statusCode).toBe(200);
    await mine.next(orderEvent(id, 'in_progress'));

    // The other guest's own order comes through after the first one's news; the first never did.
    const theirsId = await place(other);
    await theirs.next(orderEvent(theirsId));
    expect(theirs.events.filter((event) => event.event === 'order').map((event) => JSON.parse(event.data).id)).toEqual([theirsId]);
  });

  it('refuses a stream without a session, a guest on the staff stream, and a request not from a page of the site', async () => {
    const g = await guest();
    expect((await open('orders/events/', {})).status).toBe(401);
    expect((await open('admin/orders/events/', {})).status).toBe(401);
    expect((await open('admin/orders/events/', { cookie: g.user.headers.cookie! })).status).toBe(403);
    const crossSite = await open('orders/events/', { cookie: g.user.headers.cookie!, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/orders/events/', headers: { cookie: g.user.headers.cookie! } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/this site/);
  });

  it('ends the guest’s stream when they sign out; bounds the streams of one session', async () => {
    const g = await guest();
    const stream = await open('orders/events/', { cookie: g.user.headers.cookie! });
    expect((await call('POST', 'auth/logout/', {}, g.user.headers)).statusCode).toBeLessThan(300);
    await stream.ended;

    const h = await guest();
    const opened: SseStream[] = [];
    for (let i = 0; i < 8; i += 1) opened.push(await open('orders/events/', { cookie: h.user.headers.cookie! }));
    expect(opened.every((s) => s.status === 200)).toBe(true);
    expect((await open('orders/events/', { cookie: h.user.headers.cookie! })).status).toBe(429);
    opened[0]!.close();
    await new Promise<void>((resolve) => {
      const retry = async () => {
        const again = await open('orders/events/', { cookie: h.user.headers.cookie! });
        if (again.status === 200) resolve();
        else setImmediate(retry);
      };
      void retry();
    });
  });

  it('a client that reconnects naming its last event is told to refetch everything', async () => {
    const g = await guest();
    const stream = await open('orders/events/', { cookie: g.user.headers.cookie!, 'last-event-id': 'abc.12' });
    await stream.next((event) => event.event === 'resync');
  });

  it('two server instances on one database: an order placed through one appears live on a board connected to the other', async () => {
    const url = (t.database.db as unknown as { $client?: pg.Pool }).$client?.options?.connectionString;
    // On PostgreSQL the second instance has its own pool and listener; PGlite is one database in this process.
    const database = t.database.driver === 'postgres' && url ? await openDatabase({ databaseUrl: url }) : t.database;
    const second = await buildApp({ env: t.env, database, storage: createDiskStorage(t.dataDir), logger: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}/api/v1`;
      const stream = await openSse(`${secondBase}/admin/orders/events/`, { cookie: staff.headers.cookie! });
      streams.push(stream);
      expect(stream.status).toBe(200);
      const g = await guest();
      const id = await place(g, t.app);
      await stream.next(orderEvent(id, 'pending'));
      // Closing the server with a stream open does not wait for the client to leave.
      await second.close();
      await stream.ended;
    } finally {
      await second.close();
      if (database !== t.database) await database.close();
    }
  });
});
