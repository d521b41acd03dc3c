/**
 * Money the hotel can trust (issue 20; docs/decisions/025-payments-hardening.md): a price changed
 * between the cart and the order (or the booking) is never charged without asking; a booking needs a
 * guarantee card; an order cannot be cancelled while its payment waits for 3-D Secure; an order is
 * capped; cards are saved by activated accounts only; an unpaid order never looks paid; and the
 * kitchen takes orders only within its hours and not on a day staff closed it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkInAt, ORDER_QUANTITY_MAX, ORDER_TOTAL_MAX_KOPECKS, type AuditPage, type Order, type OrderingState, type PaymentCreated, type Reservation } from '@hotel/domain';
import { auditEvents, orders, payments, products, reservations, rooms as roomRows, sessions } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, extendSessions, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertAddress, insertCard, insertMenu, insertOrderingGuest, setPrice, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let rooms: TestRooms;
let mail: CapturedMail;
beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
  call = caller(t);
  menu = await insertMenu(t);
  rooms = await insertRooms(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
  mail.letters.length = 0;
});

type Guest = Awaited<ReturnType<typeof insertOrderingGuest>>;
const soupTimes = (quantity: number, price = 12_50) => price * quantity + 139_00;

const placeOrder = (g: Guest, body: Record<string, unknown> = {}) =>
  postOrder(t, call, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 2 }], ...body }, g.user.headers);
const orderOf = async (g: Guest, id: number) => (await call('GET', `orders/${id}/`, undefined, g.user.headers)).json<Order>();
const pay = (user: TestUser, orderId: number, card: string) => call('POST', 'payments/create/', { order_id: orderId, payment_method_id: card }, user.headers);

describe('a price changed between the cart and the order is not charged without asking (point 3)', () => {
  it('POST orders/ with the total the guest saw places the order; another total answers 409 with the current prices and places nothing', async () => {
    const g = await insertOrderingGuest(t);
    const seen = soupTimes(2);
    const ok = await placeOrder(g, { expected_total: seen });
    expect(ok.statusCode, ok.body).toBe(201);

    // An admin raises the soup tenfold while the guest's cart still holds it.
    await setPrice(t, menu.soup, 125_00);
    await t.app.dataVersions.caughtUp();
    const before = (await t.database.db.select().from(orders).where(eq(orders.userId, g.user.id))).length;
    const changed = await placeOrder(g, { expected_total: seen });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      detail: 'The prices have changed since you saw them: check the new total and confirm the order again',
      total: soupTimes(2, 125_00),
      items: [{ product_id: menu.soup, price: 125_00 }],
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, g.user.id))).toHaveLength(before);

    // Asked again with the new total, the guest's order is placed and pays the new total.
    const agreed = await placeOrder(g, { expected_total: soupTimes(2, 125_00) });
    expect(agreed.statusCode).toBe(201);
    const paid = (await pay(g.user, agreed.json<{ id: number }>().id, g.card.publicId)).json<PaymentCreated>();
    expect(paid).toMatchObject({ status: 'succeeded', amount: soupTimes(2, 125_00) });
    await setPrice(t, menu.soup, 12_50);
  });

  it('refuses a malformed expected_total with 422', async () => {
    const g = await insertOrderingGuest(t);
    for (const expected_total of [-1, 1.5, '100']) expect((await placeOrder(g, { expected_total })).statusCode).toBe(422);
  });

  it('POST hotel/reservations/ with another total than today\'s answers 409 with the current total and books nothing', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const stay = { room_id: rooms.single, arrival: day(50), departure: day(52), payment_method_id: card.publicId };
    await t.database.db.update(roomRows).set({ price: 1500_00 }).where(eq(roomRows.id, rooms.single));
    const changed = await call('POST', 'hotel/reservations/', { ...stay, expected_total: 2 * 150_00 }, user.headers);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      detail: 'The price of the stay has changed since you saw it: check the new total and confirm the booking again',
      total: 2 * 1500_00,
      price_per_night: 1500_00,
      price_breakdown: [{ first_night: day(50), nights: 2, price_per_night: 1500_00 }],
    });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(0);
    const agreed = await call('POST', 'hotel/reservations/', { ...stay, expected_total: 2 * 1500_00 }, user.headers);
    expect(agreed.statusCode, agreed.body).toBe(201);
    expect(agreed.json<Reservation>().price).toBe(2 * 1500_00);
    await t.database.db.update(roomRows).set({ price: 150_00 }).where(eq(roomRows.id, rooms.single));
  });
});

describe('a booking needs a guarantee card (point 4, CON-05)', () => {
  it('answers 422 with a detail without payment_method_id, with another user\'s card, or with a card not saved', async () => {
    const user = await createUser(t);
    const stay = { room_id: rooms.double, arrival: day(60), departure: day(61) };
    const without = await call('POST', 'hotel/reservations/', stay, user.headers);
    expect(without.statusCode).toBe(422);
    expect(without.json<{ detail: string }>().detail).toContain('A booking needs a saved card that guarantees it');
    const other = await insertCard(t, (await createUser(t)).id);
    expect((await call('POST', 'hotel/reservations/', { ...stay, payment_method_id: other.publicId }, user.headers)).statusCode).toBe(422);
    const pending = await insertCard(t, user.id, { status: 'pending' });
    expect((await call('POST', 'hotel/reservations/', { ...stay, payment_method_id: pending.publicId }, user.headers)).statusCode).toBe(422);
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, user.id))).toHaveLength(0);
  });

  it('a booking made inside the 24 hours before check-in says in its letter that there is no free cancellation', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const arrival = day(70);
    const departure = day(71);
    await extendSessions(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Ten hours before check-in.
    vi.setSystemTime(new Date(checkInAt(arrival).getTime() - 10 * 3_600_000));
    const res = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival, departure, payment_method_id: card.publicId }, user.headers);
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(201);
    const [letter] = mail.to(user.email);
    expect(letter!.text).toContain('До заезда меньше 24 часов, поэтому бесплатной отмены у этого бронирования нет');
    expect(letter!.text).not.toContain('Бесплатная отмена — не позднее');
    // The sandbox guarantees nothing real: the letter says so, without speaking of a payment nobody made (issue 42, point 8).
    expect(letter!.text).toContain('карта только гарантирует бронирование, с неё ничего не списано');
    expect(letter!.text).not.toContain('это был тестовый платёж');
  });

  it('a booking made days ahead still promises free cancellation', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const res = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(80), departure: day(81), payment_method_id: card.publicId }, user.headers);
    expect(res.statusCode).toBe(201);
    expect(mail.to(user.email)[0]!.text).toContain('Бесплатная отмена — не позднее чем за 24 часа до заезда');
  });
});

describe('cancelling an order while its payment waits for 3-D Secure (point 8)', () => {
  it('is refused with 409, leaves no charge, and the order is paid only after the confirmation', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { token: `sandbox_3ds_3220_${'a'.repeat(16)}`, last4: '3220' });
    const address = await insertAddress(t, user.id);
    const g = { user, address, card };
    const id = (await placeOrder(g)).json<{ id: number }>().id;
    const payment = (await pay(user, id, card.publicId)).json<PaymentCreated>();
    expect(payment.status).toBe('pending');
    expect(payment.confirmation_url).toBeDefined();

    const cancel = await call('POST', `orders/${id}/cancel/`, {}, user.headers);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ detail: 'The payment of this order is waiting for confirmation; the order can be cancelled once it is settled' });
    const order = await orderOf(g, id);
    expect(order.status).toBe('pending');
    expect(order.payment_status).toBe('pending');
    // Nothing says "paid" while it is not.
    expect(order.payment_method).toBeNull();
    expect((await t.database.db.select().from(payments).where(eq(payments.orderId, id))).map((p) => p.status)).toEqual(['pending']);
  });
});

describe('staff cancelling an order while its payment waits for 3-D Secure (point 8, from the order board)', () => {
  it('is refused with 409 and the same detail as the guest\'s cancel; nothing is cancelled, logged or mailed; once the payment is declined staff may cancel', async () => {
    const user = await createUser(t);
    const staff = await createUser(t, { role: 'admin' });
    const card = await insertCard(t, user.id, { token: `sandbox_3ds_3220_${'b'.repeat(16)}`, last4: '3220' });
    const g = { user, address: await insertAddress(t, user.id), card };
    const id = (await placeOrder(g)).json<{ id: number }>().id;
    const payment = (await pay(user, id, card.publicId)).json<PaymentCreated>();
    expect(payment.status).toBe('pending');
    mail.letters.length = 0;

    const cancel = await call('POST', `admin/orders/${id}/cancel/`, { reason: 'Кухня закрыта' }, staff.headers);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ detail: 'The payment of this order is waiting for confirmation; the order can be cancelled once it is settled' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'pending', cancelReason: '', canceledAt: null });
    expect((await t.database.db.select().from(payments).where(eq(payments.orderId, id))).map((p) => p.status)).toEqual(['pending']);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `order ${id}`))).toEqual([]);
    expect(mail.letters).toHaveLength(0);

    // The guest declines on the 3-D Secure page: nothing can be charged any more, so staff may cancel.
    const declined = await t.app.inject({
      method: 'POST',
      url: new URL(payment.confirmation_url!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=decline',
    });
    expect(declined.statusCode).toBe(303);
    const again = await call('POST', `admin/orders/${id}/cancel/`, { reason: 'Кухня закрыта' }, staff.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'canceled', cancel_reason: 'Кухня закрыта' });
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `order ${id}`));
    expect(entry).toMatchObject({ action: 'order.cancel', actorId: staff.id, before: { status: 'pending' }, after: { status: 'canceled', reason: 'Кухня закрыта' } });
  });
});

describe('where the 3-D Secure page returns the guest (point 10, "Pay" on /account/orders)', () => {
  const confirm = async (url: string) =>
    t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' });

  it('returns "Pay" of the account to /account/orders, the cart to /delivery/cart, on this site only; another return path is refused (422)', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { token: `sandbox_3ds_3220_${'c'.repeat(16)}`, last4: '3220' });
    const g = { user, address: await insertAddress(t, user.id), card };

    const fromAccount = (await placeOrder(g)).json<{ id: number }>().id;
    for (const wrong of ['https://evil.example/', '//evil.example/account/orders', '/account/orders/../../evil', '/account/payments']) {
      const res = await call('POST', 'payments/create/', { order_id: fromAccount, payment_method_id: card.publicId, return_path: wrong }, user.headers);
      expect(res.statusCode, wrong).toBe(422);
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, fromAccount))).toEqual([]);

    const created = await call('POST', 'payments/create/', { order_id: fromAccount, payment_method_id: card.publicId, return_path: '/account/orders' }, user.headers);
    expect(created.statusCode, created.body).toBe(200);
    const back = await confirm(created.json<PaymentCreated>().confirmation_url!);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('http://localhost:3000/account/orders');
    expect((await orderOf(g, fromAccount)).status).toBe('accepted');

    const fromCart = (await placeOrder(g)).json<{ id: number }>().id;
    const viaCart = (await pay(user, fromCart, card.publicId)).json<PaymentCreated>();
    expect((await confirm(viaCart.confirmation_url!)).headers.location).toBe('http://localhost:3000/delivery/cart');
  });
});

describe('an unpaid order never looks paid (point 10)', () => {
  it('after a declined card the order awaits payment, names no card, and paying again pays the same order', async () => {
    const user = await createUser(t);
    const declining = await insertCard(t, user.id, { token: `sandbox_decline_0002_${'b'.repeat(16)}`, last4: '0002' });
    const address = await insertAddress(t, user.id);
    const g = { user, address, card: declining };
    const id = (await placeOrder(g)).json<{ id: number }>().id;
    expect((await orderOf(g, id)).payment_status).toBe('awaiting');
    expect((await pay(user, id, declining.publicId)).json<PaymentCreated>().status).toBe('canceled');

    const declined = await orderOf(g, id);
    expect(declined).toMatchObject({ status: 'pending', display_status: 'awaiting_payment', payment_status: 'failed', payment_method: null, paid_at: null });

    const good = await insertCard(t, user.id, { last4: '4242' });
    expect((await pay(user, id, good.publicId)).json<PaymentCreated>().status).toBe('succeeded');
    const paid = await orderOf(g, id);
    expect(paid).toMatchObject({ status: 'accepted', display_status: 'accepted', payment_status: 'paid' });
    expect(paid.payment_method).toMatchObject({ payment_method_id: good.publicId, card_last4: '4242' });
    const list = (await call('GET', 'delivery/orders/', undefined, user.headers)).json<Order[]>();
    expect(list.filter((o) => o.status !== 'canceled' && o.status !== 'stashed')).toHaveLength(1);
  });

  it('the cancellation letter of an unpaid order says nothing of a card or a payment', async () => {
    const user = await createUser(t);
    const declining = await insertCard(t, user.id, { token: `sandbox_decline_0002_${'c'.repeat(16)}`, last4: '0002' });
    const g = { user, address: await insertAddress(t, user.id), card: declining };
    const id = (await placeOrder(g)).json<{ id: number }>().id;
    await pay(user, id, declining.publicId);
    expect((await call('POST', `orders/${id}/cancel/`, {}, user.headers)).statusCode).toBe(200);
    const [letter] = mail.to(user.email);
    expect(letter!.subject).toContain(`Заказ №${id} отменён`);
    expect(letter!.text).not.toContain('Оплачено');
    expect(letter!.text).not.toContain('0002');
    expect(letter!.text).not.toContain('тестовый платёж');
  });
});

describe('order caps and cards of activated accounts (point 9)', () => {
  it(`refuses more than ${ORDER_QUANTITY_MAX} portions of one dish and an order over 3,000 BYN (422)`, async () => {
    const g = await insertOrderingGuest(t);
    const many = await placeOrder(g, { items: [{ product_id: String(menu.soup), quantity: ORDER_QUANTITY_MAX + 1 }] });
    expect(many.statusCode).toBe(422);
    expect(many.json<{ detail: string }>().detail).toContain(`quantity must be a whole number from 1 to ${ORDER_QUANTITY_MAX}`);
    expect((await placeOrder(g, { items: [{ product_id: String(menu.soup), quantity: ORDER_QUANTITY_MAX }] })).statusCode).toBe(201);

    const [dear] = await t.database.db
      .insert(products)
      .values({ categoryId: (await t.database.db.select().from(products).where(eq(products.id, menu.soup)))[0]!.categoryId, name: { ru: 'Икра', en: 'Caviar' }, description: { ru: '', en: '' }, price: 1000_00 })
      .returning({ id: products.id });
    const tooDear = await placeOrder(g, { items: [{ product_id: String(dear!.id), quantity: 3 }] });
    expect(tooDear.statusCode).toBe(422);
    expect(tooDear.json()).toEqual({ detail: 'An order may cost at most 3,000 BYN' });
    expect(ORDER_TOTAL_MAX_KOPECKS).toBe(3_000_00);
    // 2 × 1,000 BYN and the delivery: under the cap.
    expect((await placeOrder(g, { items: [{ product_id: String(dear!.id), quantity: 2 }] })).statusCode).toBe(201);
  });

  it('an account not activated cannot save a card (403), on either route', async () => {
    const user = await createUser(t, { isActive: false });
    for (const url of ['payments/methods/init/', 'account/payments/methods/']) {
      const res = await call('POST', url, {}, user.headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: 'Activate your account to save a card' });
    }
  });
});

describe('kitchen hours and a kitchen closed for the day (point 11)', () => {
  let k: TestApp;
  let kcall: Caller;
  let kmenu: TestMenu;
  beforeAll(async () => {
    k = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', ORDERS_ANY_HOUR: 'false' });
    kcall = caller(k);
    kmenu = await insertMenu(k);
  });
  afterAll(async () => {
    await k?.close();
  });

  async function atMinsk(time: string, run: () => Promise<void>) {
    await k.database.db.update(sessions).set({ expiresAt: new Date('2100-01-01T00:00:00Z') });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`2026-12-01T${time}:00+03:00`));
    try {
      await run();
    } finally {
      vi.useRealTimers();
    }
  }

  it('an order at 03:00 hotel time is refused (409) and nothing is placed; the cart hears when ordering opens', async () => {
    const g = await insertOrderingGuest(k);
    await atMinsk('03:00', async () => {
      const res = await postOrder(k, kcall, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(kmenu.soup), quantity: 1 }] }, g.user.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'Orders are taken daily from 11:00 to 22:00', reason: 'hours', opens_at: '2026-12-01T08:00:00.000Z' });
      const state = (await kcall('GET', 'delivery/ordering/')).json<OrderingState>();
      expect(state).toMatchObject({ open: false, reason: 'hours', opens_at: '2026-12-01T08:00:00.000Z', hours: { opens: '11:00', closes: '22:00' }, closed_today: false });
      // While ordering is closed no slot can be ordered, so none is offered (issue 42, point 6).
      expect(state.slots).toEqual([]);
    });
    expect(await k.database.db.select().from(orders).where(eq(orders.userId, g.user.id))).toHaveLength(0);
  });

  it('an order at 12:00 is taken; staff close ordering for the day from the order board and the next is refused until they open it', async () => {
    const g = await insertOrderingGuest(k);
    const staff = await createUser(k, { role: 'admin' });
    const order = () => postOrder(k, kcall, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(kmenu.tea), quantity: 1 }] }, g.user.headers);
    await atMinsk('12:00', async () => {
      expect((await order()).statusCode).toBe(201);
      // A guest may not close the kitchen.
      expect((await kcall('PUT', 'admin/orders/kitchen/', { closed_today: true }, g.user.headers)).statusCode).toBe(403);
      expect((await kcall('PUT', 'admin/orders/kitchen/', { closed_today: 'yes' }, staff.headers)).statusCode).toBe(422);
      const closed = await kcall('PUT', 'admin/orders/kitchen/', { closed_today: true }, staff.headers);
      expect(closed.json<OrderingState>()).toMatchObject({ open: false, reason: 'closed_today', closed_today: true, opens_at: '2026-12-02T08:00:00.000Z' });
      const refused = await order();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ detail: 'The kitchen is not taking orders today', reason: 'closed_today' });
      expect((await kcall('GET', 'delivery/ordering/')).json<OrderingState>().reason).toBe('closed_today');
      expect((await kcall('PUT', 'admin/orders/kitchen/', { closed_today: false }, staff.headers)).json<OrderingState>()).toMatchObject({ open: true, reason: null });
      expect((await order()).statusCode).toBe(201);
    });
  });

  it('closing and opening ordering for the day is written to the change log, once per change, for the superuser to read', async () => {
    const staff = await createUser(k, { role: 'admin' });
    const superuser = await createUser(k, { role: 'superuser' });
    await atMinsk('13:00', async () => {
      for (const closed of [true, true, false, false]) {
        expect((await kcall('PUT', 'admin/orders/kitchen/', { closed_today: closed }, staff.headers)).statusCode).toBe(200);
      }
    });
    const log = (await kcall('GET', 'admin/log/', undefined, superuser.headers)).json<AuditPage>();
    const mine = log.entries.filter((entry) => entry.actor.id === staff.id);
    // Newest first; asking for the state the day is already in changes nothing and is not logged.
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'kitchen.open',
        target: 'kitchen 2026-12-01',
        target_kind: 'kitchen',
        target_id: '2026-12-01',
        actor: { id: staff.id, email: staff.email },
        before: { closed_today: true },
        after: { closed_today: false },
      }),
      expect.objectContaining({ action: 'kitchen.close', target: 'kitchen 2026-12-01', before: { closed_today: false }, after: { closed_today: true } }),
    ]);
  });
});
