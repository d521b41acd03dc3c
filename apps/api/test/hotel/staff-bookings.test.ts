/**
 * Bookings taken at the front desk and the desk's changes to a stay (issue 45, points 2 and 3;
 * docs/decisions/056-staff-bookings-and-stay-changes.md): priced as the site prices them, under
 * the same exclusion constraint, with their channel, who took them and their guarantee; early
 * departure, extension and a room change mid-stay, each in the change log; every bad input a 4xx
 * with its detail in English and Russian, and nothing written.
 */
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type AdminExtra, type PromoCodeView, type StaffReservation } from '@hotel/domain';
import { auditEvents, reservations, roomHolds, users } from '../../src/db/schema';
import { stayRange } from '../../src/modules/hotel/reservations';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let room: TestRooms;
let mail: CapturedMail;
let admin: TestUser;
let breakfast: AdminExtra;
let promo: PromoCodeView;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '1000000' }, { mailer: mail });
  call = caller(t);
  room = await insertRooms(t);
  admin = await createUser(t, { role: 'admin', firstName: 'Ольга' });
  const extra = await call('POST', 'admin/extras/', { name: { ru: 'Завтрак', en: 'Breakfast' }, price: 25_00, counts: 'per_guest_night', sort_order: 1 }, admin.headers);
  expect(extra.statusCode, extra.body).toBe(201);
  breakfast = extra.json<AdminExtra>();
  const code = await call('POST', 'admin/promo/', { code: 'DESK10', kind: 'percent', value: 10, scope: 'rooms' }, admin.headers);
  expect(code.statusCode, code.body).toBe(201);
  promo = code.json<PromoCodeView>();
  // Nights from 10 days ahead cost more on the double room: the prices by date take part.
  const price = await call('POST', 'admin/rates/prices/', { room_ids: [room.double], first_night: day(10), last_night: day(60), weekdays: [1, 2, 3, 4, 5, 6, 7], price: 275_50, extra_price: null }, admin.headers);
  expect(price.statusCode, price.body).toBe(201);
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  mail.letters.length = 0;
});

type Refusal = { detail: string; detail_ru?: string; conflicts?: unknown[] };

const reservationCount = async () => (await t.database.db.select({ n: count() }).from(reservations))[0]!.n;
/** Reservations and accounts: a refused desk booking leaves neither (a guest's account is made in its transaction). */
const rowsWritten = async () => (await reservationCount()) * 1_000_000 + (await t.database.db.select({ n: count() }).from(users))[0]!.n;
const holdsOf = (id: number) => t.database.db.select().from(roomHolds).where(eq(roomHolds.reservationId, id)).orderBy(roomHolds.stay);
const auditOf = (id: number) => t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `reservation ${id}`));
const offered = async (roomId: number, arrival: string, departure: string) => {
  const res = await call('GET', `hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=1`);
  return res.statusCode === 200 && res.json<{ room: { id: number } }[]>().some((variant) => variant.room.id === roomId);
};

const phoneBooking = (fields: Record<string, unknown> = {}) => ({
  room_id: room.double,
  arrival: day(20),
  departure: day(23),
  guest_name: 'Ирина Ковалёва',
  phone: '+375 29 123-45-67',
  guest_count: 2,
  channel: 'phone',
  guarantee: { kind: 'desk', reason: 'Постоянный гость' },
  ...fields,
});
const deskBook = (body: Record<string, unknown>) => call('POST', 'admin/reservations/', body, admin.headers);

async function booked(body: Record<string, unknown>): Promise<StaffReservation> {
  const res = await deskBook(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffReservation>();
}

describe('issue 45 point 2: bookings taken by staff', () => {
  it('books a phone guest without an e-mail: channel, who took it, the desk guarantee with its reason, no letter, in the change log', async () => {
    const stay = await booked(phoneBooking());
    expect(stay.desk).toMatchObject({ channel: 'phone', booked_by: 'Ольга', guarantee: 'desk', guarantee_note: 'Постоянный гость' });
    expect(stay.desk.segments).toEqual([{ room_id: room.double, arrival: day(20), departure: day(23) }]);
    expect(stay.guest).toMatchObject({ name: 'Ирина Ковалёва', email: '', phone: '+375 29 123-45-67' });
    expect(stay.status).toBe('reserved');
    expect(mail.letters).toHaveLength(0);
    expect((await auditOf(stay.id)).map((entry) => entry.action)).toContain('reservation.staff_create');
    // The nights are taken for the site too.
    expect(await offered(room.double, day(20), day(23))).toBe(false);
  });

  it("prices a desk booking exactly as the site prices the same stay, prices by date, extras and promo code included, to the kopeck", async () => {
    const guest = await createUser(t, { firstName: 'Пётр' });
    const card = await insertCard(t, guest.id);
    const stay = { room_id: room.double, arrival: day(8), departure: day(12), extras: [{ id: breakfast.id, quantity: 2 }], promo_code: 'desk10' };
    // The site's total for this stay: a booking asked at a total it does not cost answers its real one and books nothing.
    const site = await call('POST', 'hotel/reservations/', { ...stay, guests: [{ first_name: 'Анна', last_name: 'Петрова' }], payment_method_id: card.publicId, expected_total: 1 }, guest.headers);
    expect(site.statusCode, site.body).toBe(409);
    const siteTotal = site.json<{ total: number }>().total;
    // 2 nights at 250 BYN and 2 at 275.50 (the price from 10 days ahead): 1051 BYN, less 10 % (105.10), plus breakfast for 2 × 4 nights (200): 1145.90 BYN.
    expect(siteTotal).toBe(1145_90);
    const quote = await call('POST', 'admin/reservations/quote/', { ...stay, guest_count: 2 }, admin.headers);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<{ total: number }>().total).toBe(siteTotal);
    const desk = await booked(phoneBooking({ ...stay, guest_count: 2, expected_total: siteTotal }));
    expect(desk.price).toBe(siteTotal);
    expect(desk.promo_code).toBe('DESK10');
    expect(promo.code).toBe('DESK10');
  });

  it("guarantees with the saved card of the e-mail's account and sends the confirmation in the language chosen", async () => {
    const guest = await createUser(t, { firstName: 'John' });
    const card = await insertCard(t, guest.id);
    const cards = await call('GET', `admin/guests/cards/?email=${encodeURIComponent(guest.email)}`, undefined, admin.headers);
    expect(cards.json<{ account: boolean; cards: { payment_method_id: string }[] }>()).toMatchObject({ account: true, cards: [{ payment_method_id: card.publicId }] });
    const stay = await booked(
      phoneBooking({ arrival: day(30), departure: day(31), email: guest.email, language: 'en', channel: 'email', guarantee: { kind: 'card', payment_method_id: card.publicId } }),
    );
    expect(stay.guarantee.card).not.toBeNull();
    expect(stay.desk).toMatchObject({ channel: 'email', guarantee: 'card' });
    expect(mail.letters).toHaveLength(1);
    expect(mail.letters[0]!.to).toBe(guest.email);
    expect(mail.letters[0]!.subject).toMatch(/[A-Za-z]/);
    expect(mail.letters[0]!.subject).not.toMatch(/[А-Яа-я]/);
  });

  it('sends the link to save a card to a new e-mail, whose account the booking belongs to', async () => {
    const stay = await booked(phoneBooking({ arrival: day(32), departure: day(33), email: 'new.guest@example.com', channel: 'walk_in', guarantee: { kind: 'card_link' } }));
    expect(stay.desk.guarantee).toBe('card_link');
    expect(stay.guest.email).toBe('new.guest@example.com');
    expect(mail.letters.map((letter) => letter.to)).toEqual(['new.guest@example.com', 'new.guest@example.com']);
    expect(mail.letters[1]!.text).toContain('/account/payments');
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'new.guest@example.com'));
    expect(account).toMatchObject({ isActive: false, phone: '+375 29 123-45-67' });
  });

  it('refuses a night already sold (409 naming the hold), as on the site', async () => {
    const before = await rowsWritten();
    const res = await deskBook(phoneBooking({ arrival: day(21), departure: day(22), email: 'late.caller@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json<Refusal>()).toMatchObject({ detail: 'Room is no longer available for these dates', detail_ru: 'Номер на эти даты уже занят' });
    expect(await rowsWritten()).toBe(before);
  });

  it.each([
    ['a booking for a past date', { arrival: day(-2), departure: day(1) }],
    ['a bad phone', { phone: 'call me' }],
    ['a bad e-mail', { email: 'not-an-address' }],
    ['an unknown rate', { rate: 'cheap' }],
    ['an unknown extra', { extras: [{ id: 999_999, quantity: 1 }] }],
    ['an unknown promo code', { promo_code: 'NOSUCHCODE' }],
    ['a channel not in the list', { channel: 'pigeon' }],
    ['the desk without a reason', { guarantee: { kind: 'desk', reason: '' } }],
    ['a card link without an e-mail', { guarantee: { kind: 'card_link' } }],
    ['a saved card of nobody', { email: 'nobody@example.com', guarantee: { kind: 'card', payment_method_id: '6f1f4a52-1d1e-4a53-9d0c-6a3f0f0c5b11' } }],
  ])('refuses %s with a 4xx whose detail is in both languages, and writes nothing', async (_name, fields) => {
    const before = await rowsWritten();
    const res = await deskBook(phoneBooking({ arrival: day(40), departure: day(41), ...fields }));
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json<Refusal>();
    expect(body.detail).toBeTruthy();
    expect(body.detail_ru ?? body.detail).toMatch(/[А-Яа-яЁё]/);
    expect(await rowsWritten()).toBe(before);
  });

  it('counts desk bookings under their channel in the reports', async () => {
    const res = await call('GET', `admin/reports/?from=${day(20)}&to=${day(22)}`, undefined, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ rooms: { channels: { channel: string; nights: number }[] } }>().rooms.channels).toContainEqual({ channel: 'phone', nights: 3 });
  });
});

/** A stay in progress: arrived yesterday, leaving in `nights - 1` days, flexible at 100 BYN a night. */
async function stayInProgress(roomId: number, nights: number, fields: Partial<typeof reservations.$inferInsert> = {}) {
  // Each case starts from free rooms.
  await t.database.db.update(reservations).set({ canceledAt: new Date() }).where(isNull(reservations.canceledAt));
  const guest = await createUser(t, { firstName: 'Гость' });
  const id = await insertReservation(t, { userId: guest.id, roomId, arrival: day(-1), departure: day(nights - 1), guestCount: 1 });
  await t.database.db.update(reservations).set({ price: nights * 100_00, nightPrices: Array.from({ length: nights }, () => 100_00), ...fields }).where(eq(reservations.id, id));
  return id;
}

describe('issue 45 point 3: early departure, extension, room change mid-stay', () => {
  it('shortens a flexible stay: the nights after the new departure are for sale at once, the price is the nights kept', async () => {
    const id = await stayInProgress(room.single, 5);
    const res = await call('POST', `admin/reservations/${id}/shorten/`, { departure: day(1) }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const stay = res.json<StaffReservation>();
    expect(stay).toMatchObject({ arrival: day(-1), departure: day(1), nights: 2, price: 200_00 });
    expect((await holdsOf(id)).map((hold) => hold.stay)).toEqual([stayRange({ arrival: day(-1), departure: day(1) })]);
    expect(await offered(room.single, day(1), day(4))).toBe(true);
    expect((await auditOf(id)).map((entry) => entry.action)).toContain('reservation.shorten');
  });

  it('keeps what a non-refundable stay paid on an early departure', async () => {
    const id = await stayInProgress(room.single, 3, { rate: 'non_refundable', paidAt: new Date(), price: 270_00 });
    await t.database.db.update(reservations).set({ stay: stayRange({ arrival: day(5), departure: day(8) }) }).where(eq(reservations.id, id));
    const res = await call('POST', `admin/reservations/${id}/shorten/`, { departure: day(6) }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffReservation>()).toMatchObject({ departure: day(6), nights: 1, price: 270_00 });
  });

  it.each([
    ['after the departure day', 5],
    ['on the arrival day', -1],
    ['before arrival', -3],
  ])('refuses an early departure %s (422, both languages, nothing written)', async (_name, offset) => {
    const id = await stayInProgress(room.family, 4);
    const res = await call('POST', `admin/reservations/${id}/shorten/`, { departure: day(offset) }, admin.headers);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<Refusal>().detail_ru).toMatch(/[А-Яа-я]/);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, id));
    expect(row!.stay).toBe(stayRange({ arrival: day(-1), departure: day(3) }));
  });

  it('extends a stay: the nights added priced by the prices by date, taken for sale; into taken nights it is refused', async () => {
    const id = await stayInProgress(room.double, 2);
    const res = await call('POST', `admin/reservations/${id}/extend/`, { departure: day(3) }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    // Two agreed nights at 100 BYN, two added at the double room's 250 BYN.
    expect(res.json<StaffReservation>()).toMatchObject({ departure: day(3), nights: 4, price: 700_00 });
    expect(await offered(room.double, day(1), day(3))).toBe(false);
    const other = await createUser(t, { firstName: 'Сосед' });
    await insertReservation(t, { userId: other.id, roomId: room.double, arrival: day(4), departure: day(6) });
    const taken = await call('POST', `admin/reservations/${id}/extend/`, { departure: day(5) }, admin.headers);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json<Refusal>()).toMatchObject({ detail_ru: 'Номер на эти даты уже занят' });
    expect(taken.json<Refusal>().conflicts).toHaveLength(1);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, id));
    expect(row).toMatchObject({ stay: stayRange({ arrival: day(-1), departure: day(3) }), price: 700_00 });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['reservation.extend']);
  });

  it('moves the guest to another room from a night: one reservation, one hold per room, both rooms right for sale and on the board', async () => {
    const id = await stayInProgress(room.family, 4);
    const res = await call('POST', `admin/reservations/${id}/room/`, { room_id: room.single, from: day(1) }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const stay = res.json<StaffReservation>();
    expect(stay.desk.segments).toEqual([
      { room_id: room.family, arrival: day(-1), departure: day(1) },
      { room_id: room.single, arrival: day(1), departure: day(3) },
    ]);
    expect(stay.price).toBe(400_00);
    expect(await reservationCount()).toBeGreaterThan(0);
    expect(await offered(room.family, day(1), day(3))).toBe(true);
    expect(await offered(room.single, day(1), day(3))).toBe(false);
    const board = await call('GET', `admin/reservations/board/?from=${day(-1)}&days=14`, undefined, admin.headers);
    const holds = board.json<{ rooms: { id: number; holds: { reservation_id?: number; arrival: string; departure: string }[] }[] }>().rooms;
    expect(holds.find((r) => r.id === room.family)!.holds.filter((h) => h.reservation_id === id)).toMatchObject([{ arrival: day(-1), departure: day(1) }]);
    expect(holds.find((r) => r.id === room.single)!.holds.filter((h) => h.reservation_id === id)).toMatchObject([{ arrival: day(1), departure: day(3) }]);
    // An early departure of the split stay cuts its last room's nights.
    const shorter = await call('POST', `admin/reservations/${id}/shorten/`, { departure: day(2) }, admin.headers);
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json<StaffReservation>().desk.segments).toEqual([
      { room_id: room.family, arrival: day(-1), departure: day(1) },
      { room_id: room.single, arrival: day(1), departure: day(2) },
    ]);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['reservation.room_change', 'reservation.shorten']);
    await t.database.db.update(reservations).set({ canceledAt: new Date() }).where(eq(reservations.id, id));
    expect(await holdsOf(id)).toEqual([]);
  });

  it('refuses a room change into a taken room or on a night outside the stay (4xx, both languages, nothing written)', async () => {
    const id = await stayInProgress(room.family, 3);
    const other = await createUser(t, { firstName: 'Сосед' });
    const blocker = await insertReservation(t, { userId: other.id, roomId: room.single, arrival: day(0), departure: day(1) });
    const taken = await call('POST', `admin/reservations/${id}/room/`, { room_id: room.single, from: day(0) }, admin.headers);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json<Refusal>().detail_ru).toBe('Номер на эти даты уже занят');
    const outside = await call('POST', `admin/reservations/${id}/room/`, { room_id: room.double, from: addDays(day(-1), 10) }, admin.headers);
    expect(outside.statusCode, outside.body).toBe(422);
    expect(outside.json<Refusal>().detail_ru).toMatch(/[А-Яа-я]/);
    expect((await holdsOf(id)).map((hold) => hold.roomId)).toEqual([room.family]);
    expect(await auditOf(id)).toEqual([]);
    expect(blocker).toBeGreaterThan(0);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('issue 45 point 2: a desk booking and a site booking of the same night, on PostgreSQL', () => {
  it('lets one of them win and refuses the other with 409', async () => {
    const guest = await createUser(t, { firstName: 'Анна' });
    const card = await insertCard(t, guest.id);
    const arrival = day(50);
    const departure = day(51);
    for (let round = 0; round < 3; round++) {
      const nights = { arrival: addDays(arrival, round * 2), departure: addDays(departure, round * 2) };
      const [desk, site] = await Promise.all([
        deskBook(phoneBooking({ room_id: room.single, guest_count: 1, ...nights })),
        call('POST', 'hotel/reservations/', { room_id: room.single, ...nights, payment_method_id: card.publicId }, guest.headers),
      ]);
      expect([desk.statusCode, site.statusCode].sort()).toEqual([201, 409]);
      const live = await t.database.db.select().from(roomHolds).where(eq(roomHolds.roomId, room.single));
      expect(live.filter((hold) => hold.stay === stayRange(nights))).toHaveLength(1);
    }
  });
});
