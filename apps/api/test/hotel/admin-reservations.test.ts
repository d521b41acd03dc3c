/**
 * The reservations board's API (issue 11, part 1; docs/decisions/018-reservations-board.md): the
 * board over a window of days, a stay's details, and the staff's actions (cancel for the guest,
 * no-show, move, block and unblock) with their letters, fees, audit entries and the exclusion
 * constraint's 409s. Who may call each route is also proven for every route in authorization.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkInAt, ROOM_TAKEN_DETAIL, type Board, type Reservation, type StaffReservation } from '@hotel/domain';
import { auditEvents, calendarFeeds, payments, reservations, roomHolds, rooms, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, extendSessions, insertReservation, insertRooms, setLanguage, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let room: TestRooms;
let mail: CapturedMail;
let admin: TestUser;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '100000' }, { mailer: mail });
  call = caller(t);
  room = await insertRooms(t);
  admin = await createUser(t, { role: 'admin', firstName: 'Ольга' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  mail.letters.length = 0;
});

/** Runs `work` with the clock of the stay rules at `at` (sessions made to outlive the jump). */
async function at<T>(moment: Date, work: () => Promise<T>): Promise<T> {
  await extendSessions(t);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(moment);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

async function guest(options: { firstName?: string; lastName?: string; phone?: string; language?: 'ru' | 'en' } = {}) {
  const user = await createUser(t, { firstName: options.firstName ?? 'Мария' });
  await t.database.db.update(users).set({ lastName: options.lastName ?? 'Новик', phone: options.phone ?? '+375291234567' }).where(eq(users.id, user.id));
  if (options.language) await setLanguage(t, user.id, options.language);
  return user;
}

async function book(user: TestUser, body: { room_id: number; arrival: string; departure: string; card?: string; special_requests?: string }) {
  const { card, ...rest } = body;
  // A booking needs the guest's guarantee card (CON-05).
  const guarantee = card ?? (await insertCard(t, user.id)).publicId;
  const res = await call('POST', 'hotel/reservations/', { ...rest, payment_method_id: guarantee }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  mail.letters.length = 0;
  return res.json<Reservation>();
}

const board = (query: string, who: TestUser = admin) => call('GET', `admin/reservations/board/?${query}`, undefined, who.headers);
const auditOf = (target: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.target, target));
const search = (arrival: string, departure: string) =>
  call('GET', `hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=1`);
const offered = async (arrival: string, departure: string) => {
  const res = await search(arrival, departure);
  return res.statusCode === 200 ? res.json<{ room: { id: number } }[]>().map((variant) => variant.room.id) : [];
};

describe('who may call the board (API-54)', () => {
  it('refuses anonymous visitors (401) and guests (403) before reading anything, the move included', async () => {
    const user = await guest();
    const routes = [
      ['GET', `admin/reservations/board/?from=${day(0)}&days=14`],
      ['GET', 'admin/reservations/1/'],
      ['POST', 'admin/reservations/1/cancel/'],
      ['POST', 'admin/reservations/1/no_show/'],
      ['POST', 'admin/blocks/'],
      ['DELETE', 'admin/blocks/1/'],
      ['POST', 'hotel/reservation/move/1/'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await call(method, url, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(method, url, method === 'POST' ? {} : undefined, user.headers);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Insufficient rights to perform the operation' });
    }
  });
});

describe('GET admin/reservations/board/', () => {
  it("lists every room with its reservations, blocks and imported events in the window, and today's arrivals and departures", async () => {
    const maria = await guest({ firstName: 'Мария', lastName: 'Новик' });
    const nameless = await createUser(t, { firstName: '' });
    const stay = await book(maria, { room_id: room.double, arrival: day(3), departure: day(6) });
    const arriving = await insertReservation(t, { userId: maria.id, roomId: room.family, arrival: day(0), departure: day(2), guestCount: 2 });
    const leaving = await insertReservation(t, { userId: nameless.id, roomId: room.single, arrival: day(-2), departure: day(0) });
    await insertReservation(t, { userId: maria.id, roomId: room.double, arrival: day(8), departure: day(9), canceled: true });
    await insertReservation(t, { userId: maria.id, roomId: room.double, arrival: day(30), departure: day(31) });
    await call('POST', 'admin/blocks/', { room_id: room.single, arrival: day(4), departure: day(7), note: 'Ремонт ванной' }, admin.headers);
    const [feed] = await t.database.db
      .insert(calendarFeeds)
      .values({ roomId: room.family, name: 'Booking.com', url: 'https://example.com/a.ics', lastError: 'The calendar answered HTTP 404', lastErrorCode: 'http_status', lastSuccessAt: new Date('2026-01-02T10:00:00Z') })
      .returning();
    await t.database.db.insert(roomHolds).values({ roomId: room.family, stay: `[${day(9)},${day(11)})`, kind: 'import', feedId: feed!.id, uid: 'abc@booking.com', note: 'CLOSED - Not available' });

    const res = await board(`from=${day(-3)}&days=14`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<Board>();
    expect(answer).toMatchObject({ from: day(-3), to: day(11), days: 14, today: day(0) });
    expect(answer.rooms.map((r) => r.id)).toEqual([room.double, room.family, room.single]);
    const holdsOf = (id: number) => answer.rooms.find((r) => r.id === id)!.holds;

    // The stay 30 days out and the cancelled one are not in the window's holds.
    expect(holdsOf(room.double)).toEqual([
      expect.objectContaining({ kind: 'reservation', reservation_id: stay.id, guest_name: 'Мария Новик', nights: 3, arrival: day(3), departure: day(6), status: 'reserved', guest_count: 1 }),
    ]);
    expect(holdsOf(room.family)).toEqual([
      // Reserved until 14:00 of the arrival day, active after it.
      expect.objectContaining({ kind: 'reservation', reservation_id: arriving, status: expect.stringMatching(/^(reserved|active)$/), nights: 2, guest_count: 2 }),
      { kind: 'import', id: expect.any(Number), arrival: day(9), departure: day(11), nights: 2, note: 'CLOSED - Not available', feed_id: feed!.id, feed_name: 'Booking.com' },
    ]);
    // A guest who gave no name is named by their e-mail.
    expect(holdsOf(room.single)).toEqual([
      expect.objectContaining({ kind: 'reservation', reservation_id: leaving, guest_name: nameless.email }),
      expect.objectContaining({ kind: 'block', note: 'Ремонт ванной', arrival: day(4), departure: day(7), nights: 3 }),
    ]);
    expect(JSON.stringify(holdsOf(room.family)[1])).not.toMatch(/guest/);

    // The calendars of booking sites, with the last import's error, for the warning badge.
    expect(answer.rooms.find((r) => r.id === room.family)!.calendar_feeds).toEqual([
      {
        id: feed!.id,
        name: 'Booking.com',
        last_success_at: '2026-01-02T10:00:00.000Z',
        last_error: 'The calendar answered HTTP 404',
        error_code: 'http_status',
        conflicts: [],
        conflicts_omitted: 0,
      },
    ]);
    expect(answer.rooms.find((r) => r.id === room.double)!.calendar_feeds).toEqual([]);

    expect(answer.arrivals.map((a) => a.reservation_id)).toContain(arriving);
    expect(answer.arrivals.find((a) => a.reservation_id === arriving)).toMatchObject({ room_id: room.family, guest_name: 'Мария Новик', nights: 2, room_name: { ru: 'Номер family', en: 'Room family' } });
    expect(answer.departures.map((d) => d.reservation_id)).toEqual([leaving]);
  });

  it.each([
    ['a window shorter than two weeks', 'days=13', /querystring\.days: The board shows at least 14 days/],
    ['a window longer than five weeks', 'days=36', /querystring\.days: The board shows at most 35 days/],
    ['an absurd window', 'days=100000', /at most 35 days/],
    ['a fraction of a day', 'days=14.5', /querystring\.days/],
    ['a window that is not a number', 'days=two', /querystring\.days/],
    ['a start that is not a date', 'from=2026-02-30&days=14', /querystring\.from/],
    ['a start three years back', `from=${day(-1100)}&days=14`, /two years/],
    ['a start two years ahead', `from=${day(800)}&days=14`, /one year/],
    ['an unknown parameter', 'days=14&rooms=all', /rooms/],
    ['a NUL byte', 'days=14%00', /days|control|Invalid/i],
  ])('refuses %s with a 4xx and a detail', async (_name, query, detail) => {
    const res = await board(query.startsWith('from=') ? query : `from=${day(0)}&${query}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().detail).toMatch(detail);
  });

  it('takes two and five weeks, and defaults to two', async () => {
    expect((await board(`from=${day(0)}&days=35`)).json<Board>().to).toBe(day(35));
    expect((await board(`from=${day(0)}`)).json<Board>().days).toBe(14);
    expect((await board('days=14')).statusCode).toBe(422);
  });
});

describe("GET admin/reservations/{id}/: a stay's details", () => {
  it("shows guests, nights, price, special requests, the guest's e-mail and phone, and the card guarantee", async () => {
    const maria = await guest({ phone: '+375297654321' });
    const card = await insertCard(t, maria.id, { last4: '4242' });
    const created = (
      await call(
        'POST',
        'hotel/reservations/',
        { room_id: room.family, arrival: day(40), departure: day(42), guests: [{ first_name: 'Иван', last_name: 'Новик' }], special_requests: 'Детская кроватка', payment_method_id: card.publicId },
        maria.headers,
      )
    ).json<Reservation>();
    const res = await call('GET', `admin/reservations/${created.id}/`, undefined, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffReservation>()).toMatchObject({
      id: created.id,
      room: { id: room.family },
      arrival: day(40),
      departure: day(42),
      nights: 2,
      guest_count: 2,
      price_per_night: 300_00,
      price: 600_00,
      special_requests: 'Детская кроватка',
      status: 'reserved',
      canceled_at: null,
      no_show_at: null,
      guest: { name: 'Мария Новик', email: maria.email, phone: '+375297654321', language: 'ru' },
      guests: [{ first_name: 'Иван', last_name: 'Новик', second_name: null }],
      guarantee: { card: { brand: 'visa', card_last4: '4242' }, charge: null },
      actions: { cancel: true, move: true, no_show: false },
    });
  });

  it('answers 404 for an unknown stay and 422 for ids out of range', async () => {
    expect((await call('GET', 'admin/reservations/987654/', undefined, admin.headers)).statusCode).toBe(404);
    for (const id of ['0', '-1', '2147483648', '99999999999', '1e3', 'abc', '%00']) {
      const res = await call('GET', `admin/reservations/${id}/`, undefined, admin.headers);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
      expect(typeof res.json().detail).toBe('string');
    }
  });
});

describe("POST admin/reservations/{id}/cancel/: on the guest's behalf", () => {
  it('free early on: the usual letter to the guest, the nights freed, an audit entry', async () => {
    const maria = await guest();
    const stay = await book(maria, { room_id: room.double, arrival: day(50), departure: day(52) });
    const res = await call('POST', `admin/reservations/${stay.id}/cancel/`, {}, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffReservation>()).toMatchObject({ status: 'cancelled', cancellation_fee: 0, actions: { cancel: false, move: false, no_show: false } });
    const letters = mail.to(maria.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe(`Бронирование №${stay.id} отменено — Дом 1799`);
    expect(letters[0]!.text).toContain('Отмена бесплатная.');
    expect(mail.to(admin.email)).toHaveLength(0);
    expect(await offered(day(50), day(52))).toContain(room.double);
    const [entry] = await auditOf(`reservation ${stay.id}`);
    expect(entry).toMatchObject({ action: 'reservation.cancel', actorId: admin.id, after: { canceled_at: expect.any(String), cancellation_fee: 0 } });

    const again = await call('POST', `admin/reservations/${stay.id}/cancel/`, {}, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Reservation is already cancelled');
  });

  it("late: the terms' first night is charged to the guarantee card, in the guest's language", async () => {
    const mary = await guest({ firstName: 'Mary', language: 'en' });
    const card = await insertCard(t, mary.id, { last4: '4242' });
    const stay = await book(mary, { room_id: room.double, arrival: day(60), departure: day(63), card: card.publicId });
    const res = await at(new Date(checkInAt(day(60)).getTime() - 5 * 3_600_000), () => call('POST', `admin/reservations/${stay.id}/cancel/`, {}, admin.headers));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffReservation>()).toMatchObject({ cancellation_fee: 250_00, guarantee: { charge: 'succeeded' } });
    const [fee] = await t.database.db.select().from(payments).where(eq(payments.reservationId, stay.id));
    expect(fee).toMatchObject({ purpose: 'reservation_fee', amount: 250_00, status: 'succeeded' });
    expect(mail.to(mary.email)[0]!.text).toContain('the first night, 250 BYN, has been charged to your card VISA •••• 4242');
  });

  it('refuses a stay that has begun or ended', async () => {
    const maria = await guest();
    const current = await insertReservation(t, { userId: maria.id, roomId: room.single, arrival: day(-20), departure: day(-18) });
    const res = await call('POST', `admin/reservations/${current}/cancel/`, {}, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/has begun/);
  });
});

describe('POST admin/reservations/{id}/no_show/', () => {
  it('only from the arrival day: then it records and charges the first night, frees the nights and tells the guest', async () => {
    const maria = await guest();
    const card = await insertCard(t, maria.id, { last4: '4242' });
    const stay = await book(maria, { room_id: room.family, arrival: day(70), departure: day(73), card: card.publicId });

    const early = await at(new Date(checkInAt(day(69)).getTime()), () => call('POST', `admin/reservations/${stay.id}/no_show/`, {}, admin.headers));
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('A no-show can be marked from the arrival day on');

    // The evening of the arrival day, hotel time.
    const evening = new Date(checkInAt(day(70)).getTime() + 8 * 3_600_000);
    const details = await at(evening, () => call('GET', `admin/reservations/${stay.id}/`, undefined, admin.headers));
    expect(details.json<StaffReservation>().actions).toEqual({ cancel: false, move: false, no_show: true, check_in: true, check_out: false });
    const res = await at(evening, () => call('POST', `admin/reservations/${stay.id}/no_show/`, {}, admin.headers));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffReservation>()).toMatchObject({ status: 'cancelled', no_show_at: evening.toISOString(), cancellation_fee: 300_00, guarantee: { charge: 'succeeded' } });

    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, stay.id));
    expect(row!.noShowAt).toEqual(evening);
    expect(await t.database.db.select().from(roomHolds).where(eq(roomHolds.reservationId, stay.id))).toHaveLength(0);
    const [fee] = await t.database.db.select().from(payments).where(and(eq(payments.reservationId, stay.id), eq(payments.purpose, 'reservation_fee')));
    expect(fee).toMatchObject({ amount: 300_00, status: 'succeeded' });
    const letter = mail.to(maria.email).at(-1)!;
    expect(letter.subject).toBe(`Бронирование №${stay.id}: неявка — Дом 1799`);
    expect(letter.text).toContain('неявка стоит первой ночи: 300 BYN списаны с карты VISA •••• 4242');
    expect(String(letter.attachments![0]!.content)).toContain('METHOD:CANCEL');
    expect((await auditOf(`reservation ${stay.id}`))[0]).toMatchObject({ action: 'reservation.no_show' });

    const twice = await at(evening, () => call('POST', `admin/reservations/${stay.id}/no_show/`, {}, admin.headers));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('The guest is already marked as a no-show');
  });

  it('refuses a stay that has ended and a cancelled one', async () => {
    const maria = await guest();
    const past = await insertReservation(t, { userId: maria.id, roomId: room.single, arrival: day(-10), departure: day(-8) });
    const ended = await call('POST', `admin/reservations/${past}/no_show/`, {}, admin.headers);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().detail).toMatch(/ended/);
    const cancelled = await insertReservation(t, { userId: maria.id, roomId: room.single, arrival: day(0), departure: day(1), canceled: true });
    expect((await call('POST', `admin/reservations/${cancelled}/no_show/`, {}, admin.headers)).json().detail).toBe('Reservation is already cancelled');
    expect((await call('POST', 'admin/reservations/987654/no_show/', {}, admin.headers)).statusCode).toBe(404);
  });
});

describe('POST hotel/reservation/move/{id}/ (API-32), by staff', () => {
  it('keeps the agreed price in the same room, takes the new room’s price in another, and writes to the guest', async () => {
    const mary = await guest({ firstName: 'Mary', language: 'en' });
    const stay = await book(mary, { room_id: room.double, arrival: day(80), departure: day(82) });
    expect(stay.price_per_night).toBe(250_00);
    // The room costs more today than when it was booked.
    await t.database.db.update(rooms).set({ price: 280_00 }).where(eq(rooms.id, room.double));
    try {
      const later = await call('POST', `hotel/reservation/move/${stay.id}/`, { arrival: day(84), departure: day(87) }, admin.headers);
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json<Reservation>()).toMatchObject({ arrival: day(84), departure: day(87), nights: 3, price_per_night: 250_00, price: 750_00, room: { id: room.double } });
    } finally {
      await t.database.db.update(rooms).set({ price: 250_00 }).where(eq(rooms.id, room.double));
    }
    const letter = mail.to(mary.email).at(-1)!;
    expect(letter.subject).toBe(`Booking #${stay.id}: new dates — House 1799`);
    expect(letter.text).toContain('We have changed your booking.');
    expect(letter.text).toMatch(/It was: Room double, .+ – .+\./);
    const ics = String(letter.attachments![0]!.content);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`DTSTART;TZID=Europe/Minsk:${day(84).replaceAll('-', '')}T140000`);

    const family = await call('POST', `hotel/reservation/move/${stay.id}/`, { arrival: day(84), departure: day(86), room_id: room.family }, admin.headers);
    expect(family.json<Reservation>()).toMatchObject({ room: { id: room.family }, price_per_night: 300_00, price: 600_00 });

    // The guest's own list shows the new stay (it reads the same row).
    const mine = (await call('GET', 'hotel/reservations/', undefined, mary.headers)).json<Reservation[]>();
    expect(mine.find((r) => r.id === stay.id)).toMatchObject({ arrival: day(84), departure: day(86), room: { id: room.family } });
    // The old nights are free, and the audit log holds each move.
    expect(await offered(day(80), day(82))).toContain(room.double);
    const moves = await auditOf(`reservation ${stay.id}`);
    expect(moves.map((entry) => entry.action)).toEqual(['reservation.move', 'reservation.move']);
    expect(moves[1]).toMatchObject({ before: { room_id: room.double, departure: day(87) }, after: { room_id: room.family, departure: day(86) } });
    // The same letter in Russian for a Russian guest.
    const maria = await guest();
    const hers = await book(maria, { room_id: room.single, arrival: day(90), departure: day(91) });
    await call('POST', `hotel/reservation/move/${hers.id}/`, { arrival: day(92), departure: day(93) }, admin.headers);
    expect(mail.to(maria.email).at(-1)!.subject).toBe(`Бронирование №${hers.id}: новые даты — Дом 1799`);
  });

  it('a taken night is a 409 with the spec’s detail and what takes which nights; the stay stays where it was', async () => {
    const one = await guest();
    const two = await guest();
    const first = await book(one, { room_id: room.single, arrival: day(100), departure: day(103) });
    const second = await book(two, { room_id: room.single, arrival: day(105), departure: day(107) });
    const res = await call('POST', `hotel/reservation/move/${second.id}/`, { arrival: day(102), departure: day(106) }, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: ROOM_TAKEN_DETAIL,
      conflicts: [{ kind: 'reservation', reservation_id: first.id, first_night: day(102), last_night: day(102), note: '' }],
    });
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, second.id));
    expect(row!.stay).toBe(`[${day(105)},${day(107)})`);
    expect(mail.to(two.email)).toHaveLength(0);
    expect(await auditOf(`reservation ${second.id}`)).toHaveLength(0);

    // A block takes nights too.
    await call('POST', 'admin/blocks/', { room_id: room.double, arrival: day(110), departure: day(112), note: 'Покраска' }, admin.headers);
    const onBlock = await call('POST', `hotel/reservation/move/${second.id}/`, { arrival: day(109), departure: day(111), room_id: room.double }, admin.headers);
    expect(onBlock.statusCode).toBe(409);
    expect(onBlock.json().conflicts).toEqual([{ kind: 'block', reservation_id: null, first_night: day(110), last_night: day(110), note: 'Покраска' }]);
  });

  it('refuses a cancelled stay, one that has begun, other rooms that do not fit or exist, and bad input', async () => {
    const maria = await guest();
    const stay = await book(maria, { room_id: room.family, arrival: day(120), departure: day(121) });
    await call('POST', `hotel/reservation/move/${stay.id}/`, { arrival: day(120), departure: day(121) }, admin.headers);
    const crowded = await call(
      'POST',
      'hotel/reservations/',
      { room_id: room.family, arrival: day(125), departure: day(126), guests: [{ first_name: 'A', last_name: 'B' }], payment_method_id: (await insertCard(t, maria.id)).publicId },
      maria.headers,
    );
    const move = (body: Record<string, unknown>, id: number | string = stay.id) => call('POST', `hotel/reservation/move/${id}/`, body, admin.headers);

    expect((await move({ arrival: day(125), departure: day(126), room_id: 987654 })).statusCode).toBe(404);
    const small = await move({ arrival: day(130), departure: day(131), room_id: room.single }, crowded.json<Reservation>().id);
    expect(small.statusCode).toBe(422);
    expect(small.json().detail).toMatch(/at most 1 guests/);
    for (const body of [
      { arrival: day(125), departure: day(124) },
      { arrival: day(-1), departure: day(1) },
      { arrival: day(125), departure: day(200) },
      { arrival: day(125), departure: day(126), room_id: 0 },
      { arrival: day(125), departure: day(126), room_id: 2_147_483_648 },
      { arrival: `${day(125)}\u0000`, departure: day(126) },
      { arrival: day(125), departure: day(126), price: 1 },
    ]) {
      const res = await move(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(typeof res.json().detail).toBe('string');
    }
    for (const id of ['0', '2147483648', '99999999999']) expect((await move({ arrival: day(125), departure: day(126) }, id)).statusCode).toBe(422);
    expect((await move({ arrival: day(125), departure: day(126) }, 987654)).statusCode).toBe(404);

    const begun = await insertReservation(t, { userId: maria.id, roomId: room.double, arrival: day(-30), departure: day(-28) });
    expect((await move({ arrival: day(140), departure: day(141) }, begun)).json().detail).toBe('A stay that has begun or ended cannot be moved');
    await call('POST', `admin/reservations/${stay.id}/cancel/`, {}, admin.headers);
    const cancelled = await move({ arrival: day(140), departure: day(141) });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe('A cancelled reservation cannot be moved');
  });
});

describe('blocks: POST admin/blocks/ and DELETE admin/blocks/{id}/', () => {
  it('blocks a room for repairs: the search no longer offers it, a booking meets the constraint; unblocking frees it', async () => {
    expect(await offered(day(150), day(152))).toContain(room.single);
    const res = await call('POST', 'admin/blocks/', { room_id: room.single, arrival: day(150), departure: day(153), note: '  Замена окон  ' }, admin.headers);
    expect(res.statusCode, res.body).toBe(201);
    const block = res.json<{ id: number }>();
    expect(res.json()).toEqual({ id: block.id, room_id: room.single, arrival: day(150), departure: day(153), nights: 3, note: 'Замена окон' });
    expect(await offered(day(150), day(152))).not.toContain(room.single);
    expect(await offered(day(153), day(154))).toContain(room.single);

    const maria = await guest();
    const booking = await call('POST', 'hotel/reservations/', { room_id: room.single, arrival: day(152), departure: day(154), payment_method_id: (await insertCard(t, maria.id)).publicId }, maria.headers);
    expect(booking.statusCode).toBe(409);
    expect(booking.json()).toEqual({ detail: ROOM_TAKEN_DETAIL });
    expect((await auditOf(`room ${room.single}`)).map((entry) => entry.action)).toContain('block.create');

    const removed = await call('DELETE', `admin/blocks/${block.id}/`, undefined, admin.headers);
    expect(removed.statusCode).toBe(204);
    expect(await offered(day(150), day(152))).toContain(room.single);
    expect((await call('DELETE', `admin/blocks/${block.id}/`, undefined, admin.headers)).statusCode).toBe(404);
    const entries = await auditOf(`room ${room.single}`);
    expect(entries.find((entry) => entry.action === 'block.delete')).toMatchObject({ before: { block_id: block.id, note: 'Замена окон' }, after: null });
  });

  it('refuses taken nights with a 409 that names what holds them', async () => {
    const maria = await guest();
    const stay = await book(maria, { room_id: room.double, arrival: day(160), departure: day(163) });
    const res = await call('POST', 'admin/blocks/', { room_id: room.double, arrival: day(161), departure: day(165), note: 'Ремонт' }, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `${ROOM_TAKEN_DETAIL}: reservation #${stay.id} (nights ${day(161)} to ${day(162)})`,
      conflicts: [{ kind: 'reservation', reservation_id: stay.id, first_night: day(161), last_night: day(162), note: '' }],
    });
    await call('POST', 'admin/blocks/', { room_id: room.double, arrival: day(166), departure: day(168), note: 'Покраска' }, admin.headers);
    const overBlock = await call('POST', 'admin/blocks/', { room_id: room.double, arrival: day(167), departure: day(169), note: 'Ещё' }, admin.headers);
    expect(overBlock.json().detail).toBe(`${ROOM_TAKEN_DETAIL}: a block "Покраска" (night ${day(167)})`);
  });

  it("names a booking site's event by its calendar's name, refusing a block or a move onto its nights", async () => {
    const [feed] = await t.database.db.insert(calendarFeeds).values({ roomId: room.single, name: 'Airbnb', url: 'https://example.com/taken.ics' }).returning();
    await t.database.db.insert(roomHolds).values({ roomId: room.single, stay: `[${day(230)},${day(232)})`, kind: 'import', feedId: feed!.id, uid: 'taken@airbnb.com', note: 'Reserved' });
    const overEvent = await call('POST', 'admin/blocks/', { room_id: room.single, arrival: day(231), departure: day(233), note: 'Ремонт' }, admin.headers);
    expect(overEvent.statusCode).toBe(409);
    expect(overEvent.json()).toEqual({
      detail: `${ROOM_TAKEN_DETAIL}: an event of the Airbnb calendar (night ${day(231)})`,
      conflicts: [{ kind: 'import', reservation_id: null, first_night: day(231), last_night: day(231), note: 'Airbnb' }],
    });
    const stay = await book(await guest(), { room_id: room.single, arrival: day(235), departure: day(237) });
    const moved = await call('POST', `hotel/reservation/move/${stay.id}/`, { arrival: day(229), departure: day(231) }, admin.headers);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().conflicts).toEqual([{ kind: 'import', reservation_id: null, first_night: day(230), last_night: day(230), note: 'Airbnb' }]);
  });

  it('refuses what is not a block, other rooms that do not exist, and bad input', async () => {
    const maria = await guest();
    const stay = await book(maria, { room_id: room.family, arrival: day(170), departure: day(171) });
    const [hold] = await t.database.db.select().from(roomHolds).where(eq(roomHolds.reservationId, stay.id));
    const notBlock = await call('DELETE', `admin/blocks/${hold!.id}/`, undefined, admin.headers);
    expect(notBlock.statusCode).toBe(409);
    expect(notBlock.json().detail).toMatch(/not a block/);
    expect((await call('DELETE', 'admin/blocks/2147483648/', undefined, admin.headers)).statusCode).toBe(422);

    const create = (body: Record<string, unknown>) => call('POST', 'admin/blocks/', { room_id: room.family, arrival: day(180), departure: day(181), note: 'Ремонт', ...body }, admin.headers);
    expect((await create({ room_id: 987654 })).json()).toEqual({ detail: 'Room not found' });
    for (const [body, detail] of [
      [{ note: '' }, /body\.note/],
      [{ note: '   ' }, /body\.note/],
      [{ note: 'x'.repeat(201) }, /body\.note/],
      [{ note: 'Ремонт\u0000' }, /note/],
      [{ arrival: day(-1) }, /arrival: Check-in cannot be in the past/],
      [{ departure: day(180) }, /departure: Check-out must be after check-in/],
      [{ departure: day(180 + 366) }, /departure: A block can be at most 365 nights/],
      [{ arrival: '2026-13-01' }, /arrival/],
      [{ room_id: 0 }, /room_id/],
      [{ room_id: '1' }, /room_id/],
      [{ kind: 'import' }, /kind/],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.database.db.select().from(roomHolds).where(and(eq(roomHolds.roomId, room.family), eq(roomHolds.kind, 'block')))).toHaveLength(0);
  });
});
