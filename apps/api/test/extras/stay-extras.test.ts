/**
 * Extras with the stay (issue 23, point 5; decision 044): staff define them (admin, superuser;
 * change log), a room offers them, the booking prices them on the server to the kopeck and refuses
 * what the room does not offer, the total includes them and the first-night fee of a late
 * cancellation or a no-show does not; the account, the board and the letter list them. Runs on
 * PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PRICE_MAX, checkInAt, type AdminExtra, type Reservation, type StaffReservation, type StayExtra } from '@hotel/domain';
import { auditEvents, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, extendSessions, insertRooms, setLanguage, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let rooms: TestRooms;
let admin: TestUser;
let mail: CapturedMail;
let breakfast: AdminExtra;
let transfer: AdminExtra;
let parking: AdminExtra;
let lateCheckOut: AdminExtra;
let nextDay = 30;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
  call = caller(t);
  rooms = await insertRooms(t);
  admin = await createUser(t, { role: 'admin' });
  breakfast = await create({ name: { ru: 'Завтрак', en: 'Breakfast' }, price: 25_00, counts: 'per_guest_night', sort_order: 1 });
  transfer = await create({ name: { ru: 'Трансфер', en: 'Transfer' }, price: 60_00, counts: 'per_trip', sort_order: 2 });
  parking = await create({ name: 'Парковка', price: 12_50, counts: 'per_night', sort_order: 3, room_ids: [rooms.family] });
  lateCheckOut = await create({ name: { ru: 'Поздний выезд', en: 'Late check-out' }, price: 40_00, counts: 'per_stay', sort_order: 4 });
});
afterAll(async () => {
  await t?.close();
});

async function create(body: Record<string, unknown>) {
  const res = await call('POST', 'admin/extras/', body, admin.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminExtra>();
}

async function guest(language: 'ru' | 'en' = 'ru') {
  const user = await createUser(t);
  await setLanguage(t, user.id, language);
  const card = await insertCard(t, user.id, { last4: '4242' });
  return { user, card: card.publicId };
}

/** Books `nights` nights in a room, the next free dates of the test. */
async function book(who: { user: TestUser; card: string }, body: { room?: number; nights?: number; guests?: number; extras?: unknown; expected?: number }) {
  const arrival = day(nextDay);
  const nights = body.nights ?? 2;
  nextDay += nights + 1;
  return call(
    'POST',
    'hotel/reservations/',
    {
      room_id: body.room ?? rooms.double,
      arrival,
      departure: day(nextDay - 1),
      payment_method_id: who.card,
      guests: Array.from({ length: (body.guests ?? 1) - 1 }, () => ({ first_name: 'Анна', last_name: 'Ковалёва' })),
      ...(body.extras === undefined ? {} : { extras: body.extras }),
      ...(body.expected === undefined ? {} : { expected_total: body.expected }),
    },
    who.user.headers,
  );
}

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

describe('staff define extras (admin, superuser; change log)', () => {
  it('creates, lists, changes and deactivates an extra, each written to the change log', async () => {
    const bottle = await create({ name: { ru: 'Игристое', en: 'Sparkling wine' }, description: { ru: 'Бутылка', en: 'A bottle' }, price: 55_00, counts: 'per_stay', sort_order: 9 });
    expect(bottle).toMatchObject({ active: true, room_ids: null, image: null, description: { ru: 'Бутылка', en: 'A bottle' } });
    const changed = await call('PUT', `admin/extras/${bottle.id}/`, { price: 60_00, active: false }, admin.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminExtra>()).toMatchObject({ price: 60_00, active: false });
    const list = (await call('GET', 'admin/extras/', undefined, admin.headers)).json<AdminExtra[]>();
    expect(list.find((extra) => extra.id === bottle.id)?.active).toBe(false);
    const log = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `extra ${bottle.id}`));
    expect(log.map((entry) => entry.action)).toEqual(['extra.create', 'extra.update']);
    expect(log[1]!.before).toEqual({ price: 55_00, active: true });
    // An inactive extra is offered nowhere and refused in a booking.
    const offered = (await call('GET', `hotel/rooms/${rooms.double}/extras/`)).json<StayExtra[]>();
    expect(offered.map((extra) => extra.id)).not.toContain(bottle.id);
    const refused = await book(await guest(), { extras: [{ id: bottle.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ extra_refused: { reason: 'unknown', extra_id: bottle.id } });
  });

  it('lets no guest or anonymous caller in (401, 403), the superuser too', async () => {
    const user = await createUser(t);
    const superuser = await createUser(t, { role: 'superuser' });
    const body = { name: 'Завтрак', price: 1_00, counts: 'per_stay' };
    expect((await call('GET', 'admin/extras/')).statusCode).toBe(401);
    expect((await call('POST', 'admin/extras/', body)).statusCode).toBe(401);
    expect((await call('POST', 'admin/extras/', body, user.headers)).statusCode).toBe(403);
    expect((await call('PUT', `admin/extras/${breakfast.id}/`, { price: 1 }, user.headers)).statusCode).toBe(403);
    expect((await call('GET', 'admin/extras/', undefined, superuser.headers)).statusCode).toBe(200);
  });

  it('refuses a price of 0 or over the maximum, an unknown count, an unknown room or extra, nothing to change: 4xx with a detail, nothing changed', async () => {
    const before = (await call('GET', 'admin/extras/', undefined, admin.headers)).json<AdminExtra[]>();
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', 'admin/extras/', { name: 'X', price: 0, counts: 'per_stay' }, 422, /greater than 0/],
      ['POST', 'admin/extras/', { name: 'X', price: ADMIN_PRICE_MAX + 1, counts: 'per_stay' }, 422, /too high/],
      ['POST', 'admin/extras/', { name: 'X', price: 10_00, counts: 'per_hour' }, 422, /counts/],
      ['POST', 'admin/extras/', { name: '', price: 10_00, counts: 'per_stay' }, 422, /name/],
      ['POST', 'admin/extras/', { name: 'X', price: 10_00, counts: 'per_stay', room_ids: [987654] }, 422, /Unknown room: 987654/],
      ['POST', 'admin/extras/', { name: 'X', price: 10_00, counts: 'per_stay', room_ids: [] }, 422, /room/],
      ['PUT', `admin/extras/${breakfast.id}/`, {}, 422, /Nothing to change/],
      ['PUT', `admin/extras/${breakfast.id}/`, { price: -1 }, 422, /greater than 0/],
      ['PUT', `admin/extras/${breakfast.id}/`, { room_ids: [rooms.double, 987654] }, 422, /Unknown room: 987654$/],
      ['PUT', 'admin/extras/987654/', { price: 1_00 }, 404, /Extra not found/],
      ['POST', 'admin/extras/987654/', undefined, 422, /body/],
    ];
    for (const [method, url, body, status, detail] of cases) {
      const res = await call(method as 'POST', url, body, admin.headers);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await call('GET', 'admin/extras/', undefined, admin.headers)).json<AdminExtra[]>()).toEqual(before);
  });
});

describe('what a room offers (anyone)', () => {
  it('lists the active extras the room offers, in order, with their prices and how they count', async () => {
    const family = (await call('GET', `hotel/rooms/${rooms.family}/extras/`)).json<StayExtra[]>();
    expect(family.map((extra) => [extra.id, extra.price, extra.counts])).toEqual([
      [breakfast.id, 25_00, 'per_guest_night'],
      [transfer.id, 60_00, 'per_trip'],
      [parking.id, 12_50, 'per_night'],
      [lateCheckOut.id, 40_00, 'per_stay'],
    ]);
    // Parking is the family room's only; its English name falls back to the Russian.
    expect(family[2]!.name).toEqual({ ru: 'Парковка', en: 'Парковка' });
    const double = (await call('GET', `hotel/rooms/${rooms.double}/extras/`)).json<StayExtra[]>();
    expect(double.map((extra) => extra.id)).toEqual([breakfast.id, transfer.id, lateCheckOut.id]);
    expect((await call('GET', 'hotel/rooms/987654/extras/')).statusCode).toBe(404);
    expect((await call('GET', 'hotel/rooms/abc/extras/')).statusCode).toBe(422);
  });
});

describe('the booking prices extras to the kopeck (issue 23.5)', () => {
  it('2 nights at 250.00 + breakfast 25.00 × 2 guests × 2 nights (100.00) + transfer 60.00 × 2 trips (120.00) = 720.00; the first night stays 250.00', async () => {
    const who = await guest();
    const res = await book(who, { guests: 2, extras: [{ id: breakfast.id, quantity: 2 }, { id: transfer.id, quantity: 2 }], expected: 720_00 });
    expect(res.statusCode, res.body).toBe(201);
    const reservation = res.json<Reservation>();
    expect(reservation).toMatchObject({ price: 720_00, price_per_night: 250_00, nights: 2 });
    expect(reservation.extras).toEqual([
      { extra_id: breakfast.id, name: { ru: 'Завтрак', en: 'Breakfast' }, counts: 'per_guest_night', unit_price: 25_00, quantity: 2, times: 2, total: 100_00 },
      { extra_id: transfer.id, name: { ru: 'Трансфер', en: 'Transfer' }, counts: 'per_trip', unit_price: 60_00, quantity: 2, times: 1, total: 120_00 },
    ]);
    // The account lists them; a later price change leaves the booked lines as they were.
    await call('PUT', `admin/extras/${breakfast.id}/`, { price: 30_00 }, admin.headers);
    try {
      const account = (await call('GET', 'hotel/reservations/', undefined, who.user.headers)).json<Reservation[]>();
      expect(account[0]!.extras.map((extra) => extra.total)).toEqual([100_00, 120_00]);
      expect(account[0]!.price).toBe(720_00);
    } finally {
      await call('PUT', `admin/extras/${breakfast.id}/`, { price: 25_00 }, admin.headers);
    }
    // The letter lists the lines and the total.
    const letter = mail.to(who.user.email).at(-1)!;
    expect(letter.text).toContain('Услуга: Завтрак: 2 × 25 BYN × 2 ночи = 100 BYN');
    expect(letter.text).toContain('Услуга: Трансфер: 2 × 60 BYN = 120 BYN');
    expect(letter.text).toContain('Итого: 720 BYN');
  });

  it('parking 12.50 × 1 × 3 nights (37.50) + late check-out 40.00 in the family room: 900.00 + 77.50 = 977.50; the letter in English', async () => {
    const who = await guest('en');
    const res = await book(who, { room: rooms.family, nights: 3, extras: [{ id: parking.id, quantity: 1 }, { id: lateCheckOut.id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Reservation>()).toMatchObject({ price: 977_50, price_per_night: 300_00 });
    const letter = mail.to(who.user.email).at(-1)!;
    expect(letter.text).toContain('Extra: Парковка: 1 × 12.50 BYN × 3 nights = 37.50 BYN');
    expect(letter.text).toContain('Total: 977.50 BYN');
  });

  it('answers 409 with the total with extras when the guest saw another, and books nothing', async () => {
    const who = await guest();
    const res = await book(who, { extras: [{ id: breakfast.id, quantity: 1 }], expected: 500_00 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ total: 550_00, price_per_night: 250_00 });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, who.user.id))).toHaveLength(0);
  });

  it('refuses an extra the room does not offer, an unknown id, a quantity out of range, the same id twice: 422 with the detail in both languages, nothing booked', async () => {
    const who = await guest();
    const cases: [unknown, string, RegExp, RegExp][] = [
      [[{ id: parking.id, quantity: 1 }], 'not_offered', /not offered in this room/, /недоступна в этом номере/],
      [[{ id: 987654, quantity: 1 }], 'unknown', /Unknown extra 987654/, /не найдена/],
      [[{ id: breakfast.id, quantity: 2 }], 'quantity', /out of range/, /не подходит/],
    ];
    for (const [extras, reason, detail, detailRu] of cases) {
      const res = await book(who, { guests: 1, extras });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ extra_refused: { reason } });
      expect(res.json().detail).toMatch(detail);
      expect(res.json().detail_ru).toMatch(detailRu);
    }
    for (const extras of [[{ id: breakfast.id, quantity: 0 }], [{ id: transfer.id, quantity: 11 }], [{ id: transfer.id, quantity: 1 }, { id: transfer.id, quantity: 2 }], [{ id: 'x', quantity: 1 }], 'breakfast']) {
      const res = await book(who, { extras });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, who.user.id))).toHaveLength(0);
  });
});

describe('the first-night fee excludes the extras', () => {
  it('a late cancellation costs the first night (250.00), not the total with breakfast (350.00)', async () => {
    const who = await guest();
    const reservation = (await book(who, { extras: [{ id: breakfast.id, quantity: 1 }, { id: transfer.id, quantity: 1 }] })).json<Reservation>();
    expect(reservation.price).toBe(250_00 * 2 + 25_00 * 2 + 60_00);
    const res = await at(new Date(checkInAt(reservation.arrival).getTime() - 3 * 3_600_000), () =>
      call('POST', `hotel/reservations/cancel/${reservation.id}/`, undefined, who.user.headers),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Reservation>()).toMatchObject({ canceled: true, cancellation_fee: 250_00 });
  });

  it('a no-show costs the first night, and the board shows the stay with its extras', async () => {
    const who = await guest();
    const reservation = (await book(who, { guests: 2, extras: [{ id: breakfast.id, quantity: 2 }] })).json<Reservation>();
    const details = (await call('GET', `admin/reservations/${reservation.id}/`, undefined, admin.headers)).json<StaffReservation>();
    expect(details.price).toBe(600_00);
    expect(details.extras).toEqual([expect.objectContaining({ name: { ru: 'Завтрак', en: 'Breakfast' }, quantity: 2, times: 2, total: 100_00 })]);
    const evening = new Date(checkInAt(reservation.arrival).getTime() + 8 * 3_600_000);
    const res = await at(evening, () => call('POST', `admin/reservations/${reservation.id}/no_show/`, {}, admin.headers));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffReservation>().cancellation_fee).toBe(250_00);
  });
});

describe('a moved stay', () => {
  it('counts nightly extras for the new nights at the booked price: 2 → 3 nights, breakfast 25.00 × 1 × 3 = 75.00, total 825.00', async () => {
    const who = await guest();
    const reservation = (await book(who, { extras: [{ id: breakfast.id, quantity: 1 }, { id: transfer.id, quantity: 1 }] })).json<Reservation>();
    expect(reservation.price).toBe(500_00 + 50_00 + 60_00);
    const arrival = day(nextDay);
    nextDay += 4;
    const res = await call('POST', `hotel/reservation/move/${reservation.id}/`, { arrival, departure: day(nextDay - 1) }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Reservation>();
    expect(moved.extras.map((extra) => [extra.times, extra.total])).toEqual([
      [3, 75_00],
      [1, 60_00],
    ]);
    expect(moved).toMatchObject({ nights: 3, price: 750_00 + 75_00 + 60_00, price_per_night: 250_00 });
  });
});
