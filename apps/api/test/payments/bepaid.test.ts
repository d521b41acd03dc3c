/**
 * The bePaid adapter, driven through the API against a stand-in on loopback that answers as
 * bePaid's documentation describes: saving a card, a charge that succeeds, one declined, one that
 * needs 3-D Secure, replayed and forged notifications, a wrong amount, settling by asking, refunds.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MoneyEntry, MoneyPage, Order, PaymentCreated } from '@hotel/domain';
import { auditEvents, paymentMethods, payments, refunds, reservations } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { CHECKOUT_TTL_MS, REFUND_MAX_ATTEMPTS, settlePendingPayments } from '../../src/modules/payments/service';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms } from '../hotel-fixtures';
import { insertAddress, insertMenu, type TestMenu, postOrder } from '../order-fixtures';
import { startBepaidStandin, type BepaidStandin, type StandinCard } from '../support/bepaid-standin';
import { captureMail, type CapturedMail } from '../support/mail';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let bepaid: BepaidStandin;
let origin: string;
let mail: CapturedMail;

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
  t = await createTestApp({
    PUBLIC_URL: origin,
    PAYMENT_PROVIDER: 'bepaid',
    PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
    BEPAID_SHOP_ID: bepaid.shopId,
    BEPAID_SECRET_KEY: bepaid.secretKey,
    BEPAID_PUBLIC_KEY: bepaid.publicKey,
    BEPAID_CHECKOUT_URL: bepaid.url,
    BEPAID_GATEWAY_URL: bepaid.url,
    BEPAID_TEST: 'true',
  }, { mailer: mail });
  // bePaid posts its notifications over HTTP: the app listens where PUBLIC_URL says.
  await t.app.listen({ port, host: '127.0.0.1' });
  call = caller(t);
  menu = await insertMenu(t);
});
afterAll(async () => {
  await t?.close();
  await bepaid?.close();
});

const lastRequest = (path: string) => [...bepaid.requests].reverse().find((r) => r.path === path)!;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const cardStatus = async (user: TestUser, id: string) => (await call('GET', `payments/methods/${id}/status/`, undefined, user.headers)).json<{ status: string }>().status;
const paymentStatus = async (user: TestUser, id: string) => (await call('GET', `payments/${id}/status/`, undefined, user.headers)).json<{ status: string }>().status;
const orderOf = async (user: TestUser, id: number) => (await call('GET', `orders/${id}/`, undefined, user.headers)).json<Order>();
const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const refundOf = async (paymentId: string) => (await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)))[0];
const cardPayment = async (publicId: string) => {
  const [card] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.publicId, publicId));
  return (await t.database.db.select().from(payments).where(eq(payments.paymentMethodId, card!.id)))[0]!;
};
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Adds a card on bePaid's (stand-in's) page, as the guest would. */
async function addCard(user: TestUser, card: StandinCard = 'approve'): Promise<string> {
  const res = await call('POST', 'payments/methods/init/', { return_path: '/delivery/cart' }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  const started = res.json<{ confirmation_url: string; payment_method_id: string }>();
  const notified = await bepaid.payCheckout(tokenOf(started.confirmation_url), card);
  expect(notified.status).toBe(200);
  expect(await cardStatus(user, started.payment_method_id)).toBe('succeeded');
  return started.payment_method_id;
}

async function placeOrder(user: TestUser, card: string): Promise<number> {
  const address = await insertAddress(t, user.id);
  const res = await postOrder(t, call, { address_id: address, payment_method_id: card, items: [{ product_id: String(menu.draniki), quantity: 3 }] }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const pay = async (user: TestUser, orderId: number, card: string) =>
  (await call('POST', 'payments/create/', { order_id: orderId, payment_method_id: card }, user.headers)).json<PaymentCreated>();

describe('bePaid: saving a card through a payment token', () => {
  it('asks the checkout API for a tokenization token as the documentation says, and saves the card the notification describes', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'payments/methods/init/', { return_path: '/account/payments' }, user.headers);
    const started = res.json<{ confirmation_url: string; payment_method_id: string }>();
    expect(started.confirmation_url).toMatch(new RegExp(`^${bepaid.url}/v2/checkout\\?token=[0-9a-f]{64}$`));

    const request = lastRequest('/ctp/api/checkouts');
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${bepaid.shopId}:${bepaid.secretKey}`).toString('base64')}`);
    expect(request.headers['x-api-version']).toBe('2');
    expect(request.headers['content-type']).toBe('application/json');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.purpose, 'card')).orderBy(payments.createdAt);
    expect(request.body).toMatchObject({
      checkout: {
        test: true,
        transaction_type: 'tokenization',
        settings: { notification_url: `${origin}/api/v1/payments/webhook/`, return_url: `${origin}/account/payments`, language: 'ru' },
        order: { amount: 100, currency: 'BYN', description: expect.any(String) },
      },
    });
    expect((request.body as { checkout: { order: { tracking_id: string } } }).checkout.order.tracking_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payment).toBeDefined();
    expect(await cardStatus(user, started.payment_method_id)).toBe('pending');

    const notified = await bepaid.payCheckout(tokenOf(started.confirmation_url), 'approve');
    expect(notified.status).toBe(200);
    expect(await cardStatus(user, started.payment_method_id)).toBe('succeeded');
    const [card] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.publicId, started.payment_method_id));
    expect(card).toMatchObject({ provider: 'bepaid', cardLast4: '0000', brand: 'visa', expMonth: 11, expYear: 2031, isPrimary: true });
    expect(card!.token).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bePaid: paying an order with a saved card', () => {
  it('charges the card by its token; a successful answer accepts the order at once', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    const created = await pay(user, orderId, card);
    expect(created).toMatchObject({ status: 'succeeded', amount: 3 * 9_90 + 139_00 });
    expect(created.confirmation_url).toBeUndefined();
    const request = lastRequest('/services/credit_cards/charges');
    expect(request.body).toMatchObject({
      request: { amount: 3 * 9_90 + 139_00, currency: 'BYN', tracking_id: created.payment_id, test: true, notification_url: `${origin}/api/v1/payments/webhook/` },
    });
    expect((await orderOf(user, orderId)).status).toBe('accepted');
  });

  it('a declined card cancels the payment and leaves the order to be paid with another card', async () => {
    const user = await createUser(t);
    const declining = await addCard(user, 'decline');
    const orderId = await placeOrder(user, declining);
    const created = await pay(user, orderId, declining);
    expect(created.status).toBe('canceled');
    expect((await paymentRow(created.payment_id)).failureReason).toBe('Insufficient funds');
    expect((await orderOf(user, orderId)).status).toBe('pending');
    const good = await addCard(user);
    expect((await pay(user, orderId, good)).status).toBe('succeeded');
  });

  it('3-D Secure: the answer names the page to confirm on; the notification after it pays the order', async () => {
    const user = await createUser(t);
    const card = await addCard(user, 'threeDSecure');
    const orderId = await placeOrder(user, card);
    const created = await pay(user, orderId, card);
    expect(created.status).toBe('pending');
    expect(created.confirmation_url).toMatch(new RegExp(`^${bepaid.url}/3ds\\?uid=`));
    const uid = (await paymentRow(created.payment_id)).providerRef!;
    expect((await bepaid.finish3ds(uid, true)).status).toBe(200);
    expect(await paymentStatus(user, created.payment_id)).toBe('succeeded');
    expect((await orderOf(user, orderId)).status).toBe('accepted');
  });

  it('3-D Secure failed: the payment is canceled', async () => {
    const user = await createUser(t);
    const card = await addCard(user, 'threeDSecure');
    const orderId = await placeOrder(user, card);
    const created = await pay(user, orderId, card);
    await bepaid.finish3ds((await paymentRow(created.payment_id)).providerRef!, false);
    expect(await paymentStatus(user, created.payment_id)).toBe('canceled');
    expect((await orderOf(user, orderId)).status).toBe('pending');
  });
});

describe('bePaid notifications: verified before they are believed', () => {
  async function pendingCharge() {
    const user = await createUser(t);
    const card = await addCard(user, 'threeDSecure');
    const orderId = await placeOrder(user, card);
    const created = await pay(user, orderId, card);
    const uid = (await paymentRow(created.payment_id)).providerRef!;
    const tx = bepaid.transactions.find((x) => x.uid === uid)!;
    const succeeded = { ...tx, status: 'successful' as const, message: 'Successfully processed' };
    return { user, orderId, paymentId: created.payment_id, succeeded };
  }
  const webhook = `/api/v1/payments/webhook/`;

  it('refuses wrong shop credentials, a signature by another key, and a body changed after signing', async () => {
    const { user, orderId, paymentId, succeeded } = await pendingCharge();
    const url = `${origin}${webhook}`;
    expect((await bepaid.notify(url, succeeded, { password: 'not-the-secret' })).status).toBe(401);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await bepaid.notify(url, succeeded, { key: other })).status).toBe(401);
    expect((await bepaid.notify(url, succeeded, { body: (text) => text.replace('"status":"successful"', '"status":"successful" ') })).status).toBe(401);
    const unsigned = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${bepaid.shopId}:${bepaid.secretKey}`).toString('base64')}` },
      body: JSON.stringify({ transaction: succeeded }),
    });
    expect(unsigned.status).toBe(401);
    expect(await paymentStatus(user, paymentId)).toBe('pending');
    expect((await orderOf(user, orderId)).status).toBe('pending');
  });

  it('refuses a signed notification whose amount or currency differs from the order', async () => {
    const { user, paymentId, succeeded } = await pendingCharge();
    const url = `${origin}${webhook}`;
    const cheaper = await bepaid.notify(url, { ...succeeded, amount: 1 });
    expect(cheaper.status).toBe(422);
    expect(await cheaper.json()).toEqual({ detail: 'Amount or currency differs from the payment' });
    expect((await bepaid.notify(url, { ...succeeded, currency: 'USD' })).status).toBe(422);
    expect(await paymentStatus(user, paymentId)).toBe('pending');
  });

  it('answers an unknown payment with 404', async () => {
    const { succeeded } = await pendingCharge();
    expect((await bepaid.notify(`${origin}${webhook}`, { ...succeeded, tracking_id: '7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10' })).status).toBe(404);
  });

  it('applies a notification once: a replay, or a contrary one after it, changes nothing', async () => {
    const { user, orderId, paymentId, succeeded } = await pendingCharge();
    const url = `${origin}${webhook}`;
    expect((await bepaid.notify(url, succeeded)).status).toBe(200);
    const paidAt = (await orderOf(user, orderId)).paid_at;
    expect((await bepaid.notify(url, succeeded)).status).toBe(200);
    expect((await bepaid.notify(url, { ...succeeded, status: 'failed', message: 'late' })).status).toBe(200);
    expect(await paymentStatus(user, paymentId)).toBe('succeeded');
    expect((await orderOf(user, orderId)).paid_at).toBe(paidAt);
  });
});

describe('bePaid: what was left pending, and refunds', () => {
  it('settles a charge whose notification was lost by asking for its tracking id', async () => {
    const user = await createUser(t);
    const card = await addCard(user, 'threeDSecure');
    const orderId = await placeOrder(user, card);
    const created = await pay(user, orderId, card);
    bepaid.muteNotifications(true);
    await bepaid.finish3ds((await paymentRow(created.payment_id)).providerRef!, true);
    bepaid.muteNotifications(false);
    expect(await paymentStatus(user, created.payment_id)).toBe('pending');
    await settlePendingPayments(t.app, new Date(Date.now() + 60_000));
    expect(lastRequest(`/v2/transactions/tracking_id/${created.payment_id}`).method).toBe('GET');
    expect(await paymentStatus(user, created.payment_id)).toBe('succeeded');
    expect((await orderOf(user, orderId)).status).toBe('accepted');
  });

  it('refunds the payment of a paid order the guest cancels, naming its uid', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    const created = await pay(user, orderId, card);
    expect((await call('POST', `orders/${orderId}/cancel/`, undefined, user.headers)).statusCode).toBe(200);
    const row = await paymentRow(created.payment_id);
    expect(lastRequest('/transactions/refunds').body).toEqual({ request: { parent_uid: row.providerRef, amount: row.amount, reason: 'The guest cancelled the order' } });
    expect(row.refundedAt).not.toBeNull();
  });

  it('refuses to start without the shop id, secret key and public key', () => {
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'bepaid' })).toThrow(/BEPAID_SHOP_ID: is required when PAYMENT_PROVIDER is bepaid[\s\S]*BEPAID_SECRET_KEY[\s\S]*BEPAID_PUBLIC_KEY/);
  });
});

describe('bePaid: a checkout lives until its expired_at, and is asked about by its token', () => {
  it('sends order.expired_at and the guest with every checkout', async () => {
    const user = await createUser(t);
    const before = Date.now();
    await call('POST', 'payments/methods/init/', { return_path: '/account/payments' }, user.headers);
    const { checkout } = lastRequest('/ctp/api/checkouts').body as { checkout: { order: { expired_at: string }; customer: { email: string } } };
    expect(checkout.order.expired_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const expiresAt = Date.parse(checkout.order.expired_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor((before + CHECKOUT_TTL_MS) / 1000) * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + CHECKOUT_TTL_MS);
    expect(checkout.customer).toEqual({ email: user.email });
  });

  it('a card typed slowly is still saved: the open checkout is asked by its token instead of being declared failed', async () => {
    const user = await createUser(t);
    const started = (await call('POST', 'payments/methods/init/', { return_path: '/account/payments' }, user.headers)).json<{ confirmation_url: string; payment_method_id: string }>();
    const token = tokenOf(started.confirmation_url);
    // A quarter of an hour on the page, no transaction yet: the checkout says it is still open.
    await settlePendingPayments(t.app, minutesLater(15));
    expect(lastRequest(`/ctp/api/checkouts/${token}`).method).toBe('GET');
    expect(await cardStatus(user, started.payment_method_id)).toBe('pending');
    // The guest finishes; the notification is lost on the way; the checkout tells.
    bepaid.muteNotifications(true);
    await bepaid.payCheckout(token, 'approve');
    bepaid.muteNotifications(false);
    await settlePendingPayments(t.app, minutesLater(20));
    expect(await cardStatus(user, started.payment_method_id)).toBe('succeeded');
    expect((await cardPayment(started.payment_method_id)).status).toBe('succeeded');
  });

  it('a checkout whose time ran out fails the card', async () => {
    const user = await createUser(t);
    const started = (await call('POST', 'payments/methods/init/', { return_path: '/account/payments' }, user.headers)).json<{ confirmation_url: string; payment_method_id: string }>();
    bepaid.expireCheckout(tokenOf(started.confirmation_url));
    await settlePendingPayments(t.app, minutesLater(1));
    expect(await cardStatus(user, started.payment_method_id)).toBe('canceled');
    expect((await cardPayment(started.payment_method_id)).failureReason).toBe('The checkout expired');
  });
});

describe('bePaid: charges', () => {
  it("sends the guest's e-mail and address as bePaid's customer, and the order as a card-on-file charge", async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const created = await pay(user, await placeOrder(user, card), card);
    const request = lastRequest('/services/credit_cards/charges').body as { request: Record<string, unknown> };
    expect(request.request).toMatchObject({
      tracking_id: created.payment_id,
      customer: { email: user.email, ip: '127.0.0.1' },
      additional_data: { contract: ['card_on_file'] },
    });
    expect(Date.parse(request.request.expired_at as string)).toBeGreaterThan(Date.now());
  });

  it('a charge refused with a 4xx and no transaction is failed at once, not left pending', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    await t.database.db.update(paymentMethods).set({ token: 'a-token-bepaid-does-not-know' }).where(eq(paymentMethods.publicId, card));
    const created = await pay(user, await placeOrder(user, card), card);
    expect(created.status).toBe('canceled');
    expect(await paymentRow(created.payment_id)).toMatchObject({ status: 'canceled', failureReason: 'Unknown card token', providerRef: null });
  });
});

describe('bePaid: refunds name the capture, void an uncaptured authorization, and are retried', () => {
  async function paidOrder(card: StandinCard = 'approve') {
    const user = await createUser(t);
    const saved = await addCard(user, card);
    const orderId = await placeOrder(user, saved);
    const created = await pay(user, orderId, saved);
    expect(created.status).toBe('succeeded');
    return { user, orderId, paymentId: created.payment_id };
  }
  const cancel = async (user: TestUser, orderId: number) => expect((await call('POST', `orders/${orderId}/cancel/`, undefined, user.headers)).statusCode).toBe(200);

  it('a charge bePaid made an authorization and a capture is refunded by naming the capture', async () => {
    const { user, orderId, paymentId } = await paidOrder('authCapture');
    const capture = bepaid.transactions.find((tx) => tx.tracking_id === paymentId && tx.type === 'capture')!;
    await cancel(user, orderId);
    const request = lastRequest('/transactions/refunds');
    expect(request.body).toMatchObject({ request: { parent_uid: capture.uid, amount: capture.amount } });
    expect(await refundOf(paymentId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect((await paymentRow(paymentId)).refundedAt).not.toBeNull();
  });

  it('an authorization not yet captured is voided, not refunded', async () => {
    const { user, orderId, paymentId } = await paidOrder('authOnly');
    const authorization = bepaid.transactions.find((tx) => tx.tracking_id === paymentId && tx.type === 'authorization')!;
    const refundsBefore = bepaid.requests.filter((r) => r.path === '/transactions/refunds').length;
    await cancel(user, orderId);
    expect(lastRequest('/transactions/voids').body).toEqual({ request: { parent_uid: authorization.uid, amount: authorization.amount } });
    expect(bepaid.requests.filter((r) => r.path === '/transactions/refunds')).toHaveLength(refundsBefore);
    expect(await refundOf(paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('a refund bePaid refuses is tried again by the settling timer, and the letter says by when the money is back', async () => {
    bepaid.refuseRefunds(1);
    const { user, orderId, paymentId } = await paidOrder();
    mail.letters.length = 0;
    await cancel(user, orderId);
    const refused = (await refundOf(paymentId))!;
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Refund refused by the acquirer' });
    expect((await paymentRow(paymentId)).refundedAt).toBeNull();
    expect(mail.to(user.email).at(-1)!.text).toMatch(/Деньги вернутся на карту, которой был оплачен заказ, не позднее \d{1,2} [а-я]+/);

    await settlePendingPayments(t.app, new Date(refused.nextAttemptAt!.getTime() + 1000));
    expect(await refundOf(paymentId)).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null });
    expect((await paymentRow(paymentId)).refundedAt).not.toBeNull();
  });

  it('after the last try the refund stands on top of /admin/payments; staff try again from there, and the change log says so', async () => {
    bepaid.refuseRefunds(REFUND_MAX_ATTEMPTS);
    const { user, orderId, paymentId } = await paidOrder();
    await cancel(user, orderId);
    for (let attempt = 2; attempt <= REFUND_MAX_ATTEMPTS; attempt += 1) {
      const due = (await refundOf(paymentId))!;
      expect(due.status).toBe('pending');
      await settlePendingPayments(t.app, new Date(due.nextAttemptAt!.getTime() + 1000));
    }
    const failed = (await refundOf(paymentId))!;
    expect(failed).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS, nextAttemptAt: null });

    const admin = await createUser(t, { role: 'admin' });
    const page = (await call('GET', 'admin/payments/', undefined, admin.headers)).json<MoneyPage>();
    expect(page.attention.find((entry) => entry.id === `refund-${failed.id}`)).toMatchObject({
      kind: 'refund',
      status: 'failed',
      needs_attention: true,
      order_id: orderId,
      payment_id: paymentId,
      attempts: REFUND_MAX_ATTEMPTS,
      failure_reason: 'Refund refused by the acquirer',
    });

    const retried = await call('POST', `admin/payments/refunds/${failed.id}/retry/`, undefined, admin.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<MoneyEntry>()).toMatchObject({ status: 'succeeded', needs_attention: false, provider: 'bepaid' });
    expect((await call('GET', 'admin/payments/', undefined, admin.headers)).json<MoneyPage>().attention.some((entry) => entry.id === `refund-${failed.id}`)).toBe(false);
    const [logged] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `refund ${failed.id}`));
    expect(logged).toMatchObject({ action: 'refund.retry', actorEmail: admin.email, after: { status: 'succeeded' } });
    expect((await call('POST', `admin/payments/refunds/${failed.id}/retry/`, undefined, admin.headers)).statusCode).toBe(409);
  });
});

describe('bePaid: fees are the hotel’s own, merchant-initiated charges (CON-05)', () => {
  let roomIds: number[] = [];
  beforeAll(async () => {
    const inserted = await insertRooms(t);
    roomIds = [inserted.double, inserted.family, inserted.single];
  });

  /** A booking for today, guaranteed by a card saved on bePaid's page, which the guest cancels at once: the first night is owed. */
  async function cancelLate(card: StandinCard) {
    const user = await createUser(t);
    const saved = await addCard(user, card);
    const [row] = await t.database.db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.publicId, saved));
    const reservationId = await insertReservation(t, { userId: user.id, roomId: roomIds.shift()!, arrival: day(0), departure: day(1) });
    await t.database.db.update(reservations).set({ paymentMethodId: row!.id }).where(eq(reservations.id, reservationId));
    mail.letters.length = 0;
    // Noon on the arrival day, hotel time: after the free cancellation, before check-in (14:00),
    // whatever the hour the test runs at.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${day(0)}T12:00:00+03:00`));
    const res = await call('POST', `hotel/reservations/cancel/${reservationId}/`, undefined, user.headers).finally(() => vi.useRealTimers());
    expect(res.statusCode, res.body).toBe(200);
    const [fee] = await t.database.db.select().from(payments).where(eq(payments.reservationId, reservationId));
    return { user, fee: fee!, charge: res.json<{ cancellation_charge: string }>().cancellation_charge };
  }

  it('a card that asks for 3-D Secure at the site pays the fee at once under the recurring contract, with the guest’s e-mail only', async () => {
    const { user, fee, charge } = await cancelLate('threeDSecure');
    expect(charge).toBe('succeeded');
    const request = lastRequest('/services/credit_cards/charges').body as { request: Record<string, unknown> };
    expect(request.request).toMatchObject({ tracking_id: fee.id, additional_data: { contract: ['recurring'] }, customer: { email: user.email } });
    expect(request.request.customer).not.toHaveProperty('ip');
  });

  it('where the bank still wants it confirmed, the guest is mailed the link and the fee stands unpaid on /admin/payments', async () => {
    const { user, fee, charge } = await cancelLate('threeDSecureAlways');
    expect(charge).toBe('pending');
    expect(fee.confirmationUrl).toMatch(new RegExp(`^${bepaid.url}/3ds\\?uid=`));
    expect(mail.to(user.email).at(-1)!.text).toContain(fee.confirmationUrl!);
    const admin = await createUser(t, { role: 'admin' });
    const page = (await call('GET', 'admin/payments/', undefined, admin.headers)).json<MoneyPage>();
    expect(page.attention.find((entry) => entry.id === fee.id)).toMatchObject({ kind: 'fee', status: 'pending', awaiting_guest: true, provider: 'bepaid', provider_ref: fee.providerRef });

    // The guest confirms from the letter: the fee is paid and leaves the top of the page.
    expect((await bepaid.finish3ds(fee.providerRef!, true)).status).toBe(200);
    expect((await paymentRow(fee.id)).status).toBe('succeeded');
    expect((await call('GET', 'admin/payments/', undefined, admin.headers)).json<MoneyPage>().attention.some((entry) => entry.id === fee.id)).toBe(false);
  });
});
