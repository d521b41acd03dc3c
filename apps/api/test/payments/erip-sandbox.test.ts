/**
 * ERIP bills in the sandbox (issue 46; docs/decisions/058-erip.md): its page plays the guest's bank
 * app, in the guest's language, with the path in ERIP and the bill's number; «Pay» confirms the
 * stay, «Let it expire» ends the bill at once and frees the room; a finished bill cannot be paid.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '@hotel/domain';
import { payments, reservations, rooms } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser } from '../users';

let t: TestApp;
let call: Caller;
let roomIds: TestRooms;
let nextDay = 120;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', RATE_LIMIT_PER_MINUTE: '1000000', ERIP_SERVICE_PATH: 'Гостиничные услуги → Минск → Дом 1799' });
  call = caller(t);
  roomIds = await insertRooms(t);
  await t.database.db.update(rooms).set({ nonRefundablePercent: 10 }).where(eq(rooms.id, roomIds.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});

async function bookByErip(): Promise<Reservation> {
  const user = await createUser(t);
  const card = await insertCard(t, user.id);
  const arrival = day(nextDay);
  nextDay += 4;
  const res = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, arrival, departure: day(nextDay - 1), payment_method_id: card.publicId, rate: 'non_refundable', expected_total: 675_00, pay_by: 'erip' }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Reservation>();
}

const page = (url: string, language: 'ru' | 'en') => t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { cookie: `language=${language}` } });
const decide = (url: string, decision: string) =>
  t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });
const row = async (id: number) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

describe('the sandbox plays the bank app for an ERIP bill (issue 46)', () => {
  it('shows the path in ERIP and the bill number in both languages; «Pay» confirms the held stay', async () => {
    const booking = await bookByErip();
    const { erip, confirmation_url: url } = booking.prepayment!;
    expect(erip!.bill_number).toBe(`${booking.id}01`);
    const ru = await page(url!, 'ru');
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('Расчёт (ЕРИП) → Гостиничные услуги → Минск → Дом 1799 → номер счёта');
    expect(ru.body).toContain(erip!.bill_number);
    expect(ru.body).toContain('Дать счёту истечь');
    const en = await page(url!, 'en');
    expect(en.body).toContain('Raschet (ERIP) → Гостиничные услуги → Минск → Дом 1799 → bill number');
    expect(en.body).toContain('Let it expire');
    expect((await row(booking.id)).paidAt).toBeNull();
    expect((await decide(url!, 'approve')).statusCode).toBe(303);
    expect((await row(booking.id)).paidAt).not.toBeNull();
    // Paid, the bill cannot be paid again.
    expect((await decide(url!, 'approve')).statusCode).toBe(409);
  });

  it('«Let it expire» ends the bill at once and frees the room; a card page’s decline is no answer for a bill', async () => {
    const booking = await bookByErip();
    const url = booking.prepayment!.confirmation_url!;
    expect((await decide(url, 'decline')).statusCode).toBe(400);
    expect((await decide(url, 'expire')).statusCode).toBe(303);
    const released = await row(booking.id);
    expect(released.paymentFailedAt).not.toBeNull();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.reservationId, booking.id));
    expect(payment).toMatchObject({ status: 'canceled', method: 'erip' });
    expect((await decide(url, 'approve')).statusCode).toBe(409);
  });
});
