/**
 * The bePaid adapter, driven through the API against a stand-in on loopback that answers as
 * bePaid's documentation describes: saving a card, a charge that succeeds, one declined, one that
 * needs 3-D Secure, replayed and forged notifications, a wrong amount, settling by asking, refunds.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PaymentCreated } from '@hotel/domain';
import { paymentMethods, payments } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { settlePendingPayments } from '../src/modules/payments/service';
import { createTestApp, type TestApp } from './app';
import { insertAddress, insertMenu, type TestMenu } from './order-fixtures';
import { startBepaidStandin, type BepaidStandin, type StandinCard } from './support/bepaid-standin';
import { caller, type Caller } from './support/http';
import { createUser, type TestUser } from './users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let bepaid: BepaidStandin;
let origin: string;

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
  });
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
  const res = await call('POST', 'orders/', { address_id: address, payment_method_id: card, items: [{ product_id: String(menu.draniki), quantity: 3 }] }, user.headers);
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
