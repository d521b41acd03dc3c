/**
 * The day's money at the desk for the shift's hand-over (issue 45, point 8): `money` of
 * GET admin/desk/, read from the bill's module. Counts and sums by method over the hotel day
 * (Europe/Minsk), refunds given back that day, the bill's corrections. Its own world: a fresh
 * database, so the day's figures are exactly this test's. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskDaySchema, folioSchema, HOTEL_TIME_ZONE } from '@hotel/domain';
import { deskPayments, folios, payments, refunds, reservations, rooms } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let reception: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  call = caller(t);
  reception = await createUser(t, { roles: ['reception'] });
});
afterAll(async () => {
  await t?.close();
});

let roomCount = 0;
/** A stay of two nights at 120.00 (240.00) that began yesterday, guaranteed by the guest's card when given. */
async function insertStay(user: TestUser, cardId: number | null = null): Promise<number> {
  roomCount += 1;
  const [room] = await t.database.db
    .insert(rooms)
    .values({ slug: `money-${roomCount}`, position: 40 + roomCount, name: { ru: `Номер ${roomCount}`, en: `Room ${roomCount}` }, description: { ru: 'Описание', en: 'About' }, price: 120_00, primaryCapacity: 2, extraCapacity: 0, roomSize: 20 })
    .returning({ id: rooms.id });
  await t.app.dataVersions.caughtUp();
  const id = await insertReservation(t, { userId: user.id, roomId: room!.id, arrival: day(-1), departure: day(1) });
  await t.database.db.update(reservations).set({ pricePerNight: 120_00, price: 240_00, nightPrices: [120_00, 120_00], paymentMethodId: cardId }).where(eq(reservations.id, id));
  return id;
}

const pay = (id: number, body: unknown, headers: Record<string, string> = {}) => call('POST', `admin/reservations/${id}/folio/payments/`, body, { ...reception.headers, ...headers });

async function moneyAs(user: TestUser) {
  const res = await call('GET', 'admin/desk/', undefined, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return deskDaySchema.parse(res.json()).money;
}

/** A moment `minutes` from the start of today in the hotel's time zone (Minsk is UTC+3 all year). */
function fromHotelMidnight(minutes: number): Date {
  expect(HOTEL_TIME_ZONE).toBe('Europe/Minsk');
  return new Date(Date.parse(`${day(0)}T00:00:00+03:00`) + minutes * 60_000);
}

describe('the day’s money at the desk (issue 45, point 8)', () => {
  it('an empty day: every method 0 in its fixed order, nothing given back', async () => {
    const money = await moneyAs(reception);
    expect(money).toEqual({
      day: day(0),
      methods: [
        { method: 'cash', count: 0, total: 0 },
        { method: 'card_terminal', count: 0, total: 0 },
        { method: 'bank_transfer', count: 0, total: 0 },
        { method: 'saved_card', count: 0, total: 0 },
      ],
      taken: { count: 0, total: 0 },
      refunds: { count: 0, total: 0 },
      net: 0,
      corrections: { count: 0, total: 0 },
    });
  });

  it('cash 100.00 + 50.00 + 1.00 after midnight (3), terminal 60.00, transfer 20.00, saved card 30.00 = 6 taken 261.00; refund 5.00 → net 256.00; correction −12.50; yesterday’s 999.00 not counted', async () => {
    const guest = await createUser(t);
    const card = await insertCard(t, guest.id);
    const id = await insertStay(guest, card.id);
    // 240.00 of nights + a bar's 42.50, less a correction of 12.50: 270.00 owed.
    const bar = await call('POST', `admin/reservations/${id}/folio/lines/`, { kind: 'posted', amount: 42_50, description: 'Bar' }, reception.headers);
    expect(bar.statusCode, bar.body).toBe(201);
    const barLine = folioSchema.parse(bar.json()).lines.find((line) => line.kind === 'posted')!;
    expect((await call('POST', `admin/reservations/${id}/folio/lines/${barLine.id}/correct/`, { amount: 12_50, reason: 'Not ordered' }, reception.headers)).statusCode).toBe(201);
    for (const body of [
      { method: 'cash', amount: 100_00 },
      { method: 'cash', amount: 50_00 },
      { method: 'card_terminal', amount: 60_00, reference: 'slip 1' },
      { method: 'bank_transfer', amount: 20_00, reference: 'ПП 1' },
    ]) {
      const res = await pay(id, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const charged = await pay(id, { method: 'saved_card', amount: 30_00 }, { 'idempotency-key': 'money-1' });
    expect(charged.statusCode, charged.body).toBe(201);
    expect(folioSchema.parse(charged.json()).totals.balance).toBe(10_00);

    // 5.00 of the desk's card charge given back today; a refund still pending is not money yet.
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.reservationId, id));
    await t.database.db.insert(refunds).values({ paymentId: payment!.id, amount: 5_00, status: 'succeeded', reason: 'Minibar was wrong', settledAt: new Date() });

    // Yesterday's cash (a minute before the hotel's midnight) is another shift's; a minute after it is today's.
    const other = await insertStay(guest);
    await t.database.db.insert(folios).values({ reservationId: other });
    await t.database.db.insert(deskPayments).values([
      { reservationId: other, method: 'cash', amount: 999_00, takenByEmail: reception.email, createdAt: fromHotelMidnight(-1) },
      { reservationId: other, method: 'cash', amount: 1_00, takenByEmail: reception.email, createdAt: fromHotelMidnight(1) },
    ]);

    const money = await moneyAs(reception);
    expect(money).toEqual({
      day: day(0),
      methods: [
        { method: 'cash', count: 3, total: 151_00 },
        { method: 'card_terminal', count: 1, total: 60_00 },
        { method: 'bank_transfer', count: 1, total: 20_00 },
        { method: 'saved_card', count: 1, total: 30_00 },
      ],
      taken: { count: 6, total: 261_00 },
      refunds: { count: 1, total: 5_00 },
      net: 256_00,
      corrections: { count: 1, total: -12_50 },
    });
  });

  it('who sees it: reception and the accountant (they read the bills), a maid or a guest not at all (403)', async () => {
    const accountant = await createUser(t, { roles: ['accountant'] });
    const maid = await createUser(t, { roles: ['housekeeping'] });
    const guest = await createUser(t);
    expect(await moneyAs(reception)).not.toBeNull();
    expect(await moneyAs(accountant)).not.toBeNull();
    for (const user of [maid, guest]) {
      const res = await call('GET', 'admin/desk/', undefined, user.headers);
      expect(res.statusCode).toBe(403);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await call('GET', 'admin/desk/')).statusCode).toBe(401);
  });
});
