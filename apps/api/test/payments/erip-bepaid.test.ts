/**
 * ERIP bills through the bePaid adapter (issue 46; docs/decisions/058-erip.md), driven through the
 * API against a stand-in on loopback that answers as bePaid's ERIP documentation describes: a
 * non-refundable stay far enough ahead issues a bill and holds its room; the bill paid confirms the
 * stay, expired frees it; forged, replayed, unknown, already settled and wrong-amount notifications
 * are refused and settle nothing; a lost notification is made up for by asking bePaid; a bill paid
 * after it expired is refunded and the accountant told; that ERIP refund stays pending until bePaid's
 * refund notification or its answer says it succeeded or failed (failed: shown to staff, the
 * accountant told); the desk's bill is paid by an ERIP bill.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folioSchema, type MoneyPage, type Reservation } from '@hotel/domain';
import { payments, refunds, reservations, rooms, staffNotices } from '../../src/db/schema';
import { noticesSettled } from '../../src/modules/notices/notices';
import { settlePendingPayments } from '../../src/modules/payments/service';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { startBepaidStandin, type BepaidStandin, type StandinTransaction } from '../support/bepaid-standin';
import { captureMail, type CapturedMail } from '../support/mail';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let bepaid: BepaidStandin;
let origin: string;
let mail: CapturedMail;
let roomIds: TestRooms;
let nextDay = 200;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  bepaid = await startBepaidStandin();
  mail = captureMail();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp(
    {
      PUBLIC_URL: origin,
      PAYMENT_PROVIDER: 'bepaid',
      PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
      RATE_LIMIT_PER_MINUTE: '1000000',
      BEPAID_SHOP_ID: bepaid.shopId,
      BEPAID_SECRET_KEY: bepaid.secretKey,
      BEPAID_PUBLIC_KEY: bepaid.publicKey,
      BEPAID_CHECKOUT_URL: bepaid.url,
      BEPAID_GATEWAY_URL: bepaid.url,
      BEPAID_ERIP_URL: bepaid.url,
      BEPAID_TEST: 'true',
      ERIP_SERVICE_NO: '4445551',
      ERIP_SERVICE_PATH: 'Гостиничные услуги → Минск → Дом 1799',
      ERIP_MIN_DAYS_AHEAD: '3',
      ERIP_BILL_HOURS: '48',
    },
    { mailer: mail },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  call = caller(t);
  roomIds = await insertRooms(t);
  // The double (250 BYN a night) offers 10 % off: three nights at the non-refundable rate are 675 BYN.
  await t.database.db.update(rooms).set({ nonRefundablePercent: 10 }).where(eq(rooms.id, roomIds.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
  await bepaid?.close();
});

function nextStay() {
  const arrival = day(nextDay);
  nextDay += 4;
  return { arrival, departure: day(nextDay - 1) };
}

const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const reservationRow = async (id: number) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const billOf = (payment: { providerRef: string | null }) => bepaid.transactions.find((tx) => tx.uid === payment.providerRef)!;
const webhook = `${'/api/v1'}/payments/webhook/`;
const refundOf = async (paymentId: string) => (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0]!;

/** A guest with a saved card (the booking's guarantee), who books the double at the non-refundable rate and pays by ERIP. */
async function bookByErip(stay = nextStay()): Promise<{ user: TestUser; booking: Reservation; res: Awaited<ReturnType<Caller>> }> {
  const user = await createUser(t);
  const card = await insertCard(t, user.id, { last4: '4242' });
  const res = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...stay, payment_method_id: card.publicId, rate: 'non_refundable', expected_total: 675_00, pay_by: 'erip' }, user.headers);
  return { user, booking: res.statusCode === 201 ? res.json<Reservation>() : (undefined as never), res };
}

async function heldByErip() {
  const { user, booking, res } = await bookByErip();
  expect(res.statusCode, res.body).toBe(201);
  const payment = await paymentRow(booking.prepayment!.payment_id);
  return { user, booking, payment, bill: billOf(payment) };
}

describe('bePaid ERIP: a non-refundable stay booked far enough ahead (issue 46)', () => {
  it('issues a single payment request as the documentation says, holds the room until the bill expires, and shows the bill', async () => {
    const before = Date.now();
    const { user, booking, payment } = await heldByErip();
    // The guest's letter (Russian, their language) carries the path in ERIP, the number and the deadline; no calendar event yet.
    const letter = mail.to(user.email).at(-1)!;
    expect(letter.subject).toBe(`Бронирование №${booking.id}: оплатите счёт ЕРИП ${payment.eripBill} — Дом 1799`);
    expect(letter.text).toContain('Путь в ЕРИП: Расчёт (ЕРИП) → Гостиничные услуги → Минск → Дом 1799 → номер счёта');
    expect(letter.text).toContain(`Номер счёта: ${payment.eripBill}`);
    expect(letter.attachments ?? []).toHaveLength(0);
    const request = [...bepaid.requests].reverse().find((r) => r.path === '/beyag/payments')!;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${bepaid.shopId}:${bepaid.secretKey}`).toString('base64')}`);
    expect(request.body).toMatchObject({
      request: {
        amount: 675_00,
        currency: 'BYN',
        tracking_id: payment.id,
        order_id: Number(payment.eripBill),
        notification_url: `${origin}/api/v1/payments/webhook/`,
        test: true,
        payment_method: { type: 'erip', account_number: payment.eripBill, service_no: 4445551 },
      },
    });
    const expiresAt = Date.parse((request.body as { request: { expired_at: string } }).request.expired_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 48 * 3_600_000);
    expect(booking.prepayment).toMatchObject({
      status: 'pending',
      method: 'erip',
      erip: { bill_number: payment.eripBill, service_no: 4445551, service_path: 'Гостиничные услуги → Минск → Дом 1799' },
    });
    expect(payment).toMatchObject({ method: 'erip', status: 'pending', paymentMethodId: null });
    const row = await reservationRow(booking.id);
    expect(row.paidAt).toBeNull();
    expect(row.holdUntil!.getTime()).toBe(payment.expiresAt!.getTime());
    // The room is held: the same nights cannot be booked meanwhile.
    const rival = await createUser(t);
    const card = await insertCard(t, rival.id);
    const taken = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, arrival: booking.arrival, departure: booking.departure, payment_method_id: card.publicId }, rival.headers);
    expect(taken.statusCode).toBe(409);
  });

  it('paid from a bank app: bePaid’s signed notification confirms the stay through its lifecycle, and a replay of it is refused with 409', async () => {
    const { user, booking, payment, bill } = await heldByErip();
    mail.letters.length = 0;
    const notified = await bepaid.payErip(bill.uid);
    expect(notified.status).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    expect((await reservationRow(booking.id)).paidAt).not.toBeNull();
    expect(mail.to(user.email)).toHaveLength(1);
    expect(mail.to(user.email)[0]!.text).toContain(`оплачено полностью по счёту ЕРИП ${payment.eripBill}`);
    const replay = await bepaid.notify(`${origin}${webhook}`, bill);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { detail: string }).detail).toBe('This ERIP bill is already settled');
    expect(mail.to(user.email)).toHaveLength(1);
  });

  it('left to expire: bePaid’s expired notification frees the room as an unpaid 3-D Secure hold is, and a later payment is refused by ERIP', async () => {
    const { booking, payment, bill } = await heldByErip();
    expect((await bepaid.expireErip(bill.uid)).status).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe('canceled');
    const row = await reservationRow(booking.id);
    expect(row.paymentFailedAt).not.toBeNull();
    expect(row.canceledAt).not.toBeNull();
    await expect(bepaid.payErip(bill.uid)).rejects.toThrow(/cannot be paid/);
    // The nights are free again.
    const other = await createUser(t);
    const card = await insertCard(t, other.id);
    const again = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, arrival: booking.arrival, departure: booking.departure, payment_method_id: card.publicId }, other.headers);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('forged, unknown and wrong-amount notifications are refused with a detail and settle nothing', async () => {
    const { payment, bill } = await heldByErip();
    const paid: StandinTransaction = { ...bill, status: 'successful' };
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forgedKey = await bepaid.notify(`${origin}${webhook}`, paid, { key: stranger });
    expect(forgedKey.status).toBe(401);
    expect(((await forgedKey.json()) as { detail: string }).detail).toBe('Invalid notification signature');
    expect((await bepaid.notify(`${origin}${webhook}`, paid, { password: 'guess' })).status).toBe(401);
    // The body changed after bePaid signed it.
    expect((await bepaid.notify(`${origin}${webhook}`, bill, { body: (text) => text.replace('"pending"', '"successful"') })).status).toBe(401);
    const unknown = await bepaid.notify(`${origin}${webhook}`, { ...paid, tracking_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const cheaper = await bepaid.notify(`${origin}${webhook}`, { ...paid, amount: 1_00 });
    expect(cheaper.status).toBe(422);
    expect(((await cheaper.json()) as { detail: string }).detail).toBe('Amount or currency differs from the payment');
    expect((await paymentRow(payment.id)).status).toBe('pending');
  });

  it('a lost notification: the settling timer asks bePaid for the bill by its uid', async () => {
    const { booking, payment, bill } = await heldByErip();
    bepaid.muteNotifications(true);
    try {
      await bepaid.payErip(bill.uid);
    } finally {
      bepaid.muteNotifications(false);
    }
    expect((await paymentRow(payment.id)).status).toBe('pending');
    await settlePendingPayments(t.app, new Date(Date.now() + 60_000));
    expect(bepaid.requests.some((r) => r.method === 'GET' && r.path === `/beyag/payments/${bill.uid}`)).toBe(true);
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    expect((await reservationRow(booking.id)).paidAt).not.toBeNull();
  });

  it('a bill paid after it expired (a payment begun before its end): refunded through ERIP, and the accountant told', async () => {
    const accountant = await createUser(t, { roles: ['accountant'] });
    const { payment, bill } = await heldByErip();
    await bepaid.expireErip(bill.uid);
    const late = await bepaid.payErip(bill.uid, { late: true });
    expect(late.status).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    // ERIP takes the refund as pending: it is not done until bePaid says so (see the refunds below).
    const refund = await refundOf(payment.id);
    expect(refund).toMatchObject({ status: 'pending', amount: 675_00, providerRef: expect.any(String) });
    expect((await paymentRow(payment.id)).refundedAt).toBeNull();
    const request = [...bepaid.requests].reverse().find((r) => r.path === '/beyag/refunds')!;
    expect(request.body).toMatchObject({ request: { parent_uid: bill.uid, amount: 675_00 } });
    const admin = await createUser(t, { role: 'admin' });
    const page = (await call('GET', `admin/payments/?from=${day(0)}&to=${day(0)}`, undefined, admin.headers)).json<MoneyPage>();
    expect(page.entries.find((entry) => entry.id === payment.id)).toMatchObject({ method: 'erip', erip_bill: payment.eripBill, status: 'succeeded' });
    expect(page.entries.find((entry) => entry.kind === 'refund' && entry.payment_id === payment.id)).toMatchObject({ method: 'erip', status: 'pending', needs_attention: false });
    const csv = await call('GET', `admin/payments/csv/?from=${day(0)}&to=${day(0)}`, undefined, admin.headers);
    expect(csv.body.split('\r\n')[0]).toContain('method,erip_bill');
    expect(csv.body).toContain(`,erip,${payment.eripBill}`);
    await noticesSettled(t.database.db);
    const [notice] = await t.database.db.select().from(staffNotices).where(eq(staffNotices.kind, 'late_payment'));
    expect(notice?.facts).toMatchObject({ bill: payment.eripBill, amount: 675_00 });
    expect(accountant.email).toBeTruthy();
  });

  it('is offered only at the non-refundable rate and more than ERIP_MIN_DAYS_AHEAD days ahead: 422 with a detail otherwise, nothing booked', async () => {
    const soon = await bookByErip({ arrival: day(3), departure: day(5) });
    expect(soon.res.statusCode).toBe(422);
    expect(soon.res.json<{ detail: string }>().detail).toBe('ERIP takes time to pay: it is offered for a stay that starts more than 3 days from today');
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const flexible = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...nextStay(), payment_method_id: card.publicId, pay_by: 'erip' }, user.headers);
    expect(flexible.statusCode).toBe(422);
    expect(flexible.json<{ detail: string }>().detail).toBe('ERIP pays a non-refundable stay only: choose that rate or pay by card');
    const odd = await call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...nextStay(), payment_method_id: card.publicId, pay_by: 'cash' }, user.headers);
    expect(odd.statusCode).toBe(422);
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(0);
  });
});

describe('bePaid ERIP: the desk’s bill (issue 46)', () => {
  it('staff issue an ERIP bill for the balance; paid, it is one of the bill’s payments, method erip', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const guest = await createUser(t);
    const id = await insertReservation(t, { userId: guest.id, roomId: roomIds.single, arrival: day(-1), departure: day(1) });
    const before = folioSchema.parse((await call('GET', `admin/reservations/${id}/folio/`, undefined, admin.headers)).json());
    expect(before.totals.balance).toBeGreaterThan(0);
    const issued = await call('POST', `admin/reservations/${id}/folio/payments/`, { method: 'erip', amount: before.totals.balance }, { ...admin.headers, 'idempotency-key': 'erip-desk-1' });
    expect(issued.statusCode, issued.body).toBe(201);
    const folio = folioSchema.parse(issued.json());
    expect(folio.erip_bills).toHaveLength(1);
    expect(folio.pending).toBe(before.totals.balance);
    const [payment] = await t.database.db.select().from(payments).where(and(eq(payments.reservationId, id), eq(payments.method, 'erip')));
    expect(folio.erip_bills[0]!.bill_number).toBe(payment!.eripBill);
    // The same intent again issues nothing new.
    await call('POST', `admin/reservations/${id}/folio/payments/`, { method: 'erip', amount: before.totals.balance }, { ...admin.headers, 'idempotency-key': 'erip-desk-1' });
    expect(bepaid.requests.filter((r) => r.path === '/beyag/payments' && (r.body as { request: { tracking_id: string } }).request.tracking_id === payment!.id)).toHaveLength(1);
    expect((await bepaid.payErip(billOf(payment!).uid)).status).toBe(200);
    const after = folioSchema.parse((await call('GET', `admin/reservations/${id}/folio/`, undefined, admin.headers)).json());
    expect(after.payments).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'erip', amount: before.totals.balance, status: 'succeeded' })]));
    expect(after.totals.balance).toBe(0);
    expect(after.erip_bills).toHaveLength(0);
  });
});

describe('bePaid ERIP: a refund completes within days (issue 46)', () => {
  /** A bill paid after it expired, whose money ERIP took back as a pending refund. */
  async function pendingRefund() {
    const { payment, bill } = await heldByErip();
    await bepaid.expireErip(bill.uid);
    expect((await bepaid.payErip(bill.uid, { late: true })).status).toBe(200);
    const refund = await refundOf(payment.id);
    expect(refund).toMatchObject({ status: 'pending', providerRef: expect.any(String) });
    const tx = bepaid.transactions.find((candidate) => candidate.uid === refund.providerRef)!;
    expect(tx).toMatchObject({ type: 'refund', status: 'pending', payment_method_type: 'erip', amount: 675_00 });
    return { payment, refund, tx };
  }

  it('stays pending until bePaid’s refund notification says successful; forged, unknown, wrong-amount and replayed ones are refused with a detail and change nothing', async () => {
    const { payment, refund, tx } = await pendingRefund();
    // The timer asks while ERIP has not finished: still pending, and the refund is never asked for twice.
    await settlePendingPayments(t.app, new Date(Date.now() + 2 * 3_600_000));
    expect(bepaid.requests.some((r) => r.method === 'GET' && r.path === `/beyag/payments/${tx.uid}`)).toBe(true);
    expect(bepaid.requests.filter((r) => r.path === '/beyag/refunds' && (r.body as { request: { parent_uid: string } }).request.parent_uid === tx.parent_uid)).toHaveLength(1);
    expect(await refundOf(payment.id)).toMatchObject({ status: 'pending', providerRef: tx.uid });
    // ERIP may still complete it: staff cannot settle it outside meanwhile (the guest would be paid twice).
    const admin = await createUser(t, { role: 'admin' });
    const outside = await call('POST', `admin/payments/refunds/${refund.id}/resolve/`, { note: 'cash' }, admin.headers);
    expect(outside.statusCode).toBe(409);
    expect(outside.json<{ detail: string }>().detail).toBeTruthy();

    const done: StandinTransaction = { ...tx, status: 'successful' };
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await bepaid.notify(`${origin}${webhook}`, done, { key: stranger });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { detail: string }).detail).toBe('Invalid notification signature');
    const unknown = await bepaid.notify(`${origin}${webhook}`, { ...done, uid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toBe('Unknown refund');
    const cheaper = await bepaid.notify(`${origin}${webhook}`, { ...done, amount: 1_00 });
    expect(cheaper.status).toBe(422);
    expect(((await cheaper.json()) as { detail: string }).detail).toBe('Amount or currency differs from the refund');
    expect(await refundOf(payment.id)).toMatchObject({ status: 'pending', settledAt: null });
    expect((await paymentRow(payment.id)).refundedAt).toBeNull();

    expect((await bepaid.endEripRefund(tx.uid, 'successful')).status).toBe(200);
    const succeeded = await refundOf(payment.id);
    expect(succeeded).toMatchObject({ id: refund.id, status: 'succeeded', providerRef: tx.uid, lastError: null });
    expect(succeeded.settledAt).not.toBeNull();
    expect((await paymentRow(payment.id)).refundedAt).not.toBeNull();

    // bePaid tells of a refund's end once: the same word again, or a captured one turned round, is refused.
    const replay = await bepaid.notify(`${origin}${webhook}`, done);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { detail: string }).detail).toBe('This refund is already settled');
    const turned = await bepaid.notify(`${origin}${webhook}`, { ...done, status: 'failed' });
    expect(turned.status).toBe(409);
    expect(await refundOf(payment.id)).toEqual(succeeded);
  });

  it('failed at ERIP, its notification lost: the settling timer asks bePaid, and the refund needs staff’s attention with the accountant told', async () => {
    const { payment, refund, tx } = await pendingRefund();
    expect((await bepaid.endEripRefund(tx.uid, 'failed', { quietly: true })).status).toBe(204);
    expect((await refundOf(payment.id)).status).toBe('pending');
    await settlePendingPayments(t.app, new Date(Date.now() + 2 * 3_600_000));
    const failed = await refundOf(payment.id);
    expect(failed).toMatchObject({ id: refund.id, status: 'failed', nextAttemptAt: null, lastError: 'Refund cancelled: not completed by ERIP in time' });
    expect((await paymentRow(payment.id)).refundedAt).toBeNull();
    const admin = await createUser(t, { role: 'admin' });
    const page = (await call('GET', `admin/payments/?from=${day(0)}&to=${day(0)}`, undefined, admin.headers)).json<MoneyPage>();
    expect(page.attention.find((entry) => entry.kind === 'refund' && entry.payment_id === payment.id)).toMatchObject({
      status: 'failed',
      method: 'erip',
      needs_attention: true,
      failure_reason: 'Refund cancelled: not completed by ERIP in time',
    });
    await noticesSettled(t.database.db);
    const notices = await t.database.db.select().from(staffNotices).where(eq(staffNotices.kind, 'refund_failed'));
    expect(notices.find((notice) => (notice.facts as { id?: string }).id === payment.id.slice(0, 8))?.facts).toMatchObject({ amount: 675_00 });
    // A late notification of the same end changes nothing more.
    const late = await bepaid.notify(`${origin}${webhook}`, tx);
    expect(late.status).toBe(409);
    // Staff try it once more: ERIP takes a new refund, pending again under its own id.
    const retried = await call('POST', `admin/payments/refunds/${refund.id}/retry/`, {}, admin.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', needs_attention: false });
    const again = await refundOf(payment.id);
    expect(again.status).toBe('pending');
    expect(again.providerRef).not.toBe(tx.uid);
    expect((await bepaid.endEripRefund(again.providerRef!, 'successful')).status).toBe(200);
    expect((await refundOf(payment.id)).status).toBe('succeeded');
  });
});
