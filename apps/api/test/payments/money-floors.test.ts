/**
 * No bill below zero, no charge of 0, and the guest's consent to the price on every call that charges
 * (issue 42, points 1, 4 and 8): the rate's discount and a promo code together take at most the
 * nights' sum, a stay or an order at 0 is confirmed without a payment and says so, the database refuses
 * a negative price or amount, and a booking whose charge fails before the provider has it leaves nothing
 * behind. On PGlite and PostgreSQL.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPECTED_TOTAL_REQUIRED_DETAIL, type Order, type Reservation } from '@hotel/domain';
import { kitchenSettings, orders, payments, promoCodes, promoCodeUses, reservations, roomHolds, rooms } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard, insertMenu, insertOrderingGuest, postOrder, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let roomIds: TestRooms;
let menu: TestMenu;
let mail: CapturedMail;
let nextDay = 40;
let codes = 0;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
  call = caller(t);
  roomIds = await insertRooms(t);
  menu = await insertMenu(t);
  // The room: 275.00 BYN a night, 15 % off at the non-refundable rate.
  await t.database.db.update(rooms).set({ price: 275_00, nonRefundablePercent: 15 }).where(eq(rooms.id, roomIds.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  mail.letters.length = 0;
});

/** One night of a fresh stay. */
function nextNight() {
  const arrival = day(nextDay);
  nextDay += 2;
  return { arrival, departure: day(nextDay - 1) };
}

async function createCode(fields: Partial<typeof promoCodes.$inferInsert>): Promise<string> {
  codes += 1;
  const code = `FLOOR${codes}${Date.now() % 100_000}`;
  await t.database.db.insert(promoCodes).values({ code, kind: 'percent', value: 10, scope: 'both', ...fields });
  return code;
}

async function guest(): Promise<{ user: TestUser; card: string }> {
  const user = await createUser(t);
  return { user, card: (await insertCard(t, user.id)).publicId };
}

const bookNonRefundable = (g: { user: TestUser; card: string }, stay: { arrival: string; departure: string }, extra: Record<string, unknown> = {}) =>
  call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...stay, payment_method_id: g.card, rate: 'non_refundable', ...extra }, g.user.headers);

const liveUses = async (code: string) => {
  const [row] = await t.database.db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
  return t.database.db.select().from(promoCodeUses).where(and(eq(promoCodeUses.promoCodeId, row!.id), isNull(promoCodeUses.releasedAt)));
};

describe('a stay never costs less than 0, and one at 0 is not charged (issue 42, point 1)', () => {
  it('275.00 at 15 % with a 1,000 BYN code: the code takes only the 233.75 left, the total is 0, nothing goes to the provider, and the letter says no payment was needed', async () => {
    const code = await createCode({ kind: 'fixed', value: 1_000_00, scope: 'rooms' });
    const g = await guest();
    const charge = vi.spyOn(t.app.paymentGateway, 'chargeCard');
    const res = await bookNonRefundable(g, nextNight(), { promo_code: code, expected_total: 0 });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json<Reservation>();
    expect(booked).toMatchObject({ price: 0, rate: 'non_refundable', rate_discount: 41_25, promo_discount: 233_75, prepayment: null, status: 'reserved', canceled: false });
    expect(charge).not.toHaveBeenCalled();
    expect(await t.database.db.select().from(payments).where(eq(payments.reservationId, booked.id))).toEqual([]);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, booked.id));
    expect(row!.paidAt).not.toBeNull();
    expect(row!.holdUntil).toBeNull();
    expect((await liveUses(code)).map((use) => use.discount)).toEqual([233_75]);
    // The account lists it as booked; the letter says nothing was charged, and nothing of a test payment.
    const list = (await call('GET', 'hotel/reservations/', undefined, g.user.headers)).json<Reservation[]>();
    expect(list.map((r) => r.id)).toEqual([booked.id]);
    const [letter] = mail.to(g.user.email);
    expect(letter!.text).toContain('Стоимость проживания — 0 BYN: оплата не нужна, с карты ничего не списано.');
    expect(letter!.text).not.toContain('оплачено полностью');
    expect(letter!.text).not.toContain('тестовый платёж');
  });

  it('an 85 % code after the 15 % rate makes exactly 0: booked as paid, no charge of 0.00 sent', async () => {
    const code = await createCode({ kind: 'percent', value: 85, scope: 'rooms' });
    const g = await guest();
    const charge = vi.spyOn(t.app.paymentGateway, 'chargeCard');
    const res = await bookNonRefundable(g, nextNight(), { promo_code: code, expected_total: 0 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Reservation>()).toMatchObject({ price: 0, rate_discount: 41_25, promo_discount: 233_75, prepayment: null });
    expect(charge).not.toHaveBeenCalled();
    expect(await t.database.db.select().from(payments).where(eq(payments.reservationId, res.json<Reservation>().id))).toEqual([]);
  });

  it('the guest is asked again at the floored total: an expected −41.25 is a 422, another figure a 409 with the total 0', async () => {
    const code = await createCode({ kind: 'fixed', value: 1_000_00, scope: 'rooms' });
    const g = await guest();
    const stay = nextNight();
    expect((await bookNonRefundable(g, stay, { promo_code: code, expected_total: -41_25 })).statusCode).toBe(422);
    const changed = await bookNonRefundable(g, stay, { promo_code: code, expected_total: 233_75 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ total: 0 });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, g.user.id))).toEqual([]);
  });
});

describe('an order at 0 is accepted without a payment (issue 42, point 1)', () => {
  it('free delivery and a 100 % code: accepted at once, nothing sent to the provider, the receipt says no payment was needed, and payments/create/ refuses', async () => {
    await t.database.db
      .insert(kitchenSettings)
      .values({ id: 1, leadMinutes: 60, slotCapacity: 10, minOrder: 0, freeDeliveryFrom: 0 })
      .onConflictDoUpdate({ target: kitchenSettings.id, set: { freeDeliveryFrom: 0, minOrder: 0 } });
    try {
      const code = await createCode({ kind: 'percent', value: 100, scope: 'delivery' });
      const g = await insertOrderingGuest(t);
      const charge = vi.spyOn(t.app.paymentGateway, 'chargeCard');
      const res = await postOrder(
        t,
        call,
        { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 2 }], promo_code: code, expected_total: 0 },
        g.user.headers,
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: number }>().id;
      const order = (await call('GET', `orders/${id}/`, undefined, g.user.headers)).json<Order>();
      expect(order).toMatchObject({ status: 'accepted', price: 0, summary: { items: 25_00, delivery: 0, discount: 25_00, total: 0 }, promo_discount: 25_00 });
      expect(charge).not.toHaveBeenCalled();
      expect(await t.database.db.select().from(payments).where(eq(payments.orderId, id))).toEqual([]);
      const [letter] = mail.to(g.user.email);
      expect(letter!.subject).toContain(`Заказ №${id} принят без оплаты`);
      expect(letter!.text).toContain('Заказ стоит 0 BYN, поэтому оплата не понадобилась');
      expect(letter!.text).not.toContain('тестовый платёж');
      const pay = await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card.publicId }, g.user.headers);
      expect(pay.statusCode).toBe(409);
      expect(charge).not.toHaveBeenCalled();
    } finally {
      await t.database.db.update(kitchenSettings).set({ freeDeliveryFrom: null });
    }
  });
});

describe('the price the guest saw is required on every call that charges (issue 42, point 4)', () => {
  it('an order without expected_total: 422 with the detail, nothing placed', async () => {
    const g = await insertOrderingGuest(t);
    const res = await call('POST', 'orders/', { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }] }, g.user.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toContain(EXPECTED_TOTAL_REQUIRED_DETAIL);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, g.user.id))).toEqual([]);
  });

  it('a non-refundable booking without expected_total: 422 with the detail, nothing booked, no code used', async () => {
    const code = await createCode({ kind: 'fixed', value: 1_000_00, scope: 'rooms' });
    const g = await guest();
    const res = await bookNonRefundable(g, nextNight(), { promo_code: code });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toContain(EXPECTED_TOTAL_REQUIRED_DETAIL);
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, g.user.id))).toEqual([]);
    expect(await liveUses(code)).toEqual([]);
  });
});

describe('the database refuses a negative price or amount and a charge of 0 (issue 42, point 1)', () => {
  it('a reservation priced below 0, an order whose promo part is negative, a payment of 0 or less', async () => {
    const user = await createUser(t);
    const stay = nextNight();
    const reservation = {
      userId: user.id,
      roomId: roomIds.single,
      stay: `[${stay.arrival},${stay.departure})`,
      guestCount: 1,
      pricePerNight: 150_00,
      price: -41_25,
    };
    await expect(t.database.db.insert(reservations).values(reservation)).rejects.toThrow();
    await expect(t.database.db.insert(reservations).values({ ...reservation, price: 150_00, promoDiscount: -1 })).rejects.toThrow();
    const [kept] = await t.database.db.insert(reservations).values({ ...reservation, price: 0 }).returning({ id: reservations.id });
    const payment = { purpose: 'stay' as const, userId: user.id, reservationId: kept!.id, provider: 'sandbox' as const, amount: 0 };
    await expect(t.database.db.insert(payments).values(payment)).rejects.toThrow();
    await expect(t.database.db.insert(payments).values({ ...payment, amount: -1 })).rejects.toThrow();
    await expect(t.database.db.update(reservations).set({ cancellationFee: -1 }).where(eq(reservations.id, kept!.id))).rejects.toThrow();
    const g = await insertOrderingGuest(t);
    const placed = await postOrder(t, call, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.tea), quantity: 1 }] }, g.user.headers);
    expect(placed.statusCode, placed.body).toBe(201);
    await expect(t.database.db.update(orders).set({ promoDiscount: -1 }).where(eq(orders.id, placed.json<{ id: number }>().id))).rejects.toThrow();
  });
});

describe('a booking and its charge are one unit (issue 42, point 1)', () => {
  it('a failure after the reservation row is written leaves no reservation, no hold and no promo use behind', async () => {
    const code = await createCode({ kind: 'percent', value: 10, scope: 'rooms', maxUses: 1 });
    const g = await guest();
    const stay = nextNight();
    // The payment's row cannot be written: the booking's row is already committed by then.
    await t.database.db.execute(sql`CREATE FUNCTION test_refuse_stay_payment() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'payments are down'; END $$`);
    await t.database.db.execute(sql`CREATE TRIGGER test_refuse_stay_payment BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION test_refuse_stay_payment()`);
    let res;
    try {
      // 275.00 − 15 % = 233.75; − 10 % of 275.00 (27.50) = 206.25.
      res = await bookNonRefundable(g, stay, { promo_code: code, expected_total: 206_25 });
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_stay_payment ON payments`);
      await t.database.db.execute(sql`DROP FUNCTION test_refuse_stay_payment()`);
    }
    expect(res.statusCode).toBe(500);
    const rows = await t.database.db.select().from(reservations).where(eq(reservations.userId, g.user.id));
    expect(rows.filter((row) => row.canceledAt === null)).toEqual([]);
    expect((await call('GET', 'hotel/reservations/', undefined, g.user.headers)).json<Reservation[]>()).toEqual([]);
    for (const row of rows) expect(await t.database.db.select().from(roomHolds).where(eq(roomHolds.reservationId, row.id))).toEqual([]);
    expect(await liveUses(code)).toEqual([]);
    // The nights and the code's one use are free for the next guest.
    const next = await bookNonRefundable(await guest(), stay, { promo_code: code, expected_total: 206_25 });
    expect(next.statusCode, next.body).toBe(201);
  });
});

describe('a flexible booking does not speak of a payment (issue 42, point 8)', () => {
  it('its letter says the card guarantees the booking and nothing was charged, not "this was a test payment"', async () => {
    const g = await guest();
    const res = await call('POST', 'hotel/reservations/', { room_id: roomIds.single, ...nextNight(), payment_method_id: g.card }, g.user.headers);
    expect(res.statusCode, res.body).toBe(201);
    const [letter] = mail.to(g.user.email);
    expect(letter!.text).toContain('Бронирование гарантировано картой');
    expect(letter!.text).toContain('карта только гарантирует бронирование, с неё ничего не списано');
    expect(letter!.text).not.toContain('это был тестовый платёж');
  });
});
