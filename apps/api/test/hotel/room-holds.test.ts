/**
 * The nights a room is taken (room_holds, migration 0008) and the notifications that announce
 * every change, on whichever database the suite runs (PGlite, or PostgreSQL under test:pg).
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orders, reservations, roomHolds, rooms } from '../../src/db/schema';
import { NOTIFICATIONS_APPLICATION_NAME, serverNotifications, type NotificationChannel } from '../../src/db/notifications';
import { stayRange } from '../../src/modules/hotel/reservations';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { createUser } from '../users';

let t: TestApp;
let room: TestRooms;
let owner: number;

beforeAll(async () => {
  t = await createTestApp();
  room = await insertRooms(t);
  owner = (await createUser(t)).id;
});
afterAll(async () => {
  await t?.close();
});

/** Resolves with the next payload on the channel that passes `match`. */
async function next(channel: NotificationChannel, match: (payload: string) => boolean = () => true) {
  let stop = () => {};
  const payload = new Promise<string>((resolve) => {
    void t.app.notifications
      .listen(channel, (message) => {
        if (match(message)) resolve(message);
      })
      .then((unlisten) => (stop = unlisten));
  });
  // LISTEN must be in place before the write that is awaited.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { payload: payload.finally(() => stop()) };
}

const holdsOf = (roomId: number) =>
  t.database.db.select({ stay: roomHolds.stay, kind: roomHolds.kind }).from(roomHolds).where(eq(roomHolds.roomId, roomId));

describe('room holds (HOT-20)', () => {
  it('a live reservation holds its nights; moving it moves them; cancelling frees them', async () => {
    const id = await insertReservation(t, { userId: owner, roomId: room.double, arrival: day(10), departure: day(12) });
    expect(await holdsOf(room.double)).toEqual([{ stay: stayRange({ arrival: day(10), departure: day(12) }), kind: 'reservation' }]);

    await t.database.db
      .update(reservations)
      .set({ roomId: room.single, stay: stayRange({ arrival: day(11), departure: day(13) }) })
      .where(eq(reservations.id, id));
    expect(await holdsOf(room.double)).toEqual([]);
    expect(await holdsOf(room.single)).toEqual([{ stay: stayRange({ arrival: day(11), departure: day(13) }), kind: 'reservation' }]);

    await t.database.db.update(reservations).set({ canceledAt: new Date() }).where(eq(reservations.id, id));
    expect(await holdsOf(room.single)).toEqual([]);
  });

  it('a block and a reservation can never share a night: the constraint refuses either way round', async () => {
    await t.database.db.insert(roomHolds).values({ roomId: room.family, stay: stayRange({ arrival: day(20), departure: day(23) }), kind: 'block', note: 'Ремонт' });
    await expect(insertReservation(t, { userId: owner, roomId: room.family, arrival: day(22), departure: day(24) })).rejects.toMatchObject({
      cause: { code: '23P01' },
    });
    await insertReservation(t, { userId: owner, roomId: room.family, arrival: day(23), departure: day(25) });
    await expect(
      t.database.db.insert(roomHolds).values({ roomId: room.family, stay: stayRange({ arrival: day(24), departure: day(26) }), kind: 'block' }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('the search does not offer a blocked room', async () => {
    await t.database.db.insert(roomHolds).values({ roomId: room.single, stay: stayRange({ arrival: day(40), departure: day(41) }), kind: 'block' });
    await t.app.dataVersions.caughtUp();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hotel/reservations/variants/',
      query: { arrival: day(40), departure: day(41), guest_count: '1' },
      headers: t.headers,
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as { room: { id: number } }[]).map((variant) => variant.room.id);
    expect(ids).not.toContain(room.single);
    expect(ids).toContain(room.double);
  });

  it('every room gets its own secret calendar token', async () => {
    const tokens = await t.database.db.select({ token: rooms.calendarToken }).from(rooms);
    expect(new Set(tokens.map((row) => row.token)).size).toBe(tokens.length);
    for (const { token } of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('notifications', () => {
  it('announce the rooms whose nights changed, after commit', async () => {
    const { payload } = await next('room_holds');
    await insertReservation(t, { userId: owner, roomId: room.double, arrival: day(60), departure: day(61) });
    expect(JSON.parse(await payload)).toEqual({ rooms: [room.double] });
  });

  it('announce a change to the rooms', async () => {
    const { payload } = await next('rooms');
    await t.database.db.update(rooms).set({ price: 260_00 }).where(eq(rooms.id, room.double));
    expect(await payload).toBe('');
  });

  it('announce a change to the menu', async () => {
    const { payload } = await next('menu');
    await t.database.db.update(categories).set({ position: 5 });
    expect(await payload).toBe('');
  });

  it('announce an order placed and each change of its status', async () => {
    const placed = await next('orders');
    const [order] = await t.database.db
      .insert(orders)
      .values({ userId: owner, address: { label: 'Дом', address: 'ул. Советская, 1', comment: '' } as never, itemsTotal: 100, deliveryFee: 0, total: 100 })
      .returning({ id: orders.id });
    expect(JSON.parse(await placed.payload)).toEqual({ id: order!.id, userId: owner, status: 'pending' });

    const accepted = await next('orders', (message) => JSON.parse(message).status === 'accepted');
    await t.database.db.update(orders).set({ status: 'accepted' }).where(eq(orders.id, order!.id));
    expect(JSON.parse(await accepted.payload)).toMatchObject({ id: order!.id, status: 'accepted' });
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('notifications on a PostgreSQL server', () => {
  const url = () => (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;

  /**
   * Ends the listening connections named `applicationName` in this test file's own database only:
   * the other test files run at the same time on the same server, each in its own database.
   */
  async function dropConnections(applicationName: string) {
    const admin = new pg.Client({ connectionString: url() });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [applicationName],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  }

  it('reconnect after the connection is lost, and say so, so missed news can be reloaded', async () => {
    const name = `notifications-test-${process.pid}`;
    const notifications = serverNotifications({ connectionString: `${url()}${url().includes('?') ? '&' : '?'}application_name=${name}`, retryMs: 20 });
    try {
      const heard: string[] = [];
      await notifications.listen('rooms', (payload) => heard.push(payload));
      const resynced = new Promise<void>((resolve) => notifications.onResync(resolve));

      await dropConnections(name);
      await resynced;

      await t.database.db.execute(sql`NOTIFY rooms, 'after'`);
      await expect.poll(() => heard).toContain('after');
    } finally {
      await notifications.close();
    }
  });

  it('a write whose notice is lost with the connection still answers, and the reload after the reconnect shows it', async () => {
    await dropConnections(NOTIFICATIONS_APPLICATION_NAME);
    await t.database.db.insert(roomHolds).values({ roomId: room.single, stay: stayRange({ arrival: day(70), departure: day(71) }), kind: 'block' });
    // Resolves: by the notice, by the reload after the reconnect, or at worst after CAUGHT_UP_WAIT_MS.
    await t.app.dataVersions.caughtUp();
    await expect.poll(() => t.app.availability.search({ arrival: day(70), departure: day(71) }, 1).map((r) => r.id)).not.toContain(room.single);
  });
});
