/**
 * Promo codes (issue 23, point 4; decision 043): staff create and change codes; a guest checks one
 * and books a stay or places an order with it; each refusal has its reason; a code limited to 5
 * uses is used exactly 5 times by 20 racing bookings and by 20 racing orders; a cancelled booking
 * or order gives its use back. Refusals name their reason only to a guest the code was valid for
 * (issue 42, point 11). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FEE_KOPECKS, type Order, type PromoCodeView, type Reservation } from '@hotel/domain';
import { auditEvents, orders, promoCodeUses, promoCodes, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, setLanguage, type TestRooms } from '../hotel-fixtures';
import { insertCard, insertMenu, insertOrderingGuest, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let rooms: TestRooms;
let menu: TestMenu;
let admin: TestUser;
let superuser: TestUser;
let mail: CapturedMail;

beforeAll(async () => {
  mail = captureMail();
  // Every request comes from one address here; the limit on guesses has its test in promo-guessing.test.ts.
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', PROMO_GUESSES_PER_ADDRESS: '1000000' }, { mailer: mail });
  call = caller(t);
  rooms = await insertRooms(t);
  menu = await insertMenu(t);
  admin = await createUser(t, { role: 'admin' });
  superuser = await createUser(t, { role: 'superuser' });
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const uniqueCode = (prefix = 'PROMO') => `${prefix}${++serial}`;

async function createCode(fields: Record<string, unknown> = {}, by: TestUser = admin): Promise<PromoCodeView> {
  const res = await call('POST', 'admin/promo/', { code: uniqueCode(), kind: 'percent', value: 10, scope: 'both', ...fields }, by.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PromoCodeView>();
}

async function bookingGuest() {
  const user = await createUser(t);
  return { user, card: (await insertCard(t, user.id)).publicId };
}

/** A booking of the double room (250.00 a night) for `nights` from `offset` days ahead. */
const book = (g: { user: TestUser; card: string }, offset: number, nights: number, extra: Record<string, unknown> = {}) =>
  call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(offset), departure: day(offset + nights), payment_method_id: g.card, ...extra }, g.user.headers);

/** An order of 2 soups (12.50) and 1 draniki (9.90): 34.90 of dishes, plus the delivery fee. */
const withTenPercent = 34_90 - 3_49 + DELIVERY_FEE_KOPECKS;
const order = (g: Awaited<ReturnType<typeof insertOrderingGuest>>, extra: Record<string, unknown> = {}) =>
  postOrder(t, call, {
      address_id: g.address,
      payment_method_id: g.card.publicId,
      items: [
        { product_id: String(menu.soup), quantity: 2 },
        { product_id: String(menu.draniki), quantity: 1 },
      ],
      ...extra,
    },
    g.user.headers,
  );

const check = (user: TestUser, body: Record<string, unknown>) => call('POST', 'promo/check/', body, user.headers);

describe('who may manage promo codes (issue 23.4)', () => {
  it('anonymous 401, a guest 403 on admin/promo/; admin and superuser may; the guest check needs a session', async () => {
    const guest = await createUser(t);
    const body = { code: uniqueCode(), kind: 'percent', value: 10, scope: 'rooms' };
    for (const [method, url] of [
      ['GET', 'admin/promo/'],
      ['POST', 'admin/promo/'],
      ['PUT', 'admin/promo/1/'],
    ] as const) {
      expect((await call(method, url, method === 'GET' ? undefined : body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, method === 'GET' ? undefined : body, guest.headers)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('POST', 'promo/check/', { code: 'X', scope: 'rooms', amount: 100 })).statusCode).toBe(401);
    await createCode({}, superuser);
    const list = await call('GET', 'admin/promo/', undefined, admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json<PromoCodeView[]>().length).toBeGreaterThan(0);
    expect(await t.database.db.select().from(promoCodes)).toHaveLength(list.json<PromoCodeView[]>().length);
  });

  it('writes every create and change to the change log; deactivating is active: false', async () => {
    const code = await createCode({ code: 'logged-one' });
    expect(code.code).toBe('LOGGED-ONE');
    const { id: _id, uses: _uses, created_at: _at, ...body } = code;
    const res = await call('PUT', `admin/promo/${code.id}/`, { ...body, active: false }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PromoCodeView>().active).toBe(false);
    const log = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, 'promo LOGGED-ONE'));
    expect(log.map((entry) => [entry.action, entry.before, entry.after && (entry.after as { active?: boolean }).active])).toEqual([
      ['promo.create', null, true],
      ['promo.update', { active: true }, false],
    ]);
  });
});

describe('bad input: a 4xx with a detail in both languages, nothing changed (issue 23.4)', () => {
  const bad: [string, Record<string, unknown>, string, string][] = [
    ['dates ending before they start', { valid_from: '2027-06-10', valid_to: '2027-06-01' }, 'Срок действия кончается раньше', 'The validity ends before it starts'],
    ['stay dates ending before they start', { stay_from: '2027-06-10', stay_to: '2027-06-01' }, 'Даты проживания кончаются раньше', 'The stay dates end before they start'],
    ['a percentage over 100', { value: 150 }, 'Процент — целое число от 1 до 100', 'A percentage is a whole number from 1 to 100'],
    ['a fixed discount larger than its minimum', { kind: 'fixed', value: 200_00, min_amount: 100_00 }, 'Скидка больше минимальной суммы', 'The discount is larger than the minimum amount'],
    ['a code with a space', { code: 'two words' }, 'Код: от 3 до 32', 'A code is 3 to 32'],
  ];
  it.each(bad)('%s: 422 in Russian for a Russian admin, in English for an English one', async (_name, fields, ru, en) => {
    const before = await t.database.db.select().from(promoCodes);
    const body = { code: uniqueCode(), kind: 'percent', value: 10, scope: 'rooms', ...fields };
    await setLanguage(t, admin.id, 'ru');
    const inRussian = await call('POST', 'admin/promo/', body, admin.headers);
    expect(inRussian.statusCode).toBe(422);
    expect(inRussian.json<{ detail: string }>().detail).toContain(ru);
    await setLanguage(t, admin.id, 'en');
    const inEnglish = await call('POST', 'admin/promo/', body, admin.headers);
    expect(inEnglish.statusCode).toBe(422);
    expect(inEnglish.json<{ detail: string }>().detail).toContain(en);
    await setLanguage(t, admin.id, 'ru');
    expect(await t.database.db.select().from(promoCodes)).toEqual(before);
  });

  it('a code taken in another case is a 409; an unknown id 404; a missing body 422', async () => {
    await createCode({ code: 'TAKEN' });
    expect((await call('POST', 'admin/promo/', { code: 'taken', kind: 'percent', value: 5, scope: 'rooms' }, admin.headers)).statusCode).toBe(409);
    expect((await call('PUT', 'admin/promo/999999/', { code: 'NOPE', kind: 'percent', value: 5, scope: 'rooms' }, admin.headers)).statusCode).toBe(404);
    expect((await call('POST', 'admin/promo/', undefined, admin.headers)).statusCode).toBe(422);
    expect((await check(admin, { code: 'TAKEN', scope: 'rooms', amount: -1 })).statusCode).toBe(422);
  });
});

describe('the guest check and each refusal (issue 23.4, issue 42.11)', () => {
  it('is case-insensitive: "summer" prices the code SUMMER…; 10 % of 500.00 is 50.00', async () => {
    const code = await createCode({ code: 'SummerCase' });
    const guest = await createUser(t);
    const res = await check(guest, { code: ' summercase ', scope: 'rooms', amount: 500_00 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: code.code, discount: 50_00 });
  });

  it('refuses a guest the code was valid for with its reason, worded in the guest’s language; anyone else hears one answer (issue 42, point 11)', async () => {
    const guest = await createUser(t);
    await setLanguage(t, guest.id, 'en');
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['inactive', { active: false }, {}],
      ['not_started', { valid_from: day(5) }, {}],
      ['expired', { valid_from: day(-10), valid_to: day(-1) }, {}],
      ['not_for_this', { scope: 'delivery' }, {}],
      ['stay_outside', { stay_from: day(30), stay_to: day(40) }, { arrival: day(10), departure: day(12) }],
      ['below_minimum', { min_amount: 600_00 }, {}],
    ];
    for (const [reason, fields, request] of cases) {
      const code = await createCode();
      const body = { code: code.code, scope: 'rooms', amount: 500_00, ...request };
      // The code prices for the guest once; then staff change it.
      expect((await check(guest, body)).statusCode, reason).toBe(200);
      const { id, uses: _uses, created_at: _at, ...was } = code;
      expect((await call('PUT', `admin/promo/${id}/`, { ...was, ...fields }, admin.headers)).statusCode, reason).toBe(200);
      const res = await check(guest, body);
      expect(res.statusCode, reason).toBe(422);
      expect(res.json<{ promo_refusal: string }>().promo_refusal, reason).toBe(reason);
      expect(res.json<{ detail: string }>().detail).toMatch(/^[\x20-\x7e’]+$/);
      if (reason === 'below_minimum') expect(res.json()).toMatchObject({ promo_min_amount: 600_00 });
      expect((await check(await createUser(t), body)).json(), reason).toMatchObject({ promo_refusal: 'unavailable' });
    }
    await setLanguage(t, guest.id, 'ru');
    expect((await check(guest, { code: 'NO-SUCH-CODE', scope: 'rooms', amount: 1 })).json()).toEqual({ detail: 'Этот промокод нельзя применить', promo_refusal: 'unavailable' });
  });

  it('used up and used by you: 2 uses in all, 1 per guest', async () => {
    const code = await createCode({ max_uses: 2, max_uses_per_guest: 1, scope: 'rooms' });
    const first = await bookingGuest();
    expect((await book(first, 100, 1, { promo_code: code.code.toLowerCase() })).statusCode).toBe(201);
    const again = await book(first, 102, 1, { promo_code: code.code });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ promo_refusal: 'used_by_you' });
    expect((await book(await bookingGuest(), 104, 1, { promo_code: code.code })).statusCode).toBe(201);
    const third = await bookingGuest();
    const refused = await book(third, 106, 1, { promo_code: code.code });
    expect(refused.statusCode).toBe(422);
    // The third guest never held the code: one answer, whatever the reason (issue 42, point 11).
    expect(refused.json()).toMatchObject({ promo_refusal: 'unavailable', detail: 'This promo code cannot be used' });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, third.user.id))).toHaveLength(0);
  });
});

describe('a booking with a code (issue 23.4)', () => {
  it('3 nights × 250.00 = 750.00, 15 % off is 112.50: the guest pays 637.50, and the code is on the reservation and the board', async () => {
    const code = await createCode({ value: 15, scope: 'rooms' });
    const g = await bookingGuest();
    const res = await book(g, 120, 3, { promo_code: code.code, expected_total: 637_50 });
    expect(res.statusCode, res.body).toBe(201);
    const reservation = res.json<Reservation>();
    expect(reservation).toMatchObject({ price: 637_50, promo_code: code.code, promo_discount: 112_50, price_per_night: 250_00 });
    const [use] = await t.database.db.select().from(promoCodeUses).where(eq(promoCodeUses.reservationId, reservation.id));
    expect(use).toMatchObject({ discount: 112_50, userId: g.user.id, releasedAt: null });
    const board = await call('GET', `admin/reservations/${reservation.id}/`, undefined, admin.headers);
    expect(board.statusCode).toBe(200);
    expect(board.json()).toMatchObject({ promo_code: code.code, promo_discount: 112_50, price: 637_50 });
    // The confirmation letter names the code and its discount (the guest's language: Russian).
    await expect.poll(() => mail.to(g.user.email).length).toBeGreaterThan(0);
    expect(mail.to(g.user.email).at(-1)!.text).toContain(`Промокод ${code.code}: −112,50 BYN`);
  });

  it('a total the guest saw without the discount is a 409 with the total after it, and nothing is used', async () => {
    const code = await createCode({ kind: 'fixed', value: 100_00, scope: 'rooms' });
    const g = await bookingGuest();
    const res = await book(g, 130, 2, { promo_code: code.code, expected_total: 500_00 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ total: 400_00 });
    expect(await t.database.db.select().from(promoCodeUses).where(eq(promoCodeUses.userId, g.user.id))).toHaveLength(0);
  });

  it('a fixed 300.00 off one 250.00 night is capped at 250.00: the guest pays 0.00', async () => {
    const code = await createCode({ kind: 'fixed', value: 300_00, scope: 'rooms' });
    const res = await book(await bookingGuest(), 134, 1, { promo_code: code.code });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price: 0, promo_discount: 250_00 });
  });

  it('a cancelled booking gives its use back', async () => {
    const code = await createCode({ max_uses: 1, scope: 'rooms' });
    const g = await bookingGuest();
    const booked = await book(g, 140, 1, { promo_code: code.code });
    expect(booked.statusCode).toBe(201);
    expect((await book(await bookingGuest(), 142, 1, { promo_code: code.code })).json()).toMatchObject({ promo_refusal: 'unavailable' });
    expect((await call('POST', `hotel/reservations/cancel/${booked.json<Reservation>().id}/`, undefined, g.user.headers)).statusCode).toBe(200);
    expect((await book(await bookingGuest(), 144, 1, { promo_code: code.code })).statusCode).toBe(201);
  });

  it('a code for delivery is refused for a stay, and nothing is booked', async () => {
    const code = await createCode({ scope: 'delivery' });
    const g = await bookingGuest();
    const res = await book(g, 150, 1, { promo_code: code.code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ promo_refusal: 'unavailable' });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, g.user.id))).toHaveLength(0);
  });
});

describe('an order with a code (issue 23.4)', () => {
  it('10 % of 34.90 of dishes is 3.49: the order’s discount and total show it, with the code', async () => {
    expect((await createCode({ scope: 'delivery', code: 'food-ten' })).code).toBe('FOOD-TEN');
    const g = await insertOrderingGuest(t);
    const plain = await order(await insertOrderingGuest(t));
    const plainTotal = (await t.database.db.select().from(orders).where(eq(orders.id, plain.json<{ id: number }>().id)))[0]!.total;
    const res = await order(g, { promo_code: 'Food-Ten', expected_total: plainTotal - 3_49 });
    expect(res.statusCode, res.body).toBe(201);
    const placed = (await call('GET', `orders/${res.json<{ id: number }>().id}/`, undefined, g.user.headers)).json<Order>();
    expect(placed).toMatchObject({ promo_code: 'FOOD-TEN', promo_discount: 3_49, price: plainTotal - 3_49 });
    expect(placed.summary.discount).toBe(3_49);
  });

  it('a code for rooms is refused for an order', async () => {
    const code = await createCode({ scope: 'rooms' });
    const res = await order(await insertOrderingGuest(t), { promo_code: code.code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ promo_refusal: 'unavailable' });
  });

  it('a cancelled order gives its use back', async () => {
    const code = await createCode({ scope: 'delivery', max_uses: 1 });
    const g = await insertOrderingGuest(t);
    const placed = await order(g, { promo_code: code.code, expected_total: withTenPercent });
    expect(placed.statusCode).toBe(201);
    expect((await order(await insertOrderingGuest(t), { promo_code: code.code, expected_total: withTenPercent })).json()).toMatchObject({ promo_refusal: 'unavailable' });
    expect((await call('POST', `orders/${placed.json<{ id: number }>().id}/cancel/`, undefined, g.user.headers)).statusCode).toBe(200);
    expect((await order(await insertOrderingGuest(t), { promo_code: code.code, expected_total: withTenPercent })).statusCode).toBe(201);
  });
});

describe('racing guests use a code exactly its limit (issue 23.4)', () => {
  it('20 bookings at once with a code of 5 uses: exactly 5 are booked with it, 15 refused', async () => {
    const code = await createCode({ scope: 'rooms', max_uses: 5 });
    const guests = await Promise.all(Array.from({ length: 20 }, () => bookingGuest()));
    const answers = await Promise.all(guests.map((g, i) => book(g, 200 + 2 * i, 1, { promo_code: code.code })));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((status) => status === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 422).map((res) => res.json<{ promo_refusal: string }>().promo_refusal)).toEqual(Array(15).fill('unavailable'));
    const uses = await t.database.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code.id));
    expect(uses).toHaveLength(5);
  });

  it('20 orders at once with a code of 5 uses: exactly 5 are placed with it', async () => {
    const code = await createCode({ scope: 'delivery', max_uses: 5 });
    const guests = await Promise.all(Array.from({ length: 20 }, () => insertOrderingGuest(t)));
    const answers = await Promise.all(guests.map((g) => order(g, { promo_code: code.code, expected_total: withTenPercent })));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 422)).toHaveLength(15);
    expect(await t.database.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code.id))).toHaveLength(5);
    expect((await call('GET', 'admin/promo/', undefined, admin.headers)).json<PromoCodeView[]>().find((row) => row.id === code.id)!.uses).toBe(5);
  });
});
