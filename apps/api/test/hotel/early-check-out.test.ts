/**
 * Leaving before the booked day and the desk's guarantees (issue 45, points 1, 2 and 8;
 * docs/decisions/054 and 056): a check-out before the stay's last night is over is refused with
 * 409 in the language asked for and nothing written; the desk shortens the stay first (priced by
 * the rate), then checks the guest out. The desk's day names each guarantee of a staff booking.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDay, StaffReservation } from '@hotel/domain';
import { auditEvents, reservations, roomHousekeeping } from '../../src/db/schema';
import { stayRange } from '../../src/modules/hotel/reservations';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let room: TestRooms;
let admin: TestUser;
let mail: CapturedMail;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '1000000' }, { mailer: mail });
  call = caller(t);
  room = await insertRooms(t);
  admin = await createUser(t, { role: 'admin', firstName: 'Ольга' });
});
afterAll(async () => {
  await t?.close();
});

const LEAVES_OWING = { balance_reason: 'Pays by bank transfer from the company' };
const rowOf = async (id: number) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const auditOf = async (id: number) => (await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `reservation ${id}`))).map((e) => e.action);
const checkOut = (id: number, language: 'ru' | 'en', body: object = LEAVES_OWING) =>
  call('POST', `admin/reservations/${id}/check-out/`, body, { ...admin.headers, 'accept-language': language });

/** A guest in the house: arrived `arrival` days from today, `nights` nights at 100 BYN each, checked in. */
async function inHouse(roomId: number, arrival: number, nights: number, fields: Partial<typeof reservations.$inferInsert> = {}) {
  await t.database.db.update(reservations).set({ status: 'cancelled', canceledAt: new Date() }).where(isNull(reservations.canceledAt));
  await t.database.db.delete(roomHousekeeping);
  const guest = await createUser(t, { firstName: 'Гость' });
  const id = await insertReservation(t, { userId: guest.id, roomId, arrival: day(arrival), departure: day(arrival + nights), guestCount: 1 });
  await t.database.db.update(reservations).set({ price: nights * 100_00, nightPrices: Array.from({ length: nights }, () => 100_00), ...fields }).where(eq(reservations.id, id));
  const checkedIn = await call('POST', `admin/reservations/${id}/check-in/`, {}, admin.headers);
  expect(checkedIn.statusCode, checkedIn.body).toBe(200);
  return id;
}

describe('an early check-out (issue 45, point 1; decision 054)', () => {
  it('refuses it on a 4-night flexible stay at 100 BYN (arrived yesterday): 409 in both languages, nothing written; shortened to today it is 1 night = 100.00 BYN, then checked out', async () => {
    const id = await inHouse(room.single, -1, 4);
    const before = await rowOf(id);
    expect(before.price).toBe(400_00);

    const en = await checkOut(id, 'en', {});
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toEqual({
      code: 'desk:refused.stayNotOver',
      detail: `The stay ends on ${day(3)}: shorten it first, then check out`,
      departure: day(3),
      shorten_to: day(0),
    });
    const ru = await checkOut(id, 'ru');
    expect(ru.statusCode).toBe(409);
    expect(ru.json()).toMatchObject({ code: 'desk:refused.stayNotOver', detail: `Проживание заканчивается ${day(3)}: сначала сократите его, затем выселяйте гостя` });
    // Nothing written: still in, the same nights and price, the room not made dirty, no entry.
    expect(await rowOf(id)).toMatchObject({ status: 'checked_in', checkedOutAt: null, stay: before.stay, price: 400_00 });
    expect(await t.database.db.select().from(roomHousekeeping).where(eq(roomHousekeeping.roomId, room.single))).toEqual([]);
    expect(await auditOf(id)).toEqual(['reservation.check_in']);

    const shortened = await call('POST', `admin/reservations/${id}/shorten/`, { departure: day(0) }, admin.headers);
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(shortened.json<StaffReservation>()).toMatchObject({ arrival: day(-1), departure: day(0), nights: 1, price: 100_00 });
    const out = await checkOut(id, 'en');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<StaffReservation>()).toMatchObject({ stay_status: 'checked_out', departure: day(0), price: 100_00 });
    expect((await auditOf(id)).sort()).toEqual(['reservation.check_in', 'reservation.check_out', 'reservation.shorten']);
  });

  it('keeps what a non-refundable 3-night stay paid (270.00 BYN) when it is shortened to today for the check-out', async () => {
    const id = await inHouse(room.double, -1, 3, { rate: 'non_refundable', paidAt: new Date(), price: 270_00 });
    expect((await checkOut(id, 'en')).json()).toMatchObject({ code: 'desk:refused.stayNotOver', shorten_to: day(0) });
    expect((await rowOf(id)).status).toBe('checked_in');
    const shortened = await call('POST', `admin/reservations/${id}/shorten/`, { departure: day(0) }, admin.headers);
    expect(shortened.json<StaffReservation>()).toMatchObject({ departure: day(0), nights: 1, price: 270_00 });
    expect((await checkOut(id, 'en')).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'checked_out', price: 270_00 });
  });

  it('on the arrival day the first night is always sold: a 2-night stay is shortened to tomorrow, a 1-night stay checks out at once', async () => {
    const two = await inHouse(room.family, 0, 2);
    expect((await checkOut(two, 'en')).json()).toMatchObject({ code: 'desk:refused.stayNotOver', departure: day(2), shorten_to: day(1) });
    expect((await rowOf(two)).stay).toBe(stayRange({ arrival: day(0), departure: day(2) }));
    const one = await inHouse(room.family, 0, 1);
    expect((await checkOut(one, 'en')).statusCode).toBe(200);
  });
});

describe('the desk names each guarantee of a staff booking (issue 45, point 8; decision 056)', () => {
  it('a card link sent and no card saved yet, the desk with its reason; a booking held by nothing is `none`', async () => {
    await t.database.db.update(reservations).set({ status: 'cancelled', canceledAt: new Date() }).where(isNull(reservations.canceledAt));
    const book = async (roomId: number, guarantee: object, fields: object = {}) => {
      const res = await call(
        'POST',
        'admin/reservations/',
        { room_id: roomId, arrival: day(0), departure: day(1), guest_name: 'Ирина Ковалёва', phone: '+375 29 123-45-67', guest_count: 1, channel: 'phone', guarantee, ...fields },
        admin.headers,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<StaffReservation>().id;
    };
    const desk = await book(room.double, { kind: 'desk', reason: 'Постоянный гость' });
    const link = await book(room.family, { kind: 'card_link' }, { email: 'irina@example.com', language: 'ru' });
    const guest = await createUser(t, { firstName: 'Мария' });
    const bare = await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(0), departure: day(1) });
    const res = await call('GET', 'admin/desk/', undefined, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const guarantees = Object.fromEntries(res.json<DeskDay>().arrivals.map((s) => [s.reservation_id, s.guarantee]));
    expect(guarantees).toEqual({
      [desk]: { kind: 'desk', card_last4: null, note: 'Постоянный гость' },
      [link]: { kind: 'card_link', card_last4: null, note: '' },
      [bare]: { kind: 'none', card_last4: null, note: '' },
    });
    expect(await t.database.db.select().from(reservations).where(and(eq(reservations.id, desk), eq(reservations.guarantee, 'desk')))).toHaveLength(1);
  });
});
