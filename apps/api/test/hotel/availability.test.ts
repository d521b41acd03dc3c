/**
 * Availability from memory (modules/hotel/availability.ts): the same answers as the SQL search it
 * replaced, on random stays over a busy calendar; and, on a PostgreSQL server, a second instance
 * on the same database follows the first's bookings, cancellations and moves, and its caches
 * follow changes made through the first or by SQL (db/data-versions.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_ROOM_FITS_DETAIL, NO_ROOMS_DETAIL, PARTIAL_AVAILABILITY_DETAIL } from '@hotel/domain';
import { buildApp } from '../../src/app';
import { openDatabase, type Db } from '../../src/db/client';
import { conveniences, products, roomConveniences, roomHolds, rooms } from '../../src/db/schema';
import { RoomCalendar } from '../../src/modules/hotel/availability';
import type { RoomView } from '../../src/modules/hotel/repository';
import { stayRange, type Stay } from '../../src/modules/hotel/reservations';
import { createDiskStorage } from '../../src/storage';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard, insertMenu } from '../order-fixtures';
import { createUser, type TestUser } from '../users';

/** The search as one SQL statement did it before it moved to memory: the reference answer. */
async function searchBySql(db: Db, stay: Stay, guestCount: number): Promise<RoomView[] | string> {
  const range = stayRange(stay);
  const { rows } = (await db.execute(sql`
    select json_build_object(
      'id', r.id, 'slug', r.slug, 'name', r.name, 'description', r.description, 'images', r.images,
      'price', r.price, 'extraPrice', r.extra_price, 'primaryCapacity', r.primary_capacity,
      'extraCapacity', r.extra_capacity, 'roomSize', r.room_size, 'nonRefundablePercent', r.non_refundable_percent,
      'conveniences', coalesce((
        select json_agg(json_build_object('id', c.id, 'description', c.description, 'image', c.image) order by c.id)
        from ${roomConveniences} rc join ${conveniences} c on c.id = rc.convenience_id
        where rc.room_id = r.id
      ), '[]'::json)
    ) as room
    from ${rooms} r
    where r.primary_capacity + r.extra_capacity >= ${guestCount}
      and not exists (select 1 from ${roomHolds} x where x.room_id = r.id and x.stay && ${range}::daterange)
    order by r.position, r.id`)) as unknown as { rows: { room: RoomView | string }[] };
  if (rows.length > 0) return rows.map((row) => (typeof row.room === 'string' ? (JSON.parse(row.room) as RoomView) : row.room));
  const why = (await db.execute(sql`
    select count(*) > 0 as fitting,
      coalesce(bool_or(exists (
        select 1 from generate_series(${stay.arrival}::timestamp, (${stay.departure}::date - 1)::timestamp, interval '1 day') as night(day)
        where not exists (select 1 from ${roomHolds} x where x.room_id = r.id and x.stay @> night.day::date)
      )), false) as partly
    from ${rooms} r
    where r.primary_capacity + r.extra_capacity >= ${guestCount}`)) as unknown as { rows: { fitting: boolean; partly: boolean }[] };
  if (!why.rows[0]?.fitting) return NO_ROOM_FITS_DETAIL;
  return why.rows[0].partly ? PARTIAL_AVAILABILITY_DETAIL : NO_ROOMS_DETAIL;
}

function searchInMemory(t: TestApp, stay: Stay, guestCount: number): RoomView[] | string {
  try {
    // The rooms as the SQL search reads them, without the rates kept beside them.
    return t.app.availability.search(stay, guestCount).map(({ rates: _rates, ...room }) => room);
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a room calendar', () => {
  const calendar = RoomCalendar.of([
    [10, 12],
    [12, 13],
    [20, 25],
  ]);
  it('is free only where no range is', () => {
    expect(calendar.isFree(0, 10)).toBe(true);
    expect(calendar.isFree(9, 11)).toBe(false);
    expect(calendar.isFree(13, 20)).toBe(true);
    expect(calendar.isFree(24, 25)).toBe(false);
    expect(calendar.isFree(25, 40)).toBe(true);
  });
  it('knows whether a stay has at least one free night', () => {
    expect(calendar.hasFreeNight(10, 13)).toBe(false);
    expect(calendar.hasFreeNight(10, 14)).toBe(true);
    expect(calendar.hasFreeNight(20, 25)).toBe(false);
    expect(calendar.hasFreeNight(19, 21)).toBe(true);
  });
});

describe('availability from memory (HOT-16, ERR-21, ERR-22)', () => {
  let t: TestApp;
  let room: TestRooms;

  beforeAll(async () => {
    t = await createTestApp();
    room = await insertRooms(t);
    const owner = (await createUser(t)).id;
    const [wifi] = await t.database.db.insert(conveniences).values({ description: { ru: 'Wi-Fi', en: 'Wi-Fi' } }).returning();
    await t.database.db.insert(roomConveniences).values({ roomId: room.family, convenienceId: wifi!.id });
    // A busy calendar: short stays with gaps over the next months, a block and a cancelled stay.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const roomId of [room.double, room.family, room.single]) {
      let offset = 1 + Math.floor(random() * 3);
      while (offset < 120) {
        const nights = 1 + Math.floor(random() * 4);
        await insertReservation(t, { userId: owner, roomId, arrival: day(offset), departure: day(offset + nights), canceled: random() < 0.1 });
        offset += nights + Math.floor(random() * 3);
      }
    }
    await t.database.db.insert(roomHolds).values({ roomId: room.family, stay: stayRange({ arrival: day(130), departure: day(140) }), kind: 'block' });
    await t.app.dataVersions.caughtUp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 300 random searches exactly as the SQL search did', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const start = Math.floor(random() * 150);
      const stay = { arrival: day(start), departure: day(start + 1 + Math.floor(random() * 6)) };
      const guests = 1 + Math.floor(random() * 5);
      const expected = await searchBySql(t.database.db, stay, guests);
      const actual = searchInMemory(t, stay, guests);
      expect(actual, `${stay.arrival}..${stay.departure}, ${guests} guests`).toEqual(expected);
      seen.add(typeof expected === 'string' ? expected : 'rooms');
    }
    // The sample reaches every kind of answer.
    expect([...seen].sort()).toEqual(['rooms', NO_ROOMS_DETAIL, PARTIAL_AVAILABILITY_DETAIL, NO_ROOM_FITS_DETAIL].sort());
  });

  it('a search asked again gets the kept answer until a booking changes the calendars or the hotel’s date moves on (HOT-16)', async () => {
    const search = (arrival: string, departure: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=1`, headers: t.headers });
    const offered = (response: Awaited<ReturnType<typeof search>>) => (response.json() as { room: { id: number } }[]).map((v) => v.room.id);

    const first = await search(day(200), day(202));
    expect(offered(first)).toContain(room.single);
    expect((await search(day(200), day(202))).body).toBe(first.body);

    const owner = (await createUser(t)).id;
    await insertReservation(t, { userId: owner, roomId: room.single, arrival: day(201), departure: day(202) });
    expect(offered(await search(day(200), day(202)))).not.toContain(room.single);

    // Tomorrow's arrival, asked today, then the day after tomorrow: by then it is in the past.
    const tomorrow = [day(1), day(2)] as const;
    expect((await search(...tomorrow)).statusCode).not.toBe(422);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 86_400_000);
      const later = await search(...tomorrow);
      expect(later.statusCode).toBe(422);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the room list is the same as the database’s, amenities included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/hotel/rooms/', headers: t.headers });
    const family = (response.json() as { id: number; conveniences: unknown[] }[]).find((r) => r.id === room.family)!;
    expect(family.conveniences).toHaveLength(1);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let closeB: () => Promise<void>;
  let room: TestRooms;
  let guest: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    a = await createTestApp();
    room = await insertRooms(a);
    guest = await createUser(a);
    staff = await createUser(a, { role: 'admin' });
    const url = (a.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const database = await openDatabase({ databaseUrl: url });
    b = await buildApp({ env: a.env, database, storage: createDiskStorage(a.dataDir), logger: false });
    await b.ready();
    closeB = async () => {
      await b.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await closeB?.();
    await a?.close();
  });

  const offeredByB = async (arrival: string, departure: string) => {
    const response = await b.inject({
      method: 'GET',
      url: '/api/v1/hotel/reservations/variants/',
      query: { arrival, departure, guest_count: '1' },
      headers: a.headers,
    });
    return response.statusCode === 200 ? (response.json() as { room: { id: number } }[]).map((v) => v.room.id) : [];
  };
  // The other instance keeps the calendar in memory and never reads it again on its own: only
  // hearing the change moves it. How soon it hears is a speed, not a rule: the limit is set for a
  // loaded two-core machine, not for the second or so it takes.
  const poll = { timeout: 10_000, interval: 20 };

  it('a booking, a move and a cancellation through one instance reach the other’s search once it hears them', async () => {
    const [arrival, departure] = [day(50), day(52)];
    expect(await offeredByB(arrival, departure)).toEqual(expect.arrayContaining([room.single, room.double]));

    const card = await insertCard(a, guest.id);
    const booked = await a.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/reservations/',
      headers: guest.headers,
      payload: { room_id: room.single, arrival, departure, payment_method_id: card.publicId },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = (booked.json() as { id: number }).id;
    await expect.poll(() => offeredByB(arrival, departure), poll).not.toContain(room.single);

    const moved = await a.app.inject({
      method: 'POST',
      url: `/api/v1/hotel/reservation/move/${id}/`,
      headers: staff.headers,
      payload: { arrival, departure, room_id: room.double },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(() => offeredByB(arrival, departure), poll).toContain(room.single);
    expect(await offeredByB(arrival, departure)).not.toContain(room.double);

    const cancelled = await a.app.inject({ method: 'POST', url: `/api/v1/hotel/reservations/cancel/${id}/`, headers: guest.headers, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect.poll(() => offeredByB(arrival, departure), poll).toContain(room.double);
  });

  it('a room repriced through one instance, and a room and a dish changed by SQL on the database, reach the other’s caches once it has heard them (HOT-16)', async () => {
    const [arrival, departure] = [day(80), day(81)];
    const priceOnB = async (id: number) => {
      const response = await b.inject({ method: 'GET', url: '/api/v1/hotel/reservations/variants/', query: { arrival, departure, guest_count: '1' }, headers: a.headers });
      return (response.json() as { room: { id: number; price: number } }[]).find((v) => v.room.id === id)?.room.price;
    };
    const menuOnB = async () =>
      ((await b.inject({ method: 'GET', url: '/api/v1/delivery/products/', headers: a.headers })).json() as { id: number; price: number }[]).map((p) => p.price);
    // Kept by B before the changes.
    expect(await priceOnB(room.family)).toBe(300_00);
    expect(await priceOnB(room.double)).toBe(250_00);
    const menu = await insertMenu(a);
    await b.dataVersions.caughtUp();
    expect(await menuOnB()).toContain(4_00);

    const changed = await a.app.inject({ method: 'PATCH', url: `/api/v1/admin/rooms/${room.family}/`, headers: staff.headers, payload: { price: 330_00 } });
    expect(changed.statusCode, changed.body).toBe(200);
    await a.database.db.update(rooms).set({ price: 255_00 }).where(eq(rooms.id, room.double));
    await a.database.db.update(products).set({ price: 4_40 }).where(eq(products.id, menu.tea));
    // B's marker comes back after every change committed before it, and the reloads they caused.
    await b.dataVersions.caughtUp();
    expect(await priceOnB(room.family)).toBe(330_00);
    expect(await priceOnB(room.double)).toBe(255_00);
    expect(await menuOnB()).toContain(4_40);
  });
});
