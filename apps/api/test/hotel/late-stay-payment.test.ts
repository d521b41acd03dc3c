/**
 * A non-refundable booking's 3-D Secure payment that the bank confirms after the hold ran out (the
 * room was released meanwhile) is refunded in full, and the guest is told: a letter in their
 * language with the day the money is back on the card, and the account lists the booking with its
 * refund (issue 42, point 5; docs/decisions/045-non-refundable-rate.md).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday, REFUND_CREDIT_DAYS, type Reservation } from '@hotel/domain';
import { rooms, users } from '../../src/db/schema';
import { settlePendingPayments } from '../../src/modules/payments/service';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let roomIds: TestRooms;
let mail: CapturedMail;
let nextDay = 50;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
  call = caller(t);
  roomIds = await insertRooms(t);
  // The double (250 BYN a night) offers 10 % off: three nights at the non-refundable rate are 675 BYN.
  await t.database.db.update(rooms).set({ nonRefundablePercent: 10 }).where(eq(rooms.id, roomIds.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  mail.letters.length = 0;
});

function nextStay() {
  const arrival = day(nextDay);
  nextDay += 4;
  return { arrival, departure: day(nextDay - 1) };
}

/** A guest who reads the site in `language`, and a card whose bank asks for 3-D Secure: a booking paid with it waits for the guest. */
async function guest(language: 'ru' | 'en') {
  const user = await createUser(t);
  await t.database.db.update(users).set({ language }).where(eq(users.id, user.id));
  const card = await insertCard(t, user.id, { last4: '3220', token: `sandbox_3ds_3220_${'b'.repeat(24)}` });
  return { user, card: card.publicId };
}

/** Books at the non-refundable rate, lets the hold run out, then confirms on the bank's page too late. */
async function payTooLate(user: TestUser, card: string): Promise<Reservation> {
  const res = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...nextStay(), payment_method_id: card, rate: 'non_refundable', expected_total: 675_00 }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  const pending = res.json<Reservation>();
  expect((await settlePendingPayments(t.app, new Date(Date.now() + 16 * 60_000))).released).toBeGreaterThanOrEqual(1);
  const page = await t.app.inject({
    method: 'POST',
    url: new URL(pending.prepayment!.confirmation_url!).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=approve',
  });
  expect(page.statusCode).toBe(303);
  return pending;
}

/** "5 декабря" / "5 December": the day and month the letter names, whatever weekday and year it adds. */
function dayAndMonth(date: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

describe('a late payment of a released booking is refunded and the guest is told (issue 42, point 5)', () => {
  it('a letter in Russian says the booking was not made, that 675 BYN goes back to the card and by which day', async () => {
    const { user, card } = await guest('ru');
    const booking = await payTooLate(user, card);
    const letters = mail.to(user.email);
    expect(letters).toHaveLength(1);
    const letter = letters[0]!;
    expect(letter.subject).toBe(`Бронирование №${booking.id} не состоялось, деньги возвращаются — Дом 1799`);
    expect(letter.text).toContain('Оплата пришла, когда время удержания номера уже истекло: номер освобождён, и бронирование не состоялось.');
    expect(letter.text).toContain('Всю сумму, 675 BYN, мы вернули на карту VISA •••• 3220. Деньги поступят не позднее');
    expect(letter.text).toContain(dayAndMonth(addDays(hotelToday(), REFUND_CREDIT_DAYS), 'ru-RU'));
    // Nothing to put in a calendar: the stay was never booked.
    expect(letter.attachments ?? []).toHaveLength(0);
  });

  it('the same in English for a guest who reads the site in English', async () => {
    const { user, card } = await guest('en');
    const booking = await payTooLate(user, card);
    const [letter] = mail.to(user.email);
    expect(letter!.subject).toBe(`Booking #${booking.id} not made: your money is on its way back — House 1799`);
    expect(letter!.text).toContain('Your payment came after the room’s hold had run out, so the room was released and the booking was not made.');
    expect(letter!.text).toContain('We have sent the whole amount, 675 BYN, back to your card VISA •••• 3220. It will be there by');
    expect(letter!.text).toContain(dayAndMonth(addDays(hotelToday(), REFUND_CREDIT_DAYS), 'en-GB'));
  });

  it('the account lists the booking as cancelled with its refund: the amount, where it stands and the day the money is back', async () => {
    const { user, card } = await guest('ru');
    const booking = await payTooLate(user, card);
    const refund = { amount: 675_00, status: 'succeeded', money_back_by: addDays(hotelToday(), REFUND_CREDIT_DAYS) };
    const list = (await call('GET', 'hotel/reservations/', undefined, user.headers)).json<Reservation[]>();
    expect(list.map((r) => r.id)).toEqual([booking.id]);
    expect(list[0]).toMatchObject({ canceled: true, status: 'cancelled', refund, prepayment: { status: 'succeeded' } });
    const one = (await call('GET', `hotel/reservations/${booking.id}/`, undefined, user.headers)).json<Reservation>();
    expect(one.refund).toEqual(refund);
  });
});
