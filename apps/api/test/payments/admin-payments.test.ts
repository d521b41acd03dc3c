/**
 * The staff's view of money (GET admin/payments/ and its CSV; issue 20): every charge, fee and
 * refund of a range of hotel days with its guest, card, amount and the provider's reference, totals
 * per day, filters, and what needs a person (unpaid fees, failed refunds) on top until someone
 * charges it again or settles it outside with a note, written to the change log.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotelToday, type MoneyEntry, type MoneyPage, type PaymentCreated } from '@hotel/domain';
import { auditEvents, payments, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms } from '../hotel-fixtures';
import { insertAddress, insertCard, insertMenu, type TestCard, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let admin: TestUser;
let guest: TestUser;
let paid: PaymentCreated;
let declined: PaymentCreated;
let roomId: number;

async function order(user: TestUser, card: TestCard): Promise<PaymentCreated> {
  const address = await insertAddress(t, user.id);
  const placed = await postOrder(t, call, { address_id: address, payment_method_id: card.publicId, items: [{ product_id: String(menu.draniki), quantity: 2 }] }, user.headers);
  expect(placed.statusCode, placed.body).toBe(201);
  const res = await call('POST', 'payments/create/', { order_id: placed.json<{ id: number }>().id, payment_method_id: card.publicId }, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentCreated>();
}

/** A late cancellation whose fee the guest's bank declined: the booking keeps `card` as its guarantee. */
async function declinedFee(user: TestUser, card: TestCard, offset: number) {
  const reservationId = await insertReservation(t, { userId: user.id, roomId, arrival: day(offset), departure: day(offset + 2), canceled: true });
  await t.database.db.update(reservations).set({ cancellationFee: 120_00, paymentMethodId: card.id }).where(eq(reservations.id, reservationId));
  const [fee] = await t.database.db
    .insert(payments)
    .values({
      purpose: 'reservation_fee',
      userId: user.id,
      reservationId,
      paymentMethodId: card.id,
      provider: 'sandbox',
      amount: 120_00,
      status: 'canceled',
      failureReason: 'Declined by the card issuer',
      settledAt: new Date(),
    })
    .returning();
  return { reservationId, fee: fee! };
}

const page = async (query = '', user: TestUser = admin) => {
  const res = await call('GET', `admin/payments/${query}`, undefined, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MoneyPage>();
};

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  call = caller(t);
  menu = await insertMenu(t);
  roomId = (await insertRooms(t)).double;
  admin = await createUser(t, { role: 'admin' });
  guest = await createUser(t, { firstName: 'Анна' });
  paid = await order(guest, await insertCard(t, guest.id, { last4: '4242' }));
  declined = await order(guest, await insertCard(t, guest.id, { last4: '0002', token: `sandbox_decline_0002_${'d'.repeat(24)}` }));
});
afterAll(async () => {
  await t?.close();
});

describe('who may see the money', () => {
  it('anonymous 401, a guest 403, admin and superuser 200 (the list and its CSV)', async () => {
    const superuser = await createUser(t, { role: 'superuser' });
    for (const path of ['admin/payments/', 'admin/payments/csv/']) {
      expect((await call('GET', path)).statusCode).toBe(401);
      expect((await call('GET', path, undefined, guest.headers)).statusCode).toBe(403);
      expect((await call('GET', path, undefined, admin.headers)).statusCode).toBe(200);
      expect((await call('GET', path, undefined, superuser.headers)).statusCode).toBe(200);
    }
  });

  it('refuses bad filters, ids and notes with 422 and a detail', async () => {
    const today = hotelToday();
    for (const query of ['?from=2026-13-01', `?from=${today}&to=${day(-1)}`, `?from=${day(-100)}&to=${today}`, '?status=paid', '?kind=tips', '?page=2']) {
      const res = await call('GET', `admin/payments/${query}`, undefined, admin.headers);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<{ detail: string }>().detail, query).toEqual(expect.any(String));
      expect((await call('GET', `admin/payments/csv/${query}`, undefined, admin.headers)).statusCode, query).toBe(422);
    }
    expect((await call('POST', 'admin/payments/refunds/abc/retry/', {}, admin.headers)).statusCode).toBe(422);
    expect((await call('POST', 'admin/payments/fees/42/resolve/', { note: 'cash' }, admin.headers)).statusCode).toBe(422);
    expect((await call('POST', 'admin/payments/refunds/1/resolve/', { note: '   ' }, admin.headers)).statusCode).toBe(422);
    expect((await call('POST', 'admin/payments/refunds/1/resolve/', { note: 'x'.repeat(501) }, admin.headers)).statusCode).toBe(422);
    expect((await call('POST', 'admin/payments/refunds/1/resolve/', { note: 'cash', extra: 1 }, admin.headers)).statusCode).toBe(422);
    expect((await call('POST', 'admin/payments/refunds/999999/resolve/', { note: 'cash' }, admin.headers)).statusCode).toBe(404);
    expect((await call('POST', 'admin/payments/refunds/999999/retry/', {}, admin.headers)).statusCode).toBe(404);
    expect((await call('POST', `admin/payments/fees/${paid.payment_id}/resolve/`, { note: 'cash' }, admin.headers)).statusCode).toBe(404);
  });
});

describe('GET admin/payments/: every charge with its guest, card, amount and reference', () => {
  it('lists the charge and the declined attempt of today, with totals for the day', async () => {
    const today = await page();
    const charge = today.entries.find((entry) => entry.id === paid.payment_id)!;
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paid.payment_id));
    expect(charge).toMatchObject({
      kind: 'order',
      status: 'succeeded',
      day: hotelToday(),
      guest: { id: guest.id, email: guest.email },
      card: { brand: 'visa', last4: '4242' },
      amount: paid.amount,
      currency: 'BYN',
      provider: 'sandbox',
      provider_ref: row!.providerRef,
      needs_attention: false,
    });
    expect(charge.provider_ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(today.entries.find((entry) => entry.id === declined.payment_id)).toMatchObject({ kind: 'order', status: 'failed', failure_reason: 'Declined by the card issuer' });
    const total = today.totals.find((line) => line.day === hotelToday())!;
    expect(total.charged).toBeGreaterThanOrEqual(paid.amount);
    expect(total.net).toBe(total.charged - total.refunded);
  });

  it('filters by status and kind, and an empty range has no entries', async () => {
    const failed = await page('?status=failed');
    expect(failed.entries.length).toBeGreaterThan(0);
    expect(failed.entries.every((entry) => entry.status === 'failed')).toBe(true);
    const refunds = await page('?kind=refund');
    expect(refunds.entries.every((entry) => entry.kind === 'refund')).toBe(true);
    const long_ago = await page(`?from=${day(-60)}&to=${day(-50)}`);
    expect(long_ago).toMatchObject({ from: day(-60), to: day(-50), entries: [], totals: [] });
  });

  it('gives the accountant a CSV of the same entries', async () => {
    const res = await call('GET', `admin/payments/csv/?kind=order`, undefined, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, ...lines] = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toBe('time,day,kind,status,guest_email,guest_name,order,booking,card,amount,currency,provider,provider_reference,failure_reason,note,method,erip_bill');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paid.payment_id));
    const line = lines.find((text) => text.includes(row!.providerRef!))!;
    expect(line).toContain(`,order,succeeded,${guest.email},`);
    expect(line).toContain(`,VISA 4242,${Math.floor(paid.amount / 100)}.${String(paid.amount % 100).padStart(2, '0')},BYN,sandbox,`);
    expect(lines.every((text) => text.includes(',order,'))).toBe(true);
    // The method ends each line: a card here, an ERIP bill's number where one paid (issue 46).
    expect(line.endsWith(',card,')).toBe(true);
  });
});

describe('what needs a person stands on top until resolved', () => {
  it('an unpaid fee is charged again from the page; while the first try still waits it is refused', async () => {
    const card = await insertCard(t, guest.id, { last4: '1111' });
    const { reservationId, fee } = await declinedFee(guest, card, 30);
    const before = await page(`?from=${day(-1)}`);
    expect(before.attention.find((entry) => entry.id === fee.id)).toMatchObject({ kind: 'fee', status: 'failed', reservation_id: reservationId, needs_attention: true, card: { last4: '1111' } });

    const res = await call('POST', `admin/payments/fees/${fee.id}/retry/`, {}, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const charged = res.json<MoneyEntry>();
    expect(charged).toMatchObject({ kind: 'fee', status: 'succeeded', reservation_id: reservationId, amount: 120_00, needs_attention: false });
    expect(charged.id).not.toBe(fee.id);
    expect((await page()).attention.some((entry) => entry.reservation_id === reservationId)).toBe(false);
    // The first attempt is history now, no longer an unpaid fee.
    expect((await call('POST', `admin/payments/fees/${fee.id}/retry/`, {}, admin.headers)).statusCode).toBe(404);
    const [logged] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `payment ${fee.id}`));
    expect(logged).toMatchObject({ action: 'fee.retry', actorEmail: admin.email, after: { status: 'succeeded' } });

    const waiting = await declinedFee(guest, card, 40);
    await t.database.db.update(payments).set({ status: 'pending', confirmationUrl: 'http://127.0.0.1/confirm' }).where(eq(payments.id, waiting.fee.id));
    expect((await call('POST', `admin/payments/fees/${waiting.fee.id}/retry/`, {}, admin.headers)).statusCode).toBe(409);
  });

  it('an unpaid fee settled outside with a note leaves the top, and the change log keeps the note', async () => {
    const card = await insertCard(t, guest.id, { last4: '0002', token: `sandbox_decline_0002_${'e'.repeat(24)}` });
    const { fee } = await declinedFee(guest, card, 50);
    const res = await call('POST', `admin/payments/fees/${fee.id}/resolve/`, { note: '  Paid in cash at the desk  ' }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MoneyEntry>()).toMatchObject({ status: 'settled_outside', needs_attention: false, resolution_note: 'Paid in cash at the desk' });
    expect((await page()).attention.some((entry) => entry.id === fee.id)).toBe(false);
    const [logged] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `payment ${fee.id}`));
    expect(logged).toMatchObject({ action: 'fee.resolve', actorEmail: admin.email, after: { status: 'settled_outside', note: 'Paid in cash at the desk' } });
    expect((await call('POST', `admin/payments/fees/${fee.id}/resolve/`, { note: 'again' }, admin.headers)).statusCode).toBe(404);
  });

  it('a refund that went through cannot be retried or settled outside (409)', async () => {
    const user = await createUser(t);
    const payment = await order(user, await insertCard(t, user.id));
    const [row] = await t.database.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, payment.payment_id));
    expect((await call('POST', `orders/${row!.orderId}/cancel/`, undefined, user.headers)).statusCode).toBe(200);
    const refund = (await page('?kind=refund')).entries.find((entry) => entry.payment_id === payment.payment_id)!;
    expect(refund).toMatchObject({ kind: 'refund', status: 'succeeded', amount: payment.amount, order_id: row!.orderId, attempts: 1 });
    const id = refund.id.replace('refund-', '');
    expect((await call('POST', `admin/payments/refunds/${id}/retry/`, {}, admin.headers)).statusCode).toBe(409);
    expect((await call('POST', `admin/payments/refunds/${id}/resolve/`, { note: 'cash' }, admin.headers)).statusCode).toBe(409);
  });
});
