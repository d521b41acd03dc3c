/**
 * Ordering hours are asked again when an order's payment starts and when it settles, and the cart
 * is offered only slots it can order now (issue 42, point 6; docs/decisions/025-payments-hardening.md).
 * Ordering closes at 22:00 on the hotel's clock: an order for "as soon as possible" placed at 21:59
 * is not charged at 22:29, and one whose 3-D Secure confirmation arrives then is cancelled, its
 * money given back, and the guest told in their language when it is on the card.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, OrderingState, PaymentCreated } from '@hotel/domain';
import { orders, payments, refunds, sandboxCheckouts, sessions, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { insertAddress, insertCard, insertMenu, postOrder, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let mail: CapturedMail;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', ORDERS_ANY_HOUR: 'false' }, { mailer: mail });
  call = caller(t);
  menu = await insertMenu(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  mail.letters.length = 0;
});

/** Sets the clock to a time of 1 December 2026 in Minsk; the test's sessions outlive the jump. */
async function at(time: string) {
  await t.database.db.update(sessions).set({ expiresAt: new Date('2100-01-01T00:00:00Z') });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`2026-12-01T${time}:00+03:00`));
}

interface Guest {
  user: TestUser;
  card: string;
  address: number;
}

async function guest(language: 'ru' | 'en' = 'ru'): Promise<Guest> {
  const user = await createUser(t);
  await t.database.db.update(users).set({ language }).where(eq(users.id, user.id));
  // 4000 0000 0000 3220: the bank asks the guest to confirm (3-D Secure) when they pay.
  const card = await insertCard(t, user.id, { last4: '3220', token: `sandbox_3ds_3220_${'b'.repeat(24)}` });
  return { user, card: card.publicId, address: await insertAddress(t, user.id) };
}

async function placeOrder(g: Guest, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await postOrder(t, call, { address_id: g.address, payment_method_id: g.card, items: [{ product_id: String(menu.soup), quantity: 1 }], ...extra }, g.user.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const pay = (g: Guest, orderId: number) => call('POST', 'payments/create/', { order_id: orderId, payment_method_id: g.card }, g.user.headers);

/** The guest confirms on the bank's page (the sandbox's), as their browser would. */
async function confirm(payment: PaymentCreated) {
  // The database writes its own clock into the checkout, not the test's: its page must still be open at 22:29.
  await t.database.db.update(sandboxCheckouts).set({ expiresAt: new Date('2100-01-01T00:00:00Z') }).where(eq(sandboxCheckouts.trackingId, payment.payment_id));
  return t.app.inject({
    method: 'POST',
    url: new URL(payment.confirmation_url!).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=approve',
  });
}

const orderOf = async (g: Guest, id: number) => (await call('GET', `orders/${id}/`, undefined, g.user.headers)).json<Order>();

describe('the slots offered are only those that can be ordered (issue 42, point 6)', () => {
  it('while ordering is closed (the night, or a day staff closed) delivery/ordering/ lists no slot; while open it lists them', async () => {
    const staff = await createUser(t, { role: 'admin' });
    await at('03:00');
    expect((await call('GET', 'delivery/ordering/')).json<OrderingState>()).toMatchObject({ open: false, reason: 'hours', slots: [] });
    await at('22:30');
    expect((await call('GET', 'delivery/ordering/')).json<OrderingState>()).toMatchObject({ open: false, reason: 'hours', slots: [] });
    await at('12:00');
    const open = (await call('GET', 'delivery/ordering/')).json<OrderingState>();
    expect(open.open).toBe(true);
    expect(open.slots.length).toBeGreaterThan(0);
    expect((await call('PUT', 'admin/orders/kitchen/', { closed_today: true }, staff.headers)).json<OrderingState>()).toMatchObject({ open: false, reason: 'closed_today', slots: [] });
    expect((await call('GET', 'delivery/ordering/')).json<OrderingState>().slots).toEqual([]);
    expect((await call('PUT', 'admin/orders/kitchen/', { closed_today: false }, staff.headers)).statusCode).toBe(200);
  });
});

describe('an order paid after ordering closed (issue 42, point 6)', () => {
  it('an unpaid order for "as soon as possible" placed at 21:59 is not charged at 22:29: 409 with when ordering opens, no provider call', async () => {
    const g = await guest();
    await at('21:59');
    const orderId = await placeOrder(g);
    await at('22:29');
    const refused = await pay(g, orderId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Orders are taken daily from 11:00 to 22:00', reason: 'hours', opens_at: '2026-12-02T08:00:00.000Z' });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
    expect((await orderOf(g, orderId)).status).toBe('pending');
  });

  it('a 3-D Secure payment started at 21:59 and confirmed at 22:29 does not make the order accepted: it is cancelled, refunded in full, and the guest is told (Russian)', async () => {
    const g = await guest('ru');
    await at('21:59');
    const orderId = await placeOrder(g);
    const started = (await pay(g, orderId)).json<PaymentCreated>();
    expect(started.status).toBe('pending');
    await at('22:29');
    expect((await confirm(started)).statusCode).toBe(303);

    const order = await orderOf(g, orderId);
    expect(order).toMatchObject({ status: 'canceled', payment_status: 'refunded' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('succeeded');
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ status: 'succeeded', amount: payment!.amount });
    const [letter] = mail.to(g.user.email);
    expect(letter!.text).toContain('Оплата пришла, когда кухня уже не принимала заказы, поэтому мы отменили заказ и вернули деньги.');
    expect(letter!.text).toContain('не позднее 8 декабря');
    expect(mail.to(g.user.email)).toHaveLength(1);
  });

  it('the same in English for a guest who reads the site in English', async () => {
    const g = await guest('en');
    await at('21:59');
    const orderId = await placeOrder(g);
    const started = (await pay(g, orderId)).json<PaymentCreated>();
    await at('22:29');
    await confirm(started);
    expect((await orderOf(g, orderId)).status).toBe('canceled');
    const [letter] = mail.to(g.user.email);
    expect(letter!.text).toContain('The payment came after the kitchen had stopped taking orders, so we cancelled the order and sent the money back.');
    expect(letter!.text).toContain('by 8 December at the latest');
  });

  it('an order for a slot tomorrow, confirmed at 22:29, is taken: its slot is still ahead', async () => {
    const g = await guest();
    await at('21:59');
    const orderId = await placeOrder(g, { deliver_at: '2026-12-02T09:00:00.000Z' });
    const started = (await pay(g, orderId)).json<PaymentCreated>();
    await at('22:29');
    await confirm(started);
    expect((await orderOf(g, orderId)).status).toBe('accepted');
    expect(await t.database.db.select().from(orders).where(eq(orders.id, orderId))).toMatchObject([{ status: 'accepted' }]);
  });
});
