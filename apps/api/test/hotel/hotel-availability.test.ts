import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_ROOM_FITS_DETAIL, NO_ROOMS_DETAIL, PARTIAL_AVAILABILITY_DETAIL, type RoomVariant } from '@hotel/domain';
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
afterEach(() => {
  vi.useRealTimers();
});

const search = (arrival: string, departure: string, guests: number | string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/hotel/reservations/variants/',
    query: { arrival, departure, guest_count: String(guests) },
    headers: t.headers,
  });

const roomIds = (variants: RoomVariant[]) => variants.map((variant) => variant.room.id);

describe('GET hotel/reservations/variants/ (API-26, HOT-16)', () => {
  it('offers every free room that holds the guests, priced by the server, to anyone', async () => {
    const res = await search(day(30), day(33), 2);
    expect(res.statusCode).toBe(200);
    const variants = res.json<RoomVariant[]>();
    expect(roomIds(variants)).toEqual([room.double, room.family]);
    expect(variants[0]).toMatchObject({
      price: 250_00,
      extra_price: null,
      guest_count: 2,
      nights: 3,
      extra_places: 0,
      price_per_night: 250_00,
      total: 750_00,
    });
    expect(variants[0]!.room).toMatchObject({ name: { ru: 'Номер double', en: 'Room double' }, primary_capacity: 2 });
  });

  it('never offers a room for more guests than primary plus extra capacity, and applies the extra price', async () => {
    const res = await search(day(30), day(32), 3);
    expect(roomIds(res.json())).toEqual([room.family]);
    expect(res.json<RoomVariant[]>()[0]).toMatchObject({ extra_places: 1, price_per_night: 360_00, total: 720_00 });
    expect(roomIds((await search(day(30), day(32), 4)).json())).toEqual([room.family]);
  });

  it('answers "Error calculating total price" when no room holds that many guests', async () => {
    const res = await search(day(30), day(32), 5);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: NO_ROOM_FITS_DETAIL });
  });

  it('allows a stay that starts the day another ends, refuses any overlap', async () => {
    await insertReservation(t, { userId: owner, roomId: room.single, arrival: day(40), departure: day(43) });
    // Adjacent on both sides: departure day of one is arrival day of the next.
    expect(roomIds((await search(day(43), day(45), 1)).json())).toContain(room.single);
    expect(roomIds((await search(day(38), day(40), 1)).json())).toContain(room.single);
    // Overlapping by one night at either end, or inside.
    for (const [a, d] of [
      [day(42), day(44)],
      [day(39), day(41)],
      [day(41), day(42)],
      [day(35), day(50)],
    ] as const) {
      expect(roomIds((await search(a, d, 1)).json()), `${a}..${d}`).not.toContain(room.single);
    }
  });

  it('ignores cancelled reservations', async () => {
    await insertReservation(t, { userId: owner, roomId: room.single, arrival: day(60), departure: day(62), canceled: true });
    expect(roomIds((await search(day(60), day(62), 1)).json())).toContain(room.single);
  });

  it('explains an empty answer: nothing free, or free for part of the stay only (ERR-21, ERR-22)', async () => {
    for (const roomId of [room.double, room.family, room.single]) {
      await insertReservation(t, { userId: owner, roomId, arrival: day(100), departure: day(102) });
    }
    const none = await search(day(100), day(102), 1);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: NO_ROOMS_DETAIL });

    const partly = await search(day(101), day(104), 1);
    expect(partly.statusCode).toBe(404);
    expect(partly.json()).toEqual({ detail: PARTIAL_AVAILABILITY_DETAIL });
  });

  it.each([
    ['departure before arrival', () => [day(5), day(3), 1], /departure: Check-out must be after check-in/],
    ['no night at all', () => [day(5), day(5), 1], /Check-out must be after check-in/],
    ['a past arrival', () => [day(-1), day(2), 1], /arrival: Check-in cannot be in the past/],
    ['zero guests', () => [day(5), day(6), 0], /guest_count: At least 1 guest/],
    ['too many guests', () => [day(5), day(6), 21], /guest_count: Too many guests/],
    ['guests not a number', () => [day(5), day(6), 'two'], /guest_count/],
    ['an impossible date', () => ['2031-02-30', day(6), 1], /arrival: Invalid input/],
  ] as const)('refuses %s with 422 and a clear detail', async (_name, input, detail) => {
    const [a, d, g] = input();
    const res = await search(a as string, d as string, g as string | number);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses a missing parameter and an unknown one', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hotel/reservations/variants/',
      query: { arrival: day(1), guest_count: '1' },
      headers: t.headers,
    });
    expect(missing.statusCode).toBe(422);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hotel/reservations/variants/',
      query: { arrival: day(1), departure: day(2), guest_count: '1', room: '1' },
      headers: t.headers,
    });
    expect(unknown.statusCode).toBe(422);
  });
});

describe("today is the hotel's today (Europe/Minsk, UTC+3)", () => {
  it('at 00:30 in Minsk (21:30 UTC the day before) the Minsk date is already today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-10T21:30:00Z'));
    expect((await search('2031-06-11', '2031-06-12', 1)).statusCode).toBe(200);
    const yesterday = await search('2031-06-10', '2031-06-12', 1);
    expect(yesterday.statusCode).toBe(422);
    expect(yesterday.json().detail).toMatch(/cannot be in the past/);
  });

  it('at 23:59 in Minsk the same date is still bookable for tonight', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-10T20:59:00Z'));
    expect((await search('2031-06-10', '2031-06-11', 1)).statusCode).toBe(200);
  });
});

describe('POST hotel/rooms/sync/ (API-28)', () => {
  it('answers the fresh room list, with no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/hotel/rooms/sync/', headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: number }[]>().map((r) => r.id)).toEqual([room.double, room.family, room.single]);
  });
});
