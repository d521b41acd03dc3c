import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { addDays, checkInAt, ROOM_TAKEN_DETAIL, type Reservation } from '@hotel/domain';
import { guests, reservationGuests, reservations } from '../../src/db/schema';
import { insertCard } from '../order-fixtures';
import { createTestApp, type TestApp } from '../app';
import {
  captureMail,
  day,
  extendSessions,
  insertGuest,
  insertReservation,
  insertRooms,
  setLanguage,
  type SentMail,
  type TestRooms,
} from '../hotel-fixtures';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let room: TestRooms;
let mail: SentMail[];

beforeAll(async () => {
  // The races below send 50 bookings at once, each checking its guarantee card in the embedded
  // database's one line: on a loaded machine they wait there longer than the default 2 s.
  t = await createTestApp({ PGLITE_QUEUE_WAIT_MS: '20000' });
  room = await insertRooms(t);
  mail = captureMail(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  mail.length = 0;
});

/** Books as `user`; a booking needs the user's guarantee card (CON-05), added unless the body names one. */
const book = async (user: TestUser | null, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/hotel/reservations/',
    headers: user?.headers ?? t.headers,
    payload: user && !('payment_method_id' in body) ? { ...body, payment_method_id: (await insertCard(t, user.id)).publicId } : body,
  });

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1/hotel/${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

async function liveReservations(userId: number) {
  return t.database.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.userId, userId), isNull(reservations.canceledAt)));
}

describe('who may call (API-29, API-30, API-31, API-32)', () => {
  it('an anonymous visitor gets 401 on every reservation route', async () => {
    for (const [method, url] of [
      ['POST', 'reservations/'],
      ['GET', 'reservations/'],
      ['POST', 'reservations/sync/'],
      ['GET', 'reservations/1/'],
      ['POST', 'reservations/cancel/1/'],
      ['POST', 'reservation/move/1/'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/hotel/${url}`, headers: t.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST hotel/reservations/ (API-29, HOT-36)', () => {
  it('books the room with saved and new guests, prices it on the server, and mails the guest', async () => {
    const user = await createUser(t, { firstName: 'Мария' });
    const saved = await insertGuest(t, user.id);
    const res = await book(user, {
      room_id: room.family,
      arrival: day(10),
      departure: day(12),
      guests: [saved, { first_name: 'Иван', last_name: 'Ковалёв', second_name: 'Петрович' }],
      special_requests: 'Поздний заезд, около 22:00',
    });
    expect(res.statusCode).toBe(201);
    const reservation = res.json<Reservation>();
    // Three guests (the user + two) take one extra place: the extra price applies.
    expect(reservation).toMatchObject({
      arrival: day(10),
      departure: day(12),
      nights: 2,
      guest_count: 3,
      extra_places: 1,
      price_per_night: 360_00,
      price: 720_00,
      canceled: false,
      status: 'reserved',
      special_requests: 'Поздний заезд, около 22:00',
      cancellation_fee: null,
      guests: [
        { first_name: 'Анна', last_name: 'Ковалёва', second_name: null },
        { first_name: 'Иван', last_name: 'Ковалёв', second_name: 'Петрович' },
      ],
    });
    expect(reservation.room.id).toBe(room.family);
    expect(reservation.arrival_at).toBe(checkInAt(day(10)).toISOString());

    // The new guest is kept among the user's guests for next time.
    const saved2 = await t.database.db.select().from(guests).where(eq(guests.userId, user.id));
    expect(saved2.map((g) => g.firstName).sort()).toEqual(['Анна', 'Иван']);

    expect(mail).toHaveLength(1);
    const [sent] = mail;
    expect(sent!.to).toBe(user.email);
    expect(sent!.subject).toBe(`Бронирование №${reservation.id} подтверждено — Дом 1799`);
    expect(sent!.text).toContain('Здравствуйте, Мария!');
    expect(sent!.text).toContain('720 BYN');
    expect(sent!.html).toContain('Номер family');
    const ics = String(sent!.attachments![0]!.content);
    expect(sent!.attachments![0]!.contentType).toMatch(/^text\/calendar/);
    expect(ics).toContain(`DTSTART;TZID=Europe/Minsk:${day(10).replaceAll('-', '')}T140000\r\n`);
    expect(ics).toContain(`DTEND;TZID=Europe/Minsk:${day(12).replaceAll('-', '')}T120000\r\n`);
    expect(ics).toContain(`UID:reservation-${reservation.id}@house1799.by\r\n`);
  });

  it("writes the mail in the guest's language", async () => {
    const user = await createUser(t, { firstName: 'Mary' });
    await setLanguage(t, user.id, 'en');
    const res = await book(user, { room_id: room.single, arrival: day(10), departure: day(11) });
    expect(res.statusCode).toBe(201);
    expect(mail[0]!.subject).toBe(`Booking #${res.json().id} confirmed — House 1799`);
    expect(mail[0]!.text).toContain('Hello Mary,');
    expect(mail[0]!.text).toContain('Cancellation is free up to 24 hours before arrival');
  });

  it('ignores any price the client might send: unknown fields are refused', async () => {
    const user = await createUser(t);
    const res = await book(user, { room_id: room.double, arrival: day(20), departure: day(21), price: 1 });
    expect(res.statusCode).toBe(422);
    expect(await liveReservations(user.id)).toHaveLength(0);
  });

  it.each([
    ['departure before arrival', () => ({ room_id: 0, arrival: day(5), departure: day(3) }), 422, /departure|room_id/],
    ['a past arrival', () => ({ arrival: day(-2), departure: day(1) }), 422, /arrival: Check-in cannot be in the past/],
    ['zero nights', () => ({ arrival: day(5), departure: day(5) }), 422, /Check-out must be after check-in/],
    ['an unknown room', () => ({ room_id: 999_999 }), 404, /Room not found/],
    ['more guests than the room holds', () => ({ room_id: room.double, guests: [{ first_name: 'A', last_name: 'B' }, { first_name: 'C', last_name: 'D' }] }), 422, /at most 2 guests/],
    ['too many guests at all', () => ({ guests: Array.from({ length: 20 }, () => ({ first_name: 'A', last_name: 'B' })) }), 422, /Too many guests/],
    ['a guest without a last name', () => ({ guests: [{ first_name: 'A', last_name: ' ' }] }), 422, /guests/],
    ['special requests of 1001 characters', () => ({ special_requests: 'x'.repeat(1001) }), 422, /special_requests/],
  ] as const)('refuses %s with a clear 4xx and stores nothing', async (_name, change, status, detail) => {
    const user = await createUser(t);
    const res = await book(user, { room_id: room.double, arrival: day(50), departure: day(52), ...change() });
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(detail);
    expect(await liveReservations(user.id)).toHaveLength(0);
    expect(mail).toHaveLength(0);
  });

  it("refuses another user's guest, and the same guest twice, storing nothing", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const theirs = await insertGuest(t, other.id);
    const mine = await insertGuest(t, user.id);

    const foreign = await book(user, {
      room_id: room.family,
      arrival: day(50),
      departure: day(51),
      guests: [mine, theirs, { first_name: 'Новый', last_name: 'Гость' }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toMatch(/not one of your guests/);
    // Nothing stored, not even the new guest (one transaction).
    expect(await liveReservations(user.id)).toHaveLength(0);
    expect(await t.database.db.select().from(guests).where(eq(guests.userId, user.id))).toHaveLength(1);

    const twice = await book(user, { room_id: room.family, arrival: day(50), departure: day(51), guests: [mine, mine] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().detail).toMatch(/twice/);
  });

  it('refuses overlapping nights with 409, allows the adjacent stay (no double booking)', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    expect((await book(first, { room_id: room.double, arrival: day(70), departure: day(73) })).statusCode).toBe(201);

    const overlap = await book(second, { room_id: room.double, arrival: day(72), departure: day(74) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({ detail: ROOM_TAKEN_DETAIL });
    expect(await liveReservations(second.id)).toHaveLength(0);

    expect((await book(second, { room_id: room.double, arrival: day(73), departure: day(75) })).statusCode).toBe(201);
    expect((await book(second, { room_id: room.double, arrival: day(68), departure: day(70) })).statusCode).toBe(201);
  });
});

describe('the list and details (ACC-21, ACC-22, ACC-23, ACC-24, API-30)', () => {
  it('lists only the own reservations with their display status, by the check-in and check-out hours', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const future = await insertReservation(t, { userId: user.id, roomId: room.single, arrival: day(200), departure: day(202) });
    const current = await insertReservation(t, { userId: user.id, roomId: room.single, arrival: day(-1), departure: day(1) });
    const past = await insertReservation(t, { userId: user.id, roomId: room.single, arrival: day(-10), departure: day(-8) });
    const cancelled = await insertReservation(t, {
      userId: user.id,
      roomId: room.single,
      arrival: day(210),
      departure: day(211),
      canceled: true,
    });
    await insertReservation(t, { userId: other.id, roomId: room.double, arrival: day(200), departure: day(201) });

    for (const res of [await call(user, 'GET', 'reservations/'), await call(user, 'POST', 'reservations/sync/')]) {
      expect(res.statusCode).toBe(200);
      const statuses = Object.fromEntries(res.json<Reservation[]>().map((r) => [r.id, r.status]));
      expect(statuses).toEqual({ [future]: 'reserved', [current]: 'active', [past]: 'completed', [cancelled]: 'cancelled' });
    }

    const details = await call(user, 'GET', `reservations/${future}/`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ id: future, nights: 2, room: { id: room.single } });
  });

  it("answers 404 for another user's reservation and an unknown one", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const theirs = await insertReservation(t, { userId: other.id, roomId: room.double, arrival: day(300), departure: day(301) });
    expect((await call(user, 'GET', `reservations/${theirs}/`)).statusCode).toBe(404);
    expect((await call(user, 'GET', 'reservations/987654/')).statusCode).toBe(404);
    expect((await call(user, 'GET', 'reservations/abc/')).statusCode).toBe(422);
  });
});

describe('POST hotel/reservations/cancel/{id}/ (API-31, ACC-25, CON-04, CON-05)', () => {
  it('is free until 24 hours before check-in, mails the guest, and cannot be done twice', async () => {
    const user = await createUser(t);
    const created = (await book(user, { room_id: room.double, arrival: day(30), departure: day(32) })).json<Reservation>();
    mail.length = 0;

    const res = await call(user, 'POST', `reservations/cancel/${created.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ canceled: true, status: 'cancelled', cancellation_fee: 0 });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/отменено/);
    expect(mail[0]!.text).toContain('Отмена бесплатная.');
    const ics = String(mail[0]!.attachments![0]!.content);
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain(`UID:reservation-${created.id}@house1799.by\r\n`);

    const again = await call(user, 'POST', `reservations/cancel/${created.id}/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Reservation is already cancelled');

    // The nights are free again.
    const other = await createUser(t);
    expect((await book(other, { room_id: room.double, arrival: day(30), departure: day(32) })).statusCode).toBe(201);
  });

  it('later than 24 hours before check-in, records the first night as the fee', async () => {
    const user = await createUser(t);
    await setLanguage(t, user.id, 'en');
    const created = (
      await book(user, { room_id: room.family, arrival: day(5), departure: day(8), guests: [{ first_name: 'A', last_name: 'B' }, { first_name: 'C', last_name: 'D' }] })
    ).json<Reservation>();
    expect(created.price_per_night).toBe(360_00);
    await extendSessions(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(checkInAt(day(5)).getTime() - 3 * 3_600_000));
    mail.length = 0;

    const res = await call(user, 'POST', `reservations/cancel/${created.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ canceled: true, cancellation_fee: 360_00 });
    // Charged to the card that guarantees the booking (every booking has one).
    expect(mail[0]!.text).toContain('the first night, 360 BYN, has been charged to your card VISA •••• 4242');
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, created.id));
    expect(row!.cancellationFee).toBe(360_00);
  });

  it('refuses a stay that has begun, and another user’s reservation', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const current = await insertReservation(t, { userId: user.id, roomId: room.double, arrival: day(-3), departure: day(-1) });
    const res = await call(user, 'POST', `reservations/cancel/${current}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/cannot be cancelled/);

    const theirs = await insertReservation(t, { userId: other.id, roomId: room.double, arrival: day(250), departure: day(251) });
    expect((await call(user, 'POST', `reservations/cancel/${theirs}/`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, theirs));
    expect(row!.canceledAt).toBeNull();
  });
});

describe('POST hotel/reservation/move/{id}/ (API-32): staff only since the reservations board (decision 018)', () => {
  it('refuses the guest (403) and leaves the stay as it was; an admin moves it (test/hotel/admin-reservations.test.ts)', async () => {
    const user = await createUser(t);
    const created = (await book(user, { room_id: room.double, arrival: day(310), departure: day(312) })).json<Reservation>();
    const res = await call(user, 'POST', `reservation/move/${created.id}/`, { arrival: day(320), departure: day(323) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Insufficient rights to perform the operation' });
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, created.id));
    expect(row!.stay).toBe(`[${day(310)},${day(312)})`);
  });
});

describe('no double booking under a race (the exclusion constraint)', () => {
  it('50 simultaneous bookings of one room and night give exactly one reservation and 49 clear 409s', async () => {
    const racers = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
    const cards = await Promise.all(racers.map((racer) => insertCard(t, racer.id)));
    const answers = await Promise.all(
      racers.map((racer, i) => book(racer, { room_id: room.single, arrival: day(360), departure: day(361), payment_method_id: cards[i]!.publicId })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json()).toEqual({ detail: ROOM_TAKEN_DETAIL });

    const live = await t.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.roomId, room.single), isNull(reservations.canceledAt)));
    expect(live.filter((r) => r.stay === `[${day(360)},${day(361)})`)).toHaveLength(1);
    expect(await t.database.db.select().from(reservationGuests)).toBeDefined();
  });

  it('overlapping stays booked at once answer only 201 or 409, and no night is sold twice', async () => {
    // Neighbours overlap by a night: each booking waits on others' checks of two exclusion
    // constraints, where PostgreSQL may find a deadlock and abort one; that one must not be a 500.
    const racers = await Promise.all(Array.from({ length: 40 }, () => createUser(t)));
    const cards = await Promise.all(racers.map((racer) => insertCard(t, racer.id)));
    const answers = await Promise.all(
      racers.map((racer, i) =>
        book(racer, { room_id: room.double, arrival: day(330 + (i % 8)), departure: day(332 + (i % 8)), payment_method_id: cards[i]!.publicId }),
      ),
    );
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([201, 409]));
    const live = await t.database.db
      .select({ stay: reservations.stay })
      .from(reservations)
      .where(and(eq(reservations.roomId, room.double), isNull(reservations.canceledAt)));
    const nights = live.flatMap(({ stay }) => {
      const [from, to] = stay.slice(1, -1).split(',') as [string, string];
      return from < day(340) && to > day(330) ? [from, addDays(from, 1)].filter((night) => night < to) : [];
    });
    expect(nights.length).toBe(new Set(nights).size);
  });
});
