/**
 * The data versions every cache is keyed on (src/db/data-versions.ts, docs/caching.md): a write
 * made in SQL past the API reaches the kept search answers, the room list and the menu once it is
 * heard; a write through the API answers once its change is in them; and the embedded database
 * hands a statement's notifications over before its result, which lets a write there skip the
 * marker's round trip.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { products, roomHolds, rooms } from '../../src/db/schema';
import { stayRange } from '../../src/modules/hotel/reservations';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertMenu, type TestMenu } from '../order-fixtures';
import { createUser } from '../users';

describe.runIf(!process.env.DATABASE_URL)('the embedded database hands notifications over in order', () => {
  let dataDir: string;
  let threaded: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-versions-'));
    threaded = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await threaded.migrate();
  }, 60_000);
  afterAll(async () => {
    await threaded?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each([['in its own thread (the server)'], ['in this thread (the tests)']])(
    '%s: a statement’s and a transaction’s notifications are heard before they resolve',
    async (where) => {
      const t = where.startsWith('in its own') ? null : await createTestApp();
      const database = t?.database ?? threaded;
      try {
        expect(database.notifications.inOrder).toBe(true);
        const heard: string[] = [];
        const stop = await database.notifications.listen('menu', (payload) => heard.push(payload));
        await database.db.execute(sql`select pg_notify('menu', 'statement')`);
        expect(heard).toEqual(['statement']);
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('menu', 'transaction')`);
          // Delivered at commit, not before.
          expect(heard).toEqual(['statement']);
        });
        expect(heard).toEqual(['statement', 'transaction']);
        stop();
      } finally {
        await t?.close();
      }
    },
    30_000,
  );
});

describe('caches keyed on the data versions (HOT-16, DEL-01)', () => {
  let t: TestApp;
  let room: TestRooms;
  let menu: TestMenu;

  beforeAll(async () => {
    t = await createTestApp();
    room = await insertRooms(t);
    menu = await insertMenu(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (arrival: string, departure: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=1`, headers: t.headers });
  const offered = async (arrival: string, departure: string) => {
    const response = await search(arrival, departure);
    return response.statusCode === 200 ? (response.json() as { room: { id: number; price: number } }[]).map((v) => v.room) : [];
  };
  const menuPrice = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/delivery/products/', headers: t.headers });
    return (response.json() as { id: number; price: number }[]).find((product) => product.id === id)?.price;
  };

  it('HOT-16: a night blocked and a price changed in SQL past the API reach the kept search answer once heard', async () => {
    const [arrival, departure] = [day(40), day(42)];
    const ids = async () => (await offered(arrival, departure)).map((r) => r.id);
    expect(await ids()).toContain(room.single);
    expect(await ids()).toContain(room.single);

    await t.database.db.insert(roomHolds).values({ roomId: room.single, stay: stayRange({ arrival, departure }), kind: 'block' });
    await t.app.dataVersions.caughtUp();
    expect(await ids()).not.toContain(room.single);

    await t.database.db.update(rooms).set({ price: 260_00 }).where(eq(rooms.id, room.double));
    await t.app.dataVersions.caughtUp();
    expect((await offered(arrival, departure)).find((r) => r.id === room.double)?.price).toBe(260_00);
  });

  it('DEL-01: a dish’s price changed in SQL past the API reaches the kept menu once heard', async () => {
    expect(await menuPrice(menu.tea)).not.toBe(7_70);
    await t.database.db.update(products).set({ price: 7_70 }).where(eq(products.id, menu.tea));
    await t.app.dataVersions.caughtUp();
    expect(await menuPrice(menu.tea)).toBe(7_70);
  });

  it('API-48: a write through the API answers once its change is in the caches: the next read shows it, with nothing awaited', async () => {
    const staff = await createUser(t, { role: 'admin' });
    const [arrival, departure] = [day(60), day(61)];
    expect((await offered(arrival, departure)).find((r) => r.id === room.family)?.price).toBe(300_00);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/rooms/${room.family}/`,
      headers: staff.headers,
      payload: { price: 310_00 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await offered(arrival, departure)).find((r) => r.id === room.family)?.price).toBe(310_00);
  });
});
