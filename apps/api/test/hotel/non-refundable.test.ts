/**
 * The non-refundable rate (issue 23, point 3; docs/decisions/045-non-refundable-rate.md): the
 * owner's discount per room, both rates in the search, the stay paid in full at booking through the
 * payment gateway (3-D Secure as for orders), one charge per booking, a declined card leaving the
 * room free at once, and a cancellation that refunds nothing. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkInAt, NON_REFUNDABLE_DECLINED_DETAIL, type MoneyPage, type Reservation, type RoomVariant, type StaffReservation } from '@hotel/domain';
import { auditEvents, payments, refunds, reservations, rooms } from '../../src/db/schema';
import { settlePendingPayments } from '../../src/modules/payments/service';
import { createTestApp, type TestApp } from '../app';
import { day, extendSessions, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let roomIds: TestRooms;
let mail: CapturedMail;
let nextDay = 30;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
  call = caller(t);
  roomIds = await insertRooms(t);
  // The double (250 BYN a night) offers 10 % off; the single offers no non-refundable rate.
  await t.database.db.update(rooms).set({ nonRefundablePercent: 10 }).where(eq(rooms.id, roomIds.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  mail.letters.length = 0;
});

const pathOf = (url: string) => new URL(url).pathname;

/** Submits the sandbox's 3-D Secure page, as the guest's browser would. */
const submitPage = (confirmationUrl: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(confirmationUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** Three nights of a fresh stay. */
function nextStay() {
  const arrival = day(nextDay);
  nextDay += 4;
  return { arrival, departure: day(nextDay - 1) };
}

const cards = {
  approve: (user: TestUser) => insertCard(t, user.id, { last4: '4242' }),
  decline: (user: TestUser) => insertCard(t, user.id, { last4: '0002', token: `sandbox_decline_0002_${'a'.repeat(24)}` }),
  threeDSecure: (user: TestUser) => insertCard(t, user.id, { last4: '3220', token: `sandbox_3ds_3220_${'b'.repeat(24)}` }),
};

function bookNonRefundable(user: TestUser, card: string, stay: { arrival: string; departure: string }, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call(
    'POST',
    'hotel/reservations/',
    // Three nights × 250.00 = 750.00, 10 % off: the 675.00 the guest was shown.
    { room_id: roomIds.double, ...stay, payment_method_id: card, rate: 'non_refundable', expected_total: 675_00, ...extra },
    { ...user.headers, ...headers },
  );
}

const stayPayments = (reservationId: number) =>
  t.database.db.select().from(payments).where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'stay')));

async function search(stay: { arrival: string; departure: string }) {
  const res = await call('GET', `hotel/reservations/variants/?arrival=${stay.arrival}&departure=${stay.departure}&guest_count=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RoomVariant[]>();
}

describe('the search offers both rates (issue 23.3)', () => {
  it('a room with a discount shows the non-refundable total beside the flexible one: 3 × 250.00 = 750.00, 10 % off = 675.00', async () => {
    const variants = await search(nextStay());
    const double = variants.find((v) => v.room.id === roomIds.double)!;
    expect(double).toMatchObject({ total: 750_00, non_refundable: { discount_percent: 10, discount: 75_00, total: 675_00 } });
    expect(variants.find((v) => v.room.id === roomIds.single)!.non_refundable).toBeNull();
  });
});

describe('booking at the non-refundable rate', () => {
  it('a card the provider approves pays the discounted total in full, once; the letter and the account say non-refundable', async () => {
    const user = await createUser(t);
    const card = await cards.approve(user);
    const stay = nextStay();
    const res = await bookNonRefundable(user, card.publicId, stay, { expected_total: 675_00 });
    expect(res.statusCode, res.body).toBe(201);
    const reservation = res.json<Reservation>();
    expect(reservation).toMatchObject({ rate: 'non_refundable', rate_discount: 75_00, price: 675_00, prepayment: { status: 'succeeded', confirmation_url: null } });
    const [payment] = await stayPayments(reservation.id);
    expect(payment).toMatchObject({ purpose: 'stay', amount: 675_00, status: 'succeeded', paymentMethodId: card.id, userId: user.id });
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row!.paidAt).not.toBeNull();
    const letter = mail.to(user.email);
    expect(letter).toHaveLength(1);
    expect(letter[0]!.text).toContain('Невозвратный тариф: оплачено полностью картой VISA •••• 4242. При отмене деньги не возвращаются.');
    expect(letter[0]!.text).toContain('Скидка невозвратного тарифа: −75 BYN');
    const list = (await call('GET', 'hotel/reservations/', undefined, user.headers)).json<Reservation[]>();
    expect(list.find((r) => r.id === reservation.id)).toMatchObject({ rate: 'non_refundable', prepayment: { status: 'succeeded' } });
  });

  it('the price the guest saw is the price charged: another expected total is a 409 with the new figure, and nothing is booked or charged', async () => {
    const user = await createUser(t);
    const card = await cards.approve(user);
    const res = await bookNonRefundable(user, card.publicId, nextStay(), { expected_total: 750_00 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ total: 675_00, subtotal: 750_00 });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });

  it('a declined card books nothing (402) and leaves the room bookable at once', async () => {
    const user = await createUser(t);
    const declined = await cards.decline(user);
    const stay = nextStay();
    const res = await bookNonRefundable(user, declined.publicId, stay);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ detail: NON_REFUNDABLE_DECLINED_DETAIL, payment_status: 'canceled' });
    // The room is in the search again, and another guest books the same nights at once.
    expect((await search(stay)).some((v) => v.room.id === roomIds.double)).toBe(true);
    const other = await createUser(t);
    const otherCard = await cards.approve(other);
    expect((await bookNonRefundable(other, otherCard.publicId, stay)).statusCode).toBe(201);
    // The guest's account lists no booking; the ledger keeps the declined charge.
    expect((await call('GET', 'hotel/reservations/', undefined, user.headers)).json<Reservation[]>()).toHaveLength(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment).toMatchObject({ purpose: 'stay', status: 'canceled' });
    expect(mail.to(user.email)).toHaveLength(0);
  });

  it('a declined card’s 402 answers once this instance has heard the room held and let go, as a booking’s 201 does', async () => {
    const user = await createUser(t);
    const declined = await cards.decline(user);
    // A keeper of the holds that is slow to reload: until the answer arrives, or at most a moment.
    let answered!: () => void;
    const answer = new Promise<void>((resolve) => (answered = resolve));
    const atMost = new Promise<void>((resolve) => setTimeout(resolve, 500));
    const stop = t.app.dataVersions.onChange('room_holds', () => Promise.race([answer, atMost]));
    try {
      const res = await bookNonRefundable(user, declined.publicId, nextStay());
      const drawnAtAnswer = t.app.dataVersions.key(['room_holds']);
      answered();
      expect(res.statusCode, res.body).toBe(402);
      // Nothing of the booking was left to hear once it answered: the guest's next search is current.
      await t.app.dataVersions.caughtUp();
      expect(drawnAtAnswer).toBe(t.app.dataVersions.key(['room_holds']));
    } finally {
      stop();
    }
  });

  it('3-D Secure: the answer holds the room with the page to confirm on; approving there pays it, declining releases the room', async () => {
    const user = await createUser(t);
    const card = await cards.threeDSecure(user);
    const stay = nextStay();
    const res = await bookNonRefundable(user, card.publicId, stay);
    expect(res.statusCode, res.body).toBe(201);
    const pending = res.json<Reservation>();
    expect(pending.prepayment).toMatchObject({ status: 'pending', confirmation_url: expect.stringMatching(/\/api\/v1\/payments\/sandbox\/[0-9a-f-]{36}\/$/) });
    // Held meanwhile: nobody else takes the nights, and no letter went yet.
    expect((await search(stay)).some((v) => v.room.id === roomIds.double)).toBe(false);
    expect(mail.to(user.email)).toHaveLength(0);
    const done = await submitPage(pending.prepayment!.confirmation_url!, { decision: 'approve' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:3000/account/reservations');
    const paid = (await call('GET', `hotel/reservations/${pending.id}/`, undefined, user.headers)).json<Reservation>();
    expect(paid.prepayment).toMatchObject({ status: 'succeeded', confirmation_url: null });
    expect(mail.to(user.email)).toHaveLength(1);

    const second = nextStay();
    const again = (await bookNonRefundable(user, card.publicId, second)).json<Reservation>();
    await submitPage(again.prepayment!.confirmation_url!, { decision: 'decline' });
    expect((await search(second)).some((v) => v.room.id === roomIds.double)).toBe(true);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, again.id));
    expect(row!.canceledAt).not.toBeNull();
    expect(row!.paymentFailedAt).not.toBeNull();
  });

  it('a payment left unconfirmed past the hold releases the room; money arriving after that is given back', async () => {
    const user = await createUser(t);
    const card = await cards.threeDSecure(user);
    const stay = nextStay();
    const pending = (await bookNonRefundable(user, card.publicId, stay)).json<Reservation>();
    const result = await settlePendingPayments(t.app, new Date(Date.now() + 16 * 60_000));
    expect(result.released).toBeGreaterThanOrEqual(1);
    // Released by the timer, not a request: the search hears of it through the data versions.
    await t.app.dataVersions.caughtUp();
    expect((await search(stay)).some((v) => v.room.id === roomIds.double)).toBe(true);
    // The guest confirms on the bank's page too late: the charge succeeds and is refunded.
    await submitPage(pending.prepayment!.confirmation_url!, { decision: 'approve' });
    const [payment] = await stayPayments(pending.id);
    expect(payment!.status).toBe('succeeded');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(1);
  });

  it('a double submit charges once: the same Idempotency-Key answers the same booking and payment, and twenty at once make one charge', async () => {
    const user = await createUser(t);
    const card = await cards.approve(user);
    const stay = nextStay();
    const headers = { 'idempotency-key': 'nr-double-1' };
    const first = await bookNonRefundable(user, card.publicId, stay, {}, headers);
    const second = await bookNonRefundable(user, card.publicId, stay, {}, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<Reservation>().id).toBe(first.json<Reservation>().id);
    expect(await stayPayments(first.json<Reservation>().id)).toHaveLength(1);

    const rush = nextStay();
    const answers = await Promise.all(Array.from({ length: 20 }, () => bookNonRefundable(user, card.publicId, rush)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 409)).toBe(true);
    const charged = await t.database.db.select().from(payments).where(and(eq(payments.userId, user.id), eq(payments.purpose, 'stay')));
    expect(charged).toHaveLength(2);
  });

  it('bad input and a room without the rate are 4xx with a detail; a guest who is not signed in gets 401', async () => {
    const user = await createUser(t);
    const card = await cards.approve(user);
    const stay = nextStay();
    const wrongRate = await bookNonRefundable(user, card.publicId, stay, { rate: 'cheap' });
    expect(wrongRate.statusCode).toBe(422);
    expect(wrongRate.json().detail).toMatch(/rate/);
    const single = await call('POST', 'hotel/reservations/', { room_id: roomIds.single, ...stay, payment_method_id: card.publicId, rate: 'non_refundable', expected_total: 1_00 }, user.headers);
    expect(single.statusCode).toBe(422);
    expect(single.json().detail).toBe('This room offers no non-refundable rate');
    expect((await call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...stay, payment_method_id: card.publicId, rate: 'non_refundable', expected_total: 675_00 })).statusCode).toBe(401);
  });
});

describe('cancelling a non-refundable booking', () => {
  it('is allowed, refunds nothing and charges nothing more; the fee is the whole price; staff see the rate and the charge', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const card = await cards.approve(user);
    const reservation = (await bookNonRefundable(user, card.publicId, nextStay())).json<Reservation>();
    mail.letters.length = 0;
    // Days before check-in, when a flexible booking would cancel for free.
    await extendSessions(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(checkInAt(reservation.arrival).getTime() - 5 * 24 * 3_600_000));
    const res = await call('POST', `hotel/reservations/cancel/${reservation.id}/`, undefined, user.headers);
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Reservation>()).toMatchObject({ canceled: true, cancellation_fee: 675_00, cancellation_charge: null, prepayment: { status: 'succeeded' } });
    const all = await t.database.db.select().from(payments).where(eq(payments.reservationId, reservation.id));
    expect(all).toHaveLength(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, all[0]!.id))).toHaveLength(0);
    expect(mail.to(user.email)[0]!.text).toContain('Невозвратный тариф: проживание было оплачено полностью при бронировании, при отмене деньги не возвращаются.');

    const details = (await call('GET', `admin/reservations/${reservation.id}/`, undefined, admin.headers)).json<StaffReservation>();
    expect(details).toMatchObject({ rate: 'non_refundable', rate_discount: 75_00, prepayment: 'succeeded', cancellation_fee: 675_00 });
    const ledger = (await call('GET', `admin/payments/?from=${day(-1)}&to=${day(1)}&kind=stay`, undefined, admin.headers)).json<MoneyPage>();
    expect(ledger.entries.find((e) => e.id === all[0]!.id)).toMatchObject({ kind: 'stay', status: 'succeeded', amount: 675_00, reservation_id: reservation.id });
  });
});

describe('a non-refundable booking whose payment is being confirmed', () => {
  it('cannot be cancelled meanwhile (409): the bank may still approve it', async () => {
    const user = await createUser(t);
    const card = await cards.threeDSecure(user);
    const pending = (await bookNonRefundable(user, card.publicId, nextStay())).json<Reservation>();
    const res = await call('POST', `hotel/reservations/cancel/${pending.id}/`, undefined, user.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/payment of this booking is still being confirmed/);
    await submitPage(pending.prepayment!.confirmation_url!, { decision: 'decline' });
  });
});

describe('the owner sets the discount (admin, superuser; change log)', () => {
  it('an admin sets 15 %, the search follows, and the change log has it; a guest is refused and bad figures are 422', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const guest = await createUser(t);
    const patch = (body: unknown, who = admin) => call('PATCH', `admin/rooms/${roomIds.single}/`, body, who.headers);
    expect((await patch({ non_refundable_percent: 15 }, guest)).statusCode).toBe(403);
    for (const bad of [-1, 51, 10.5, '10']) expect((await patch({ non_refundable_percent: bad })).statusCode).toBe(422);
    const res = await patch({ non_refundable_percent: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ non_refundable_percent: 15 });
    const listed = (await call('GET', 'admin/rooms/', undefined, admin.headers)).json<{ id: number; non_refundable_percent: number }[]>();
    expect(listed.find((room) => room.id === roomIds.single)!.non_refundable_percent).toBe(15);
    await t.app.dataVersions.caughtUp();
    const single = (await search(nextStay())).find((v) => v.room.id === roomIds.single)!;
    // 3 × 150.00 = 450.00; 15 % = 67.50; 382.50.
    // The stay starts well after ERIP_MIN_DAYS_AHEAD: it may be paid by an ERIP bill too (issue 46).
    expect(single.non_refundable).toEqual({ discount_percent: 15, discount: 67_50, total: 382_50, erip: true });
    const [entry] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'room.update'), eq(auditEvents.target, `room ${roomIds.single}`)));
    expect(JSON.stringify(entry)).toContain('non_refundable_percent');
    await patch({ non_refundable_percent: 0 });
  });
});
