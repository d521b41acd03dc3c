/**
 * Payments through the sandbox gateway, end to end on the server: its hosted page, its signed
 * notifications through POST payments/webhook/, the status routes, the settling of what was left
 * pending, and the race of twenty simultaneous payments of one order.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD_PAUSE_SECONDS, type Order, type PaymentCreated } from '@hotel/domain';
import { orders, paymentMethods, payments, sandboxCheckouts } from '../../src/db/schema';
import { SANDBOX_CARDS } from '../../src/modules/payments/sandbox/cards';
import { SANDBOX_SIGNATURE_HEADER, signSandboxNotification, type SandboxGateway } from '../../src/modules/payments/sandbox/gateway';
import { settlePendingPayments } from '../../src/modules/payments/service';
import { createTestApp, type TestApp } from '../app';
import { insertAddress, insertCard, insertMenu, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let sandbox: SandboxGateway;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  call = caller(t);
  menu = await insertMenu(t);
  sandbox = t.app.paymentGateway as SandboxGateway;
});
afterAll(async () => {
  await t?.close();
});

const pathOf = (url: string) => new URL(url).pathname;

/** Opens the sandbox page of a checkout and submits it, as the guest's browser would. */
async function submitPage(confirmationUrl: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: pathOf(confirmationUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function startCard(user: TestUser, returnPath = '/delivery/cart') {
  const res = await call('POST', 'payments/methods/init/', { return_path: returnPath }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ confirmation_url: string; payment_method_id: string }>();
}

/** Adds a card through the sandbox page: init, type it, approve. */
async function addCard(user: TestUser, number: string = SANDBOX_CARDS.approve): Promise<string> {
  const started = await startCard(user);
  const res = await submitPage(started.confirmation_url, { decision: 'approve', number, expiry: '12/30', holder: 'ANNA NOVIK' });
  expect(res.statusCode, res.body).toBe(303);
  return started.payment_method_id;
}

const cardStatus = async (user: TestUser, id: string) => (await call('GET', `payments/methods/${id}/status/`, undefined, user.headers)).json<{ status: string }>().status;
const paymentStatus = async (user: TestUser, id: string) => (await call('GET', `payments/${id}/status/`, undefined, user.headers)).json<{ status: string }>().status;
const orderOf = async (user: TestUser, id: number) => (await call('GET', `orders/${id}/`, undefined, user.headers)).json<Order>();

async function placeOrder(user: TestUser, card: string): Promise<number> {
  const address = await insertAddress(t, user.id);
  const res = await postOrder(t, call, { address_id: address, payment_method_id: card, items: [{ product_id: String(menu.soup), quantity: 2 }] },
    user.headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const pay = (user: TestUser, orderId: number, card: string) => call('POST', 'payments/create/', { order_id: orderId, payment_method_id: card }, user.headers);

/** A notification signed with the sandbox's key, as its page would send it. */
function signed(body: object, key: Buffer = sandbox.signingKey) {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(key, payload) },
    payload,
  });
}

const paymentRow = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('who may call the payment routes (API-22, API-23, API-40, API-41)', () => {
  it('an anonymous visitor gets 401 on every route, before any validation', async () => {
    for (const [method, url] of [
      ['POST', 'payments/methods/init/'],
      ['GET', 'payments/methods/7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10/status/'],
      ['GET', 'payments/methods/not-an-id/status/'],
      ['POST', 'payments/create/'],
      ['GET', 'payments/7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10/status/'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("another user's card and payment answer 404", async () => {
    const owner = await createUser(t);
    const card = await addCard(owner);
    const order = await placeOrder(owner, card);
    const payment = (await pay(owner, order, card)).json<PaymentCreated>();
    const other = await createUser(t);
    expect((await call('GET', `payments/methods/${card}/status/`, undefined, other.headers)).statusCode).toBe(404);
    expect((await call('GET', `payments/${payment.payment_id}/status/`, undefined, other.headers)).statusCode).toBe(404);
  });
});

describe('adding a card on the sandbox page (API-22, API-23, ACC-45, ACC-46, ACC-47, ACC-48)', () => {
  it('answers the page and a pending card, then the typed card is saved: last four digits, brand, expiry and a token only', async () => {
    const user = await createUser(t);
    const started = await startCard(user, '/account/payments');
    expect(started.confirmation_url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/payments\/sandbox\/[0-9a-f-]{36}\/$/);
    expect(await cardStatus(user, started.payment_method_id)).toBe('pending');

    const page = await t.app.inject({ method: 'GET', url: pathOf(started.confirmation_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('name="number"');
    expect(page.body).toContain('Сохранение карты');

    const done = await submitPage(started.confirmation_url, { decision: 'approve', number: '4242 4242 4242 4242', expiry: '07/31', holder: 'Anna Novik' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:3000/account/payments');
    expect(await cardStatus(user, started.payment_method_id)).toBe('succeeded');

    const [card] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.publicId, started.payment_method_id));
    expect(card).toMatchObject({ cardLast4: '4242', brand: 'visa', expMonth: 7, expYear: 2031, isPrimary: true, status: 'succeeded' });
    expect(card!.token).toMatch(/^sandbox_approve_4242_[0-9a-f]+$/);
    // The number itself is kept nowhere.
    const [checkout] = await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.cardToken, card!.token!));
    expect(JSON.stringify(checkout)).not.toContain('4242424242424242');

    // A second card does not take the primary flag.
    const second = await addCard(user, '5555 5555 5555 4444');
    const [other] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.publicId, second));
    expect(other).toMatchObject({ brand: 'mastercard', cardLast4: '4444', isPrimary: false });
  });

  it('shows the page in English for a visitor who reads the site in English', async () => {
    const user = await createUser(t);
    const started = await startCard(user);
    const page = await t.app.inject({ method: 'GET', url: pathOf(started.confirmation_url), cookies: { language: 'en' } });
    expect(page.body).toContain('Saving a card');
    expect(page.body).toContain('<html lang="en">');
  });

  it('refuses a card number that fails the check, a past expiry and a missing name, and saves nothing', async () => {
    const user = await createUser(t);
    const started = await startCard(user);
    const res = await submitPage(started.confirmation_url, { decision: 'approve', number: '4242 4242 4242 4241', expiry: '01/20', holder: '' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Проверьте номер карты');
    expect(res.body).toContain('Укажите срок действия в будущем');
    expect(res.body).toContain('Укажите имя владельца');
    expect(await cardStatus(user, started.payment_method_id)).toBe('pending');
  });

  it('a declined card is canceled (ERR-30), a card left pending stays pending, a finished page cannot be used again', async () => {
    const user = await createUser(t);
    const declined = await startCard(user);
    expect((await submitPage(declined.confirmation_url, { decision: 'decline' })).statusCode).toBe(303);
    expect(await cardStatus(user, declined.payment_method_id)).toBe('canceled');
    expect((await t.app.inject({ method: 'GET', url: pathOf(declined.confirmation_url) })).statusCode).toBe(409);
    expect((await submitPage(declined.confirmation_url, { decision: 'approve', number: SANDBOX_CARDS.approve, expiry: '12/30', holder: 'A B' })).statusCode).toBe(409);
    expect(await cardStatus(user, declined.payment_method_id)).toBe('canceled');

    const waiting = await startCard(user);
    expect((await submitPage(waiting.confirmation_url, { decision: 'pending' })).statusCode).toBe(303);
    expect(await cardStatus(user, waiting.payment_method_id)).toBe('pending');
  });

  it('refuses a return path that is not one of the site\'s screens (no open redirect)', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'payments/methods/init/', { return_path: 'https://evil.example/' }, user.headers);
    expect(res.statusCode).toBe(422);
  });

  it('answers an unknown or malformed checkout page with 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/sandbox/7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/sandbox/nothing/' })).statusCode).toBe(404);
  });
});

describe('paying an order (API-40, API-41, DEL-32, DEL-33, DEL-34, DEL-35, DEL-36)', () => {
  it('charges a saved card at once: the payment succeeds and the order is accepted', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    const res = await pay(user, orderId, card);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<PaymentCreated>();
    expect(created).toEqual({ payment_id: expect.any(String), status: 'succeeded', amount: 2 * 12_50 + 139_00 });
    expect(await paymentStatus(user, created.payment_id)).toBe('succeeded');
    const order = await orderOf(user, orderId);
    expect(order).toMatchObject({ status: 'accepted', display_status: 'accepted', paid_at: expect.any(String), expected_at: expect.any(String) });
    expect(Date.parse(order.expected_at!) - Date.parse(order.paid_at!)).toBe(60 * 60_000);
  });

  it('a declined payment leaves the order pending, and paying again with another card works (DEL-36)', async () => {
    const user = await createUser(t);
    const declining = await addCard(user, SANDBOX_CARDS.decline);
    const orderId = await placeOrder(user, declining);
    const first = (await pay(user, orderId, declining)).json<PaymentCreated>();
    expect(first.status).toBe('canceled');
    expect(await paymentStatus(user, first.payment_id)).toBe('canceled');
    expect((await orderOf(user, orderId)).status).toBe('pending');

    const good = await addCard(user);
    const second = (await pay(user, orderId, good)).json<PaymentCreated>();
    expect(second.payment_id).not.toBe(first.payment_id);
    expect(second.status).toBe('succeeded');
    const order = await orderOf(user, orderId);
    expect(order.status).toBe('accepted');
    expect(order.payment_method?.payment_method_id).toBe(good);
  });

  it('a card that needs 3-D Secure answers a confirmation_url; approving there pays the order (DEL-33)', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const orderId = await placeOrder(user, card);
    const created = (await pay(user, orderId, card)).json<PaymentCreated>();
    expect(created.status).toBe('pending');
    expect(created.confirmation_url).toMatch(/\/api\/v1\/payments\/sandbox\/[0-9a-f-]{36}\/$/);
    expect(await paymentStatus(user, created.payment_id)).toBe('pending');

    // Asking again (a reload, a double click) answers the same payment and page.
    const again = (await pay(user, orderId, card)).json<PaymentCreated>();
    expect(again).toEqual(created);

    const page = await t.app.inject({ method: 'GET', url: pathOf(created.confirmation_url!) });
    expect(page.body).toContain('•••• 3220');
    expect(page.body).toContain('164 BYN');
    const done = await submitPage(created.confirmation_url!, { decision: 'approve' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:3000/delivery/cart');
    expect(await paymentStatus(user, created.payment_id)).toBe('succeeded');
    expect((await orderOf(user, orderId)).status).toBe('accepted');
  });

  it('declining on the 3-D Secure page cancels the payment', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const orderId = await placeOrder(user, card);
    const created = (await pay(user, orderId, card)).json<PaymentCreated>();
    await submitPage(created.confirmation_url!, { decision: 'decline' });
    expect(await paymentStatus(user, created.payment_id)).toBe('canceled');
    expect((await orderOf(user, orderId)).status).toBe('pending');
  });

  it('refuses to pay a paid order, a cancelled one, and while another card\'s payment is under way', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const paid = await placeOrder(user, card);
    await pay(user, paid, card);
    const twice = await pay(user, paid, card);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'This order is already paid' });

    const cancelled = await placeOrder(user, card);
    await call('POST', `orders/${cancelled}/cancel/`, undefined, user.headers);
    const res = await pay(user, cancelled, card);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This order is cancelled and cannot be paid' });

    const slow = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const waiting = await placeOrder(user, slow);
    expect((await pay(user, waiting, slow)).json<PaymentCreated>().status).toBe('pending');
    const other = await pay(user, waiting, card);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'A payment of this order with another card is still in progress' });
  });

  it("refuses another user's order (404), another user's card (422), a card never saved, and bad bodies", async () => {
    const owner = await createUser(t);
    const card = await addCard(owner);
    const order = await placeOrder(owner, card);
    const other = await createUser(t);
    const otherCard = await addCard(other);
    expect((await pay(other, order, otherCard)).statusCode).toBe(404);
    const foreignCard = await pay(owner, order, otherCard);
    expect(foreignCard.statusCode).toBe(422);
    expect(foreignCard.json().detail).toMatch(/Unknown card/);
    const unsaved = await startCard(owner);
    expect((await pay(owner, order, unsaved.payment_method_id)).statusCode).toBe(422);
    for (const body of [{}, { order_id: String(order), payment_method_id: card }, { order_id: order, payment_method_id: 'x' }, { order_id: order, payment_method_id: card, amount: 1 }]) {
      const res = await call('POST', 'payments/create/', body, owner.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order))).toHaveLength(0);
  });

  it('answers an unknown payment with 404 and a malformed id with 422', async () => {
    const user = await createUser(t);
    expect((await call('GET', 'payments/7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10/status/', undefined, user.headers)).statusCode).toBe(404);
    expect((await call('GET', 'payments/42/status/', undefined, user.headers)).statusCode).toBe(422);
  });

  it('twenty simultaneous payments of one order make one payment and one charge', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const orderId = await placeOrder(user, card);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(user, orderId, card)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json<PaymentCreated>().payment_id)).size).toBe(1);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    const charges = await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.trackingId, rows[0]!.id));
    expect(charges).toHaveLength(1);
  });

  it('the database itself refuses a second live payment of an order, whatever the code above it does', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const orderId = await placeOrder(user, card.publicId);
    const row = { purpose: 'order' as const, userId: user.id, orderId, paymentMethodId: card.id, provider: 'sandbox' as const, amount: 100 };
    await t.database.db.insert(payments).values(row);
    await expect(t.database.db.insert(payments).values(row)).rejects.toThrow();
    // A cancelled attempt does not count: the guest may try another card.
    await t.database.db.update(payments).set({ status: 'canceled' }).where(eq(payments.orderId, orderId));
    await expect(t.database.db.insert(payments).values(row)).resolves.toBeDefined();
  });

  it('twenty simultaneous payments with a card charged at once make one payment; the late ones hear it is paid', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(user, orderId, card)));
    for (const res of answers) {
      if (res.statusCode === 409) expect(res.json()).toEqual({ detail: 'This order is already paid' });
      else expect(res.statusCode).toBe(200);
    }
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => r.json<PaymentCreated>().payment_id);
    expect(new Set(ok).size).toBe(1);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });
});

describe('a declined card is never charged again and again (issue 20, point 2)', () => {
  const payWithKey = (user: TestUser, orderId: number, card: string, key?: string) =>
    call('POST', 'payments/create/', { order_id: orderId, payment_method_id: card }, { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) });
  const providerCalls = async (orderId: number) => {
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const calls = [];
    for (const row of rows) calls.push(...(await t.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.trackingId, row.id))));
    return { rows, calls };
  };

  it('twenty simultaneous payments of one order with a declining card make one provider call (API-40)', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.decline);
    const orderId = await placeOrder(user, card);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(user, orderId, card)));
    for (const res of answers) {
      if (res.statusCode === 409) expect(res.json<{ detail: string }>().detail).toMatch(/^This card was declined a moment ago; try another card or try again in \d+ s$/);
      else expect(res.statusCode, res.body).toBe(200);
    }
    const { rows, calls } = await providerCalls(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('canceled');
    expect(calls).toHaveLength(1);
    expect((await orderOf(user, orderId)).status).toBe('pending');
  });

  it('the same order, card and Idempotency-Key are one attempt: asked again, it answers the declined attempt without calling the provider', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.decline);
    const orderId = await placeOrder(user, card);
    const first = await payWithKey(user, orderId, card, 'attempt-1');
    expect(first.json<PaymentCreated>().status).toBe('canceled');
    const again = await Promise.all(Array.from({ length: 5 }, () => payWithKey(user, orderId, card, 'attempt-1')));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json<PaymentCreated>()).toEqual(first.json<PaymentCreated>());
    }
    expect((await providerCalls(orderId)).calls).toHaveLength(1);
  });

  it('refuses a new attempt with the card just declined (409 saying why) and lets another card pay at once', async () => {
    const user = await createUser(t);
    const declining = await addCard(user, SANDBOX_CARDS.decline);
    const orderId = await placeOrder(user, declining);
    expect((await payWithKey(user, orderId, declining, 'a')).json<PaymentCreated>().status).toBe('canceled');
    const retry = await payWithKey(user, orderId, declining, 'b');
    expect(retry.statusCode).toBe(409);
    expect(retry.json<{ detail: string }>().detail).toMatch(/^This card was declined a moment ago; try another card or try again in (60|59|58) s$/);
    expect((await providerCalls(orderId)).calls).toHaveLength(1);

    const good = await addCard(user);
    const paid = await payWithKey(user, orderId, good, 'c');
    expect(paid.json<PaymentCreated>().status).toBe('succeeded');
    expect((await orderOf(user, orderId)).status).toBe('accepted');
  });

  it('once the pause is over the same card may be tried again', async () => {
    const user = await createUser(t);
    const declining = await addCard(user, SANDBOX_CARDS.decline);
    const orderId = await placeOrder(user, declining);
    const first = (await payWithKey(user, orderId, declining, 'a')).json<PaymentCreated>();
    await t.database.db
      .update(payments)
      .set({ settledAt: new Date(Date.now() - (DECLINED_CARD_PAUSE_SECONDS + 1) * 1000) })
      .where(eq(payments.id, first.payment_id));
    const second = await payWithKey(user, orderId, declining, 'b');
    expect(second.statusCode).toBe(200);
    expect(second.json<PaymentCreated>().payment_id).not.toBe(first.payment_id);
    expect((await providerCalls(orderId)).calls).toHaveLength(2);
  });

  it('refuses a malformed Idempotency-Key with 422', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    expect((await payWithKey(user, orderId, card, 'a key with spaces')).statusCode).toBe(422);
  });
});

describe('POST payments/webhook/: what is believed', () => {
  async function pendingPayment() {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const orderId = await placeOrder(user, card);
    const created = (await pay(user, orderId, card)).json<PaymentCreated>();
    const row = await paymentRow(created.payment_id);
    return { user, orderId, row, notification: { tracking_id: row.id, checkout_id: row.providerRef!, status: 'successful', amount: row.amount, currency: 'BYN', message: null, card: null } };
  }

  it('refuses a notification with a forged or missing signature, and changes nothing', async () => {
    const { user, orderId, row, notification } = await pendingPayment();
    const forged = await signed(notification, Buffer.alloc(32, 7));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: 'Invalid notification signature' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(notification) });
    expect(unsigned.statusCode).toBe(401);
    // A body changed after signing is refused too.
    const body = JSON.stringify(notification);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(sandbox.signingKey, body) },
      payload: body.replace(`"amount":${row.amount}`, '"amount":1'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await paymentStatus(user, row.id)).toBe('pending');
    expect((await orderOf(user, orderId)).status).toBe('pending');
  });

  it('refuses a signed notification whose amount or currency differs from the order, and logs it', async () => {
    const { user, orderId, row, notification } = await pendingPayment();
    const cheaper = await signed({ ...notification, amount: row.amount - 100 });
    expect(cheaper.statusCode).toBe(422);
    expect(cheaper.json()).toEqual({ detail: 'Amount or currency differs from the payment' });
    const dollars = await signed({ ...notification, currency: 'USD' });
    expect(dollars.statusCode).toBe(422);
    expect(await paymentStatus(user, row.id)).toBe('pending');
    expect((await orderOf(user, orderId)).status).toBe('pending');
  });

  it('answers an unknown payment with 404 and an unreadable one with 400', async () => {
    const { notification } = await pendingPayment();
    expect((await signed({ ...notification, tracking_id: '7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10' })).statusCode).toBe(404);
    expect((await signed({ ...notification, status: 'maybe' })).statusCode).toBe(400);
    const garbage = '{"tracking_id":';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(sandbox.signingKey, garbage) },
      payload: garbage,
    });
    expect(res.statusCode).toBe(400);
  });

  it('applies a notification once: a replay, or a contrary one afterwards, changes nothing', async () => {
    const { user, orderId, row, notification } = await pendingPayment();
    expect((await signed(notification)).statusCode).toBe(200);
    expect(await paymentStatus(user, row.id)).toBe('succeeded');
    const paidAt = (await orderOf(user, orderId)).paid_at;
    expect((await signed(notification)).statusCode).toBe(200);
    expect((await signed({ ...notification, status: 'failed', message: 'late' })).statusCode).toBe(200);
    expect(await paymentStatus(user, row.id)).toBe('succeeded');
    expect((await orderOf(user, orderId)).paid_at).toBe(paidAt);
  });

  it('is exempt from the client token, but not from its signature', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(401);
  });
});

describe('settling what was left pending', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('asks the provider about a payment whose notification never came, and applies its answer', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const orderId = await placeOrder(user, card);
    const created = (await pay(user, orderId, card)).json<PaymentCreated>();
    // The guest approved at the provider, but the notification was lost on the way.
    await t.database.db.update(sandboxCheckouts).set({ status: 'successful', finishedAt: new Date() }).where(eq(sandboxCheckouts.trackingId, created.payment_id));
    expect(await paymentStatus(user, created.payment_id)).toBe('pending');
    const result = await settlePendingPayments(t.app, later(1));
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(user, created.payment_id)).toBe('succeeded');
    expect((await orderOf(user, orderId)).status).toBe('accepted');
  });

  it('cancels a payment the provider never heard of (the server stopped before calling it)', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    const charge = sandbox.chargeCard;
    sandbox.chargeCard = async () => {
      throw new Error('socket hang up');
    };
    const res = await pay(user, orderId, card);
    sandbox.chargeCard = charge;
    expect(res.statusCode).toBe(502);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(row!.status).toBe('pending');
    // A retry finds the payment under way instead of charging again.
    expect((await pay(user, orderId, card)).json<PaymentCreated>()).toMatchObject({ payment_id: row!.id, status: 'pending' });

    await settlePendingPayments(t.app, later(5));
    expect(await paymentStatus(user, row!.id)).toBe('pending');
    await settlePendingPayments(t.app, later(11));
    expect(await paymentStatus(user, row!.id)).toBe('canceled');
    // The guest may pay again.
    expect((await pay(user, orderId, card)).json<PaymentCreated>().status).toBe('succeeded');
  });

  it('stashes an order left unpaid for 30 minutes with no payment under way', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const unpaid = await placeOrder(user, card);
    const slow = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const paying = await placeOrder(user, slow);
    await pay(user, paying, slow);
    await settlePendingPayments(t.app, later(20));
    expect((await orderOf(user, unpaid)).status).toBe('pending');
    await settlePendingPayments(t.app, later(31));
    expect((await orderOf(user, unpaid)).status).toBe('stashed');
    expect((await orderOf(user, unpaid)).display_status).toBe('cancelled');
    // The order being paid is not stashed while its payment is under way.
    expect((await orderOf(user, paying)).status).toBe('pending');
  });
});

describe('cancelling a paid order', () => {
  it('refunds the payment of an accepted order cancelled before cooking (ACC-34)', async () => {
    const user = await createUser(t);
    const card = await addCard(user);
    const orderId = await placeOrder(user, card);
    const created = (await pay(user, orderId, card)).json<PaymentCreated>();
    const res = await call('POST', `orders/${orderId}/cancel/`, undefined, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled' });
    expect((await paymentRow(created.payment_id)).refundedAt).not.toBeNull();
  });

  it('refunds money that arrives for an order cancelled while its payment was being confirmed', async () => {
    const user = await createUser(t);
    const card = await addCard(user, SANDBOX_CARDS.threeDSecure);
    const orderId = await placeOrder(user, card);
    const created = (await pay(user, orderId, card)).json<PaymentCreated>();
    // The guest may not cancel while the payment waits for 3-D Secure (issue 20, point 8); the
    // order is cancelled meanwhile another way, as staff or an older server would.
    expect((await call('POST', `orders/${orderId}/cancel/`, undefined, user.headers)).statusCode).toBe(409);
    await t.database.db.update(orders).set({ status: 'canceled', canceledAt: new Date() }).where(eq(orders.id, orderId));
    await submitPage(created.confirmation_url!, { decision: 'approve' });
    const row = await paymentRow(created.payment_id);
    expect(row.status).toBe('succeeded');
    expect(row.refundedAt).not.toBeNull();
    const [order] = await t.database.db.select().from(orders).where(and(eq(orders.id, orderId)));
    expect(order!.status).toBe('canceled');
  });
});
