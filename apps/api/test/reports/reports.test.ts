/**
 * The owner's reports (GET admin/reports/; issue 25, point 1): the figures of a small fixed data
 * set, counted by hand below, for October 2025 beside October 2024 (a non-refundable stay with
 * extras, a cancelled non-refundable stay, a declined one, a flexible cancellation and a no-show); money equal to the payments
 * page's totals to the kopeck; bad periods refused with a detail; guests and anonymous callers
 * kept out. Runs on PGlite, and on PostgreSQL with DATABASE_URL (npm run test:pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyPage, ReportPage } from '@hotel/domain';
import { calendarFeeds, deskPayments, folioLines, folios, orderItems, orders, payments, refunds, reservationExtras, reservations, roomHolds } from '../../src/db/schema';
import { stayRange } from '../../src/modules/hotel/reservations';
import { createTestApp, type TestApp } from '../app';
import { insertRooms, type TestRooms } from '../hotel-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let admin: TestUser;
let guest: TestUser;
let rooms: TestRooms;

/** A moment on the hotel's clock (Minsk is UTC+3 all year). */
const minsk = (local: string) => new Date(`${local}+03:00`);

const address = { label: 'Дом', address: 'ул. Советская, 1', entrance: null, floor: null, apartment: null, intercom: null, comment: null };

async function stay(values: {
  roomId: number;
  arrival: string;
  departure: string;
  price: number;
  canceledAt?: Date;
  noShowAt?: Date;
  createdAt?: Date;
  nonRefundable?: { discount: number; paidAt?: Date; paymentFailedAt?: Date };
}) {
  const nights = (Date.parse(values.departure) - Date.parse(values.arrival)) / 86_400_000;
  const [row] = await t.database.db
    .insert(reservations)
    .values({
      userId: guest.id,
      roomId: values.roomId,
      stay: stayRange(values),
      guestCount: 1,
      pricePerNight: values.price / nights,
      price: values.price,
      canceledAt: values.canceledAt ?? null,
      noShowAt: values.noShowAt ?? null,
      createdAt: values.createdAt ?? minsk('2025-09-01T12:00:00'),
      ...(values.nonRefundable && {
        rate: 'non_refundable' as const,
        rateDiscount: values.nonRefundable.discount,
        paidAt: values.nonRefundable.paidAt ?? null,
        paymentFailedAt: values.nonRefundable.paymentFailedAt ?? null,
      }),
    })
    .returning({ id: reservations.id });
  return row!.id;
}

async function fee(reservationId: number, amount: number, at: Date, purpose: 'reservation_fee' | 'stay' = 'reservation_fee', status: 'succeeded' | 'canceled' = 'succeeded') {
  await t.database.db.insert(payments).values({ purpose, userId: guest.id, reservationId, provider: 'sandbox', amount, status, createdAt: at, settledAt: at });
}

async function order(values: { at: Date; dishes: [string, number, number][]; deliveryFee: number; status: 'completed' | 'accepted' | 'canceled'; deliveredAt?: Date; refundedAt?: Date }) {
  const itemsTotal = values.dishes.reduce((sum, [, price, quantity]) => sum + price * quantity, 0);
  const total = itemsTotal + values.deliveryFee;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId: guest.id,
      status: values.status,
      address,
      itemsTotal,
      deliveryFee: values.deliveryFee,
      total,
      createdAt: values.at,
      paidAt: values.at,
      deliveredAt: values.deliveredAt ?? null,
      canceledAt: values.status === 'canceled' ? (values.refundedAt ?? values.at) : null,
    })
    .returning({ id: orders.id });
  await t.database.db.insert(orderItems).values(values.dishes.map(([name, price, quantity]) => ({ orderId: row!.id, name: { ru: name, en: name }, price, quantity })));
  const [payment] = await t.database.db
    .insert(payments)
    .values({ purpose: 'order', userId: guest.id, orderId: row!.id, provider: 'sandbox', amount: total, status: 'succeeded', createdAt: values.at, settledAt: values.at, refundedAt: values.refundedAt ?? null })
    .returning({ id: payments.id });
  if (values.refundedAt) {
    await t.database.db.insert(refunds).values({ paymentId: payment!.id, amount: total, status: 'succeeded', reason: 'cancelled', createdAt: values.refundedAt, settledAt: values.refundedAt });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  rooms = await insertRooms(t);
  admin = await createUser(t, { role: 'admin' });
  guest = await createUser(t);

  // October 2025: 3 rooms × 31 days = 93 room-nights available.
  // A: the double, 1–4 Oct, 3 nights for 750.00, all inside.
  await stay({ roomId: rooms.double, arrival: '2025-10-01', departure: '2025-10-04', price: 750_00, createdAt: minsk('2025-09-21T10:00:00') });
  // B: the family room, 30 Oct – 2 Nov, 900.00 for 3 nights: 2 inside, 600.00.
  await stay({ roomId: rooms.family, arrival: '2025-10-30', departure: '2025-11-02', price: 900_00, createdAt: minsk('2025-10-29T10:00:00') });
  // C: the single, 29 Sep – 2 Oct, 450.00 for 3 nights: 1 inside, 150.00.
  await stay({ roomId: rooms.single, arrival: '2025-09-29', departure: '2025-10-02', price: 450_00 });
  // D: cancelled on 5 Oct, its fee of 150.00 charged. E: a no-show on 20 Oct, its fee of 250.00 charged.
  const d = await stay({ roomId: rooms.single, arrival: '2025-10-10', departure: '2025-10-12', price: 300_00, canceledAt: minsk('2025-10-05T09:00:00') });
  await fee(d, 150_00, minsk('2025-10-05T09:00:01'));
  const e = await stay({ roomId: rooms.double, arrival: '2025-10-20', departure: '2025-10-22', price: 500_00, canceledAt: minsk('2025-10-20T23:00:00'), noShowAt: minsk('2025-10-20T23:00:00') });
  await fee(e, 250_00, minsk('2025-10-20T23:00:01'));
  // F: the single, 14–16 Oct at the non-refundable rate with a promo code and breakfast (issue 48's
  // figures): nights 1,077.77 − 10 % 107.77 − promo 161.66 = 808.34, + breakfast 2 × 25.00 × 2 = 100.00,
  // price 908.34, paid in full on 1 Oct. Room revenue 808.34, extras 100.00.
  const f = await stay({
    roomId: rooms.single,
    arrival: '2025-10-14',
    departure: '2025-10-16',
    price: 908_34,
    createdAt: minsk('2025-10-01T08:00:00'),
    nonRefundable: { discount: 107_77, paidAt: minsk('2025-10-01T08:00:05') },
  });
  await t.database.db.insert(reservationExtras).values({ reservationId: f, name: { ru: 'Завтрак', en: 'Breakfast' }, counts: 'per_guest_night', quantity: 2, times: 2, unitPrice: 25_00, total: 100_00 });
  await fee(f, 908_34, minsk('2025-10-01T08:00:05'), 'stay');
  // G: the double, 24–26 Oct, non-refundable for 400.00 paid on 2 Oct, cancelled by the guest on 10 Oct: the hotel keeps 400.00.
  const g = await stay({
    roomId: rooms.double,
    arrival: '2025-10-24',
    departure: '2025-10-26',
    price: 400_00,
    createdAt: minsk('2025-10-02T09:00:00'),
    canceledAt: minsk('2025-10-10T15:00:00'),
    nonRefundable: { discount: 44_44, paidAt: minsk('2025-10-02T09:00:05') },
  });
  await fee(g, 400_00, minsk('2025-10-02T09:00:05'), 'stay');
  // H: the single, 27–28 Oct, non-refundable, its card declined on 3 Oct: nothing was booked, not a cancellation.
  const h = await stay({
    roomId: rooms.single,
    arrival: '2025-10-27',
    departure: '2025-10-28',
    price: 300_00,
    createdAt: minsk('2025-10-03T11:00:00'),
    canceledAt: minsk('2025-10-03T11:00:05'),
    nonRefundable: { discount: 33_33, paymentFailedAt: minsk('2025-10-03T11:00:05') },
  });
  await fee(h, 300_00, minsk('2025-10-03T11:00:05'), 'stay', 'canceled');
  // Booking.com holds the family room 10–15 Oct: 5 nights.
  const [feed] = await t.database.db.insert(calendarFeeds).values({ roomId: rooms.family, name: 'Booking.com', url: 'https://example.com/family.ics' }).returning({ id: calendarFeeds.id });
  await t.database.db.insert(roomHolds).values({ roomId: rooms.family, stay: stayRange({ arrival: '2025-10-10', departure: '2025-10-15' }), kind: 'import', feedId: feed!.id, uid: 'ev-1' });
  // October 2024: the double, 5–7 Oct, 2 nights for 400.00.
  await stay({ roomId: rooms.double, arrival: '2024-10-05', departure: '2024-10-07', price: 400_00 });

  // The restaurant: two paid orders on 3 Oct (35.00 and 50.00), one paid and cancelled on 4 Oct (20.00, refunded).
  await order({ at: minsk('2025-10-03T10:15:00'), dishes: [['Драники', 15_00, 2]], deliveryFee: 5_00, status: 'completed', deliveredAt: minsk('2025-10-03T11:05:00') });
  await order({ at: minsk('2025-10-03T19:30:00'), dishes: [['Суп', 12_50, 2], ['Драники', 15_00, 1], ['Чай', 10_00, 1]], deliveryFee: 0, status: 'accepted' });
  await order({ at: minsk('2025-10-04T12:00:00'), dishes: [['Чай', 10_00, 2]], deliveryFee: 0, status: 'canceled', refundedAt: minsk('2025-10-04T12:30:00') });
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});

async function report(query: string, user: TestUser = admin) {
  const res = await call('GET', `admin/reports/${query}`, undefined, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportPage>();
}

describe('the owner’s reports (issue 25)', () => {
  it('October 2025 (issue 48): occupancy 13/93 = 14.0 %, room revenue 2,308.34 without 100.00 of extras, ADR 288.54, RevPAR 24.82; 2 cancellations (not the declined one) and 1 no-show, 400.00 of fees and 400.00 of prepayments kept', async () => {
    const page = await report('?from=2025-10-01&to=2025-10-31');
    expect(page.compare).toEqual({ from: '2024-10-01', to: '2024-10-31' });
    expect(page.rooms.room_count).toBe(3);
    const now = page.rooms.summary.current;
    // Site nights: A 3 + B 2 + C 1 + F 2 = 8. Room revenue: 750.00 + 600.00 + 150.00 + 808.34 = 2,308.34;
    // ADR 2,308.34 ÷ 8 = 288.5425 → 288.54; RevPAR 2,308.34 ÷ 93 = 24.8209 → 24.82.
    expect(now).toMatchObject({ available: 93, site_nights: 8, imported_nights: 5, sold: 13, revenue: 2308_34, extras_revenue: 100_00, adr: 288_54, revpar: 24_82 });
    expect(now.occupancy).toBeCloseTo(13 / 93, 6);
    // Cancelled: D (flexible, fee 150.00) and G (non-refundable, 400.00 kept); H's card was declined. No-show: E (fee 250.00).
    expect(now).toMatchObject({ bookings: 3, cancellations: 2, no_shows: 1, fees_charged: 400_00, prepayments_kept: 400_00, kept: 800_00 });
    // October 2024: 2 nights for 400.00: occupancy 2/93, ADR 200.00, RevPAR 4.30.
    const before = page.rooms.summary.previous;
    expect(before).toMatchObject({ available: 93, sold: 2, revenue: 400_00, extras_revenue: 0, adr: 200_00, revpar: 4_30, cancellations: 0, kept: 0 });
  });

  it('the non-refundable stay of issue 48 alone (14–15 Oct): room revenue 808.34, ADR 404.17 (not 454.17 with breakfast), extras 100.00', async () => {
    const page = await report('?from=2025-10-14&to=2025-10-15');
    expect(page.rooms.summary.current).toMatchObject({ site_nights: 2, revenue: 808_34, adr: 404_17, extras_revenue: 100_00, cancellations: 0, kept: 0 });
  });

  it('nights by day, by room, length of stay, lead time and the channel mix of October 2025', async () => {
    const page = await report('?from=2025-10-01&to=2025-10-31');
    const byDay = new Map(page.rooms.by_day.map((row) => [row.day, row.sold]));
    expect(page.rooms.by_day).toHaveLength(31);
    expect([byDay.get('2025-10-01'), byDay.get('2025-10-02'), byDay.get('2025-10-04'), byDay.get('2025-10-12'), byDay.get('2025-10-14'), byDay.get('2025-10-24'), byDay.get('2025-10-27'), byDay.get('2025-10-31')]).toEqual([2, 1, 0, 1, 2, 0, 0, 1]);
    expect(page.rooms.by_day.reduce((sum, row) => sum + row.sold, 0)).toBe(13);
    // The single: C's 1 night for 150.00 and F's 2 nights for 808.34 (its breakfast is not room revenue).
    expect(page.rooms.by_room.map((row) => [row.room_id, row.nights, row.revenue])).toEqual([
      [rooms.double, 3, 750_00],
      [rooms.family, 7, 600_00],
      [rooms.single, 3, 958_34],
    ]);
    // A (3 nights), B (3 nights) and F (2 nights) arrive in October; C arrived in September.
    expect(page.rooms.length_of_stay).toEqual([
      { nights: 2, bookings: 1 },
      { nights: 3, bookings: 2 },
    ]);
    // A was booked 10 days ahead and F 13 (bucket from 7), B 1 day ahead (bucket from 1).
    expect(page.rooms.lead_time.filter((row) => row.bookings > 0)).toEqual([
      { days: 1, bookings: 1 },
      { days: 7, bookings: 2 },
    ]);
    expect(page.rooms.channels).toEqual([
      { channel: 'site', nights: 8 },
      { channel: 'Booking.com', nights: 5 },
    ]);
  });

  it('the restaurant of October 2025: 2 paid orders for 85.00 (average 42.50), 1 cancelled, dishes by revenue', async () => {
    const page = await report('?from=2025-10-01&to=2025-10-31');
    expect(page.restaurant.summary.current).toEqual({ paid: 2, canceled: 1, revenue: 85_00, average: 42_50 });
    expect(page.restaurant.summary.previous).toEqual({ paid: 0, canceled: 0, revenue: 0, average: 0 });
    expect(page.restaurant.by_day.find((row) => row.day === '2025-10-03')).toEqual({ day: '2025-10-03', orders: 2, revenue: 85_00 });
    // 3 Oct 2025 was a Friday (ISO weekday 5): one order at 10 and one at 19 on the hotel clock.
    expect(page.restaurant.by_hour).toEqual([
      { weekday: 5, hour: 10, orders: 1, revenue: 35_00 },
      { weekday: 5, hour: 19, orders: 1, revenue: 50_00 },
    ]);
    expect(page.restaurant.top_dishes.map((dish) => [dish.name.ru, dish.quantity, dish.revenue])).toEqual([
      ['Драники', 3, 45_00],
      ['Суп', 2, 25_00],
      ['Чай', 1, 10_00],
    ]);
    expect(page.restaurant.delivery_hours).toEqual([{ hour: 11, orders: 1 }]);
  });

  it('money per day equals the payments page’s totals to the kopeck: orders 105.00, prepaid stays 1,308.34 (not fees), fees 400.00, refunds 20.00, net 1,793.34', async () => {
    const page = await report('?from=2025-10-01&to=2025-10-31');
    expect(page.money.summary.current).toEqual({ orders: 105_00, door_cash: 0, door_terminal: 0, stays: 1308_34, fees: 400_00, desk: 0, refunded: 20_00, net: 1793_34 });
    const res = await call('GET', 'admin/payments/?from=2025-10-01&to=2025-10-31', undefined, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const ledger = res.json<MoneyPage>();
    const fromLedger = ledger.totals.filter((day) => day.charged + day.refunded > 0).map((day) => [day.day, day.charged, day.refunded, day.net]).sort();
    const fromReport = page.money.by_day.map((day) => [day.day, day.orders + day.stays + day.fees + day.desk, day.refunded, day.net]).sort();
    expect(fromReport).toEqual(fromLedger);
    // The ledger's own entries, summed by kind: the report's halves hold the same kopecks.
    const sum = (kind: string) => ledger.entries.filter((entry) => entry.kind === kind && entry.status === 'succeeded').reduce((total, entry) => total + entry.amount, 0);
    expect([sum('order'), sum('stay'), sum('fee'), sum('refund')]).toEqual([105_00, 1308_34, 400_00, 20_00]);
  });

  it('the desk’s money (decision 055) is in the report as on the payments page: money taken at the desk by its own day, a day only the desk took money on, the bill’s lines listed and never counted', async () => {
    // December 2025, nothing else in it. X: the double, 1–3 Dec; Y: the single, cancelled on 1 Dec with a fee of 10.00.
    const x = await stay({ roomId: rooms.double, arrival: '2025-12-01', departure: '2025-12-03', price: 300_00, createdAt: minsk('2025-11-20T10:00:00') });
    const y = await stay({ roomId: rooms.single, arrival: '2025-12-05', departure: '2025-12-06', price: 150_00, createdAt: minsk('2025-11-20T10:00:00'), canceledAt: minsk('2025-12-01T12:00:00') });
    await fee(y, 10_00, minsk('2025-12-01T12:00:01'));
    await fee(x, 40_00, minsk('2025-12-02T09:00:00'));
    await t.database.db.insert(payments).values({ purpose: 'folio', userId: guest.id, reservationId: x, provider: 'sandbox', amount: 20_00, status: 'succeeded', attemptKey: 'desk-card-1', createdAt: minsk('2025-12-02T11:00:00'), settledAt: minsk('2025-12-02T11:00:00') });
    await t.database.db.insert(folios).values({ reservationId: x });
    await t.database.db.insert(deskPayments).values([
      { reservationId: x, method: 'cash', amount: 100_00, takenByEmail: admin.email, createdAt: minsk('2025-12-02T10:00:00') },
      // 23:30 in Minsk is 20:30 UTC, still the 2nd; 00:10 on the 3rd is the 2nd in UTC, the hotel's 3rd.
      { reservationId: x, method: 'card_terminal', amount: 50_00, reference: 'Чек 12', takenByEmail: admin.email, createdAt: minsk('2025-12-02T23:30:00') },
      { reservationId: x, method: 'bank_transfer', amount: 30_00, reference: 'ПП 5', takenByEmail: admin.email, createdAt: minsk('2025-12-03T00:10:00') },
    ]);
    await t.database.db.insert(folioLines).values({ reservationId: x, kind: 'posted', description: 'Бар', amount: 15_00, postedByEmail: admin.email, createdAt: minsk('2025-12-02T20:00:00') });

    const page = await report('?from=2025-12-01&to=2025-12-31');
    expect(page.money.summary.current).toEqual({ orders: 0, door_cash: 0, door_terminal: 0, stays: 0, fees: 50_00, desk: 200_00, refunded: 0, net: 250_00 });
    expect(page.money.by_day.map((day) => [day.day, day.fees, day.desk, day.net])).toEqual([
      ['2025-12-01', 10_00, 0, 10_00],
      ['2025-12-02', 40_00, 170_00, 210_00],
      ['2025-12-03', 0, 30_00, 30_00],
    ]);
    const res = await call('GET', 'admin/payments/?from=2025-12-01&to=2025-12-31', undefined, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const ledger = res.json<MoneyPage>();
    expect(ledger.totals.map((day) => [day.day, day.charged, day.refunded, day.count])).toEqual([
      ['2025-12-03', 30_00, 0, 1],
      ['2025-12-02', 210_00, 0, 5],
      ['2025-12-01', 10_00, 0, 1],
    ]);
    expect(ledger.entries.map((entry) => [entry.kind, entry.amount, entry.day])).toEqual([
      ['desk', 30_00, '2025-12-03'],
      ['desk', 50_00, '2025-12-02'],
      ['room_charge', 15_00, '2025-12-02'],
      ['desk_card', 20_00, '2025-12-02'],
      ['desk', 100_00, '2025-12-02'],
      ['fee', 40_00, '2025-12-02'],
      ['fee', 10_00, '2025-12-01'],
    ]);
    expect(ledger.entries[0]).toMatchObject({ id: expect.stringMatching(/^desk-\d+$/), status: 'succeeded', provider: 'bank_transfer', provider_ref: 'ПП 5', reservation_id: x, guest: { email: guest.email } });
    expect(ledger.entries[2]).toMatchObject({ id: expect.stringMatching(/^line-\d+$/), provider: 'posted', resolution_note: 'Бар', reservation_id: x });
    const desk = await call('GET', 'admin/payments/?from=2025-12-01&to=2025-12-31&kind=desk', undefined, admin.headers);
    expect(desk.json<MoneyPage>().entries.map((entry) => entry.amount)).toEqual([30_00, 50_00, 100_00]);
    const csv = await call('GET', 'admin/payments/csv/?from=2025-12-01&to=2025-12-31&kind=room_charge', undefined, admin.headers);
    expect(csv.body.trim().split('\r\n').slice(1)).toEqual([expect.stringMatching(/^2025-12-02 20:00:00,2025-12-02,room_charge,succeeded,.*,15\.00,BYN,posted,,,Бар,,$/)]);
  });

  it('this month by default, and a period of exactly three years is answered', async () => {
    const page = await report('');
    expect(page.from.endsWith('-01')).toBe(true);
    expect(page.from.slice(0, 7)).toBe(page.to.slice(0, 7));
    const long = await report('?from=2022-11-01&to=2025-10-31');
    expect(long.rooms.by_day).toHaveLength(1096);
  });

  it('a period ending before it starts, longer than three years or not a date: 422 with a detail', async () => {
    for (const [query, detail] of [
      ['?from=2025-10-31&to=2025-10-01', 'The period ends before it starts'],
      ['?from=2022-10-31&to=2025-10-31', 'A report spans at most 3 years'],
      ['?from=2025-13-01&to=2025-10-31', 'Invalid input'],
      ['?from=2025-10-01&to=2025-10-31&room=1', ''],
    ] as const) {
      const res = await call('GET', `admin/reports/${query}`, undefined, admin.headers);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<{ detail: string }>().detail).toContain(detail);
    }
  });

  it('a guest gets 403 and an anonymous caller 401', async () => {
    expect((await call('GET', 'admin/reports/', undefined, guest.headers)).statusCode).toBe(403);
    expect((await call('GET', 'admin/reports/')).statusCode).toBe(401);
  });
});
