/**
 * The card that guarantees a room booking (CON-05): the booking keeps a saved card; a cancellation
 * later than 24 hours before check-in charges the first night to it through the payment gateway,
 * and the letter says so; a free cancellation charges nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkInAt, type MoneyPage, type Reservation } from '@hotel/domain';
import { payments, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, extendSessions, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let rooms: TestRooms;
let mail: CapturedMail;
let nextDay = 40;
beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
  call = caller(t);
  rooms = await insertRooms(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  mail.letters.length = 0;
});

async function book(user: TestUser, card?: string) {
  const arrival = day(nextDay);
  nextDay += 3;
  const res = await call(
    'POST',
    'hotel/reservations/',
    { room_id: rooms.double, arrival, departure: day(nextDay - 1), ...(card ? { payment_method_id: card } : {}) },
    user.headers,
  );
  return res;
}

/** Cancels `hours` before check-in, as the clock of the booking rules sees it. */
async function cancelBefore(user: TestUser, reservation: Reservation, hours: number) {
  await extendSessions(t);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(checkInAt(reservation.arrival).getTime() - hours * 3_600_000));
  const res = await call('POST', `hotel/reservations/cancel/${reservation.id}/`, undefined, user.headers);
  vi.useRealTimers();
  return res;
}

const feePayments = (reservationId: number) => t.database.db.select().from(payments).where(eq(payments.reservationId, reservationId));

describe('booking with a guarantee card (CON-05)', () => {
  it('keeps the saved card with the booking and names it in the confirmation', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { last4: '4242' });
    const res = await book(user, card.publicId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Reservation>()).toMatchObject({ payment_method: { payment_method_id: card.publicId, card_last4: '4242', brand: 'visa' }, cancellation_charge: null });
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, res.json<Reservation>().id));
    expect(row!.paymentMethodId).toBe(card.id);
    expect(mail.to(user.email)[0]!.text).toContain('Бронирование гарантировано картой VISA •••• 4242.');
  });

  it("refuses another user's card, a card never saved and a malformed id, and books nothing", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const foreign = await insertCard(t, other.id);
    const pending = await insertCard(t, user.id, { status: 'pending' });
    for (const [card, detail] of [
      [foreign.publicId, /Unknown card/],
      [pending.publicId, /This card has not been saved/],
      ['card-7', /payment_method_id/],
    ] as const) {
      const res = await book(user, card);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(0);
  });
});

describe('cancelling a guaranteed booking', () => {
  it('later than 24 hours before check-in charges the first night to the card, and the letter says so', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { last4: '4242' });
    const reservation = (await book(user, card.publicId)).json<Reservation>();
    mail.letters.length = 0;
    const res = await cancelBefore(user, reservation, 5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Reservation>()).toMatchObject({ canceled: true, cancellation_fee: 250_00, cancellation_charge: 'succeeded' });
    const [fee] = await feePayments(reservation.id);
    expect(fee).toMatchObject({ purpose: 'reservation_fee', amount: 250_00, currency: 'BYN', status: 'succeeded', paymentMethodId: card.id });
    expect(mail.to(user.email)[0]!.text).toContain('стоимость первой ночи, 250 BYN, списана с карты VISA •••• 4242.');
  });

  it('a card the bank declines: the fee stays due, the letter says it could not be charged', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { last4: '0002', token: `sandbox_decline_0002_${'a'.repeat(24)}` });
    const reservation = (await book(user, card.publicId)).json<Reservation>();
    mail.letters.length = 0;
    const res = await cancelBefore(user, reservation, 2);
    expect(res.json<Reservation>()).toMatchObject({ cancellation_fee: 250_00, cancellation_charge: 'canceled' });
    expect(mail.to(user.email)[0]!.text).toContain('не удалось списать с карты VISA •••• 0002. Мы свяжемся с вами.');
  });

  it('a card that asks for 3-D Secure at the site pays the fee at once: the hotel charges it as a merchant-initiated transaction (CON-05)', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { last4: '3220', token: `sandbox_3ds_3220_${'b'.repeat(24)}` });
    const reservation = (await book(user, card.publicId)).json<Reservation>();
    const res = await cancelBefore(user, reservation, 2);
    expect(res.json<Reservation>().cancellation_charge).toBe('succeeded');
    expect(mail.letters.at(-1)!.text).toContain('списана с карты VISA •••• 3220');
  });

  it('a fee the bank still wants confirmed: the letter sends the guest to the page, and staff see the unpaid fee on top of /admin/payments (CON-05)', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const card = await insertCard(t, user.id, { last4: '3184', token: `sandbox_3ds_always_3184_${'c'.repeat(24)}` });
    const reservation = (await book(user, card.publicId)).json<Reservation>();
    const res = await cancelBefore(user, reservation, 2);
    expect(res.json<Reservation>().cancellation_charge).toBe('pending');
    const [fee] = await feePayments(reservation.id);
    expect(fee!.confirmationUrl).toMatch(/\/api\/v1\/payments\/sandbox\/[0-9a-f-]{36}\/$/);
    // The guest has a week to confirm, not the half hour of a checkout at the site.
    const cancelledAt = checkInAt(reservation.arrival).getTime() - 2 * 3_600_000;
    expect(Math.abs(fee!.expiresAt!.getTime() - (cancelledAt + 7 * 24 * 3_600_000))).toBeLessThan(5_000);
    const letter = mail.to(user.email).at(-1)!;
    expect(letter.text).toContain('банк просит вас подтвердить платёж');
    expect(letter.text).toContain(fee!.confirmationUrl!);

    const page = await call('GET', 'admin/payments/', undefined, admin.headers);
    expect(page.statusCode, page.body).toBe(200);
    const unpaid = page.json<MoneyPage>().attention.find((entry) => entry.id === fee!.id);
    expect(unpaid).toMatchObject({ kind: 'fee', status: 'pending', awaiting_guest: true, needs_attention: true, reservation_id: reservation.id, amount: 250_00, card: { brand: 'visa', last4: '3184' } });
  });

  it('a free cancellation charges nothing', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const reservation = (await book(user, card.publicId)).json<Reservation>();
    mail.letters.length = 0;
    const res = await cancelBefore(user, reservation, 48);
    expect(res.json<Reservation>()).toMatchObject({ cancellation_fee: 0, cancellation_charge: null });
    expect(await feePayments(reservation.id)).toHaveLength(0);
    expect(mail.to(user.email)[0]!.text).toContain('Отмена бесплатная.');
  });

  it('a late cancellation of a booking without a card (made before a card was required) records the fee and charges nothing', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const booked = (await book(user, card.publicId)).json<Reservation>();
    await t.database.db.update(reservations).set({ paymentMethodId: null }).where(eq(reservations.id, booked.id));
    const reservation = (await call('GET', `hotel/reservations/${booked.id}/`, undefined, user.headers)).json<Reservation>();
    expect(reservation.payment_method).toBeNull();
    const res = await cancelBefore(user, reservation, 3);
    expect(res.json<Reservation>()).toMatchObject({ cancellation_fee: 250_00, cancellation_charge: null });
    expect(await feePayments(reservation.id)).toHaveLength(0);
  });
});
