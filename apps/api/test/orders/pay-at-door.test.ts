/**
 * Paying the courier at the door (issue 46, part 2; docs/decisions/059-pay-at-door.md): the owner's
 * settings on the kitchen's page, who may pay at the door (a delivered paid order, under the cap, to
 * an address), the order accepted without a charge, the courier's step "delivered" recording the
 * money once, the board and the ledger showing it unpaid until then, and the reports counting it.
 * Every refusal answers a detail in both languages and settles nothing. On PGlite and, under
 * `npm run test:pg`, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DOOR_MESSAGES,
  hotelToday,
  kitchenSettingsSchema,
  moneyPageSchema,
  orderSchema,
  payAtDoorOfferSchema,
  reportPageSchema,
  staffOrderListSchema,
  staffOrderSchema,
  type KitchenSettingsInput,
  type OrderStatus,
} from '@hotel/domain';
import { auditEvents, kitchenSettings, orders, payments, sandboxCheckouts } from '../../src/db/schema';
import { SANDBOX_SIGNATURE_HEADER, signSandboxNotification, type SandboxGateway } from '../../src/modules/payments/sandbox/gateway';
import { createTestApp, type TestApp } from '../app';
import { captureMail } from '../hotel-fixtures';
import { insertMenu, insertOrderingGuest, postOrder, type OrderingGuest, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  call = caller(t);
  menu = await insertMenu(t);
  captureMail(t);
  staff = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.delete(kitchenSettings);
});

const settings = async (change: KitchenSettingsInput) => {
  const res = await call('PUT', 'admin/orders/kitchen/settings/', change, staff.headers);
  expect(res.statusCode, res.body).toBe(200);
  return kitchenSettingsSchema.parse(res.json());
};
/** Delivery is free from 1 BYN here, so an order's total is its dishes (tea 4.00, soup 12.50). */
const allowDoor = (change: KitchenSettingsInput = {}) => settings({ free_delivery_from: 1_00, door_payment: true, door_cap: 50_00, ...change });

const next = (id: number, from: OrderStatus, door?: unknown) => call('POST', `admin/orders/${id}/next/`, door === undefined ? { from } : { from, door }, staff.headers);
const order = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const doorPayments = async (orderId: number) => t.database.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.provider, 'door')));
const offer = async (g: OrderingGuest) => payAtDoorOfferSchema.parse((await call('GET', 'delivery/pay-at-door/', undefined, g.user.headers)).json());

const teaAtDoor = (g: OrderingGuest, change: Record<string, unknown> = {}) =>
  postOrder(t, call, { address_id: g.address, pay_at_door: 'cash', items: [{ product_id: String(menu.tea), quantity: 2 }], ...change }, g.user.headers);

/** An order paid by card, carried to `to`. */
async function paidByCard(g: OrderingGuest, steps: readonly OrderStatus[]): Promise<number> {
  const placed = await postOrder(t, call, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }] }, g.user.headers);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<{ id: number }>().id;
  const paid = await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card.publicId }, g.user.headers);
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  for (const from of steps) expect((await next(id, from)).statusCode).toBe(200);
  return id;
}

/** A guest with one order paid by card and delivered: who may pay the courier. */
async function trustedGuest(): Promise<OrderingGuest> {
  const g = await insertOrderingGuest(t);
  await paidByCard(g, ['accepted', 'in_progress', 'delivering']);
  return g;
}

/** An order paid at the door, carried to the courier's last step. */
async function atTheDoor(g: OrderingGuest, change: Record<string, unknown> = {}): Promise<number> {
  const res = await teaAtDoor(g, change);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  for (const from of ['accepted', 'in_progress'] as const) expect((await next(id, from)).statusCode).toBe(200);
  return id;
}

function expectBothLanguages(res: { statusCode: number; json: <T>() => T }, status: number, key: keyof typeof DOOR_MESSAGES) {
  expect(res.statusCode).toBe(status);
  expect(res.json<{ detail: string; detail_ru: string }>()).toMatchObject({ detail: DOOR_MESSAGES[key].en, detail_ru: DOOR_MESSAGES[key].ru });
}

describe('the kitchen settings of paying at the door (issue 46, part 2)', () => {
  it('start off with both ways and a cap of 100 BYN; staff change them; the change is logged', async () => {
    expect(kitchenSettingsSchema.parse((await call('GET', 'admin/orders/kitchen/settings/', undefined, staff.headers)).json())).toMatchObject({
      door_payment: false,
      door_methods: ['cash', 'card_terminal'],
      door_cap: 100_00,
    });
    expect(await settings({ door_payment: true, door_methods: ['card_terminal'], door_cap: 80_00 })).toMatchObject({
      door_payment: true,
      door_methods: ['card_terminal'],
      door_cap: 80_00,
    });
    const [logged] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'kitchen.settings')).orderBy(auditEvents.id);
    expect(logged).toBeTruthy();
  });

  it('refuses a bad cap or way with 422 and a detail, changing nothing', async () => {
    await settings({ door_cap: 60_00 });
    for (const body of [{ door_cap: 0 }, { door_cap: 100_001 }, { door_cap: 1.5 }, { door_methods: ['cheque'] }, { door_methods: ['cash', 'cash'] }, { door_payment: 'yes' }]) {
      const res = await call('PUT', 'admin/orders/kitchen/settings/', body, staff.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toBeTruthy();
    }
    expect((await call('GET', 'admin/orders/kitchen/settings/', undefined, staff.headers)).json()).toMatchObject({ door_cap: 60_00 });
  });
});

describe('who may pay the courier (issue 46, part 2)', () => {
  it('GET delivery/pay-at-door/ answers 401 anonymous; off until the owner allows it; then only after a delivered paid order', async () => {
    expect((await call('GET', 'delivery/pay-at-door/')).statusCode).toBe(401);
    const fresh = await insertOrderingGuest(t);
    expect(await offer(fresh)).toEqual({ allowed: false, reason: 'door_off', methods: [], cap: 100_00 });
    await allowDoor();
    expect(await offer(fresh)).toEqual({ allowed: false, reason: 'door_not_allowed', methods: ['cash', 'card_terminal'], cap: 50_00 });
    const trusted = await trustedGuest();
    expect(await offer(trusted)).toEqual({ allowed: true, reason: null, methods: ['cash', 'card_terminal'], cap: 50_00 });
  });

  it('refuses, with a detail in both languages and nothing placed: the setting off, no delivered paid order, over the cap, a way not allowed, room service', async () => {
    const trusted = await trustedGuest();
    const before = (await t.database.db.select().from(orders).where(eq(orders.userId, trusted.user.id))).length;
    // The setting off (the house's default).
    expectBothLanguages(await teaAtDoor(trusted), 422, 'door_off');
    await allowDoor({ door_methods: ['cash'] });
    // A guest without a delivered paid order.
    const fresh = await insertOrderingGuest(t);
    expectBothLanguages(await teaAtDoor(fresh), 403, 'door_not_allowed');
    // Over the cap: 13 teas cost 52 BYN, the cap is 50.
    const over = await teaAtDoor(trusted, { items: [{ product_id: String(menu.tea), quantity: 13 }] });
    expectBothLanguages(over, 422, 'door_over_cap');
    expect(over.json()).toMatchObject({ reason: 'door_over_cap', door_cap: 50_00 });
    // A way the owner does not take.
    expectBothLanguages(await teaAtDoor(trusted, { pay_at_door: 'card_terminal' }), 422, 'door_method');
    // Room service has the room's bill, not a courier: refused before the stay is looked at.
    expectBothLanguages(await teaAtDoor(trusted, { address_id: undefined, destination: { kind: 'room', reservation_id: 1 } }), 422, 'door_room');
    // A card and the door at once, or an unknown way: the schema's 422 (another guest: a guest places at most 5 orders a minute).
    expect((await teaAtDoor(fresh, { payment_method_id: fresh.card.publicId })).statusCode).toBe(422);
    expect((await teaAtDoor(fresh, { pay_at_door: 'cheque' })).statusCode).toBe(422);
    expect((await t.database.db.select().from(orders).where(eq(orders.userId, trusted.user.id))).length).toBe(before);
    expect((await t.database.db.select().from(orders).where(eq(orders.userId, fresh.user.id))).length).toBe(0);
  });
});

describe('an order paid at the door (issue 46, part 2)', () => {
  it('is accepted with no charge, shows unpaid at the door on the board and in the ledger, and is settled once by the step delivered', async () => {
    await allowDoor();
    const g = await trustedGuest();
    const checkouts = (await t.database.db.select().from(sandboxCheckouts)).length;
    const res = await teaAtDoor(g);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    // Accepted at once, with no card and no provider call; what it owes is a pending payment at the door.
    expect(await order(id)).toMatchObject({ status: 'accepted', payAtDoor: 'cash', paymentMethodId: null, total: 8_00 });
    expect((await t.database.db.select().from(sandboxCheckouts)).length).toBe(checkouts);
    expect(await doorPayments(id)).toMatchObject([{ status: 'pending', amount: 8_00, doorMethod: 'cash', purpose: 'order' }]);
    const own = orderSchema.parse((await call('GET', `orders/${id}/`, undefined, g.user.headers)).json());
    expect(own).toMatchObject({ status: 'accepted', payment_status: 'at_door', payment_method: null });
    // Payments refuse a card for it: it is accepted already.
    expect((await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card.publicId }, g.user.headers)).statusCode).toBe(409);

    const onBoard = async () => staffOrderListSchema.parse((await call('GET', 'admin/orders/', undefined, staff.headers)).json()).find((o) => o.id === id)!;
    expect((await onBoard()).pay_at_door).toEqual({ method: 'cash', settled: null });
    const ledger = async () => moneyPageSchema.parse((await call('GET', 'admin/payments/', undefined, staff.headers)).json()).entries.find((e) => e.order_id === id)!;
    expect(await ledger()).toMatchObject({ kind: 'order', status: 'pending', provider: 'door', amount: 8_00, door_method: 'cash' });

    for (const from of ['accepted', 'in_progress'] as const) expect((await next(id, from)).statusCode).toBe(200);
    // Delivered without saying how it was paid; a way that does not exist; another amount without a reason: 422, nothing settled.
    expectBothLanguages(await next(id, 'delivering'), 422, 'settle_required');
    expect((await next(id, 'delivering', { method: 'cheque', amount: 8_00 })).statusCode).toBe(422);
    expect((await next(id, 'delivering', { method: 'cash', amount: 0 })).statusCode).toBe(422);
    const short = await next(id, 'delivering', { method: 'cash', amount: 7_00 });
    expectBothLanguages(short, 422, 'settle_amount');
    expect(short.json()).toMatchObject({ total: 8_00 });
    expect((await order(id)).status).toBe('delivering');
    expect(await doorPayments(id)).toMatchObject([{ status: 'pending', amount: 8_00 }]);

    // The courier took it on the terminal, though the guest said cash.
    const done = await next(id, 'delivering', { method: 'card_terminal', amount: 8_00 });
    expect(done.statusCode, done.body).toBe(200);
    const card = staffOrderSchema.parse(done.json());
    expect(card).toMatchObject({ status: 'completed', pay_at_door: { method: 'cash', settled: { method: 'card_terminal', amount: 8_00, reason: null } } });
    expect(await doorPayments(id)).toMatchObject([{ status: 'succeeded', amount: 8_00, doorMethod: 'card_terminal', resolvedBy: staff.id }]);
    expect(await ledger()).toMatchObject({ status: 'succeeded', provider: 'door', amount: 8_00, door_method: 'card_terminal' });
    expect(orderSchema.parse((await call('GET', `orders/${id}/`, undefined, g.user.headers)).json()).payment_status).toBe('paid');
    const [logged] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.target, `order ${id}`), eq(auditEvents.action, 'order.next'))).orderBy(auditEvents.id);
    expect(logged).toBeTruthy();

    // Settling twice: the order is delivered already, the money recorded; nothing changes.
    expect((await next(id, 'delivering', { method: 'cash', amount: 8_00 })).statusCode).toBe(409);
    expect(await doorPayments(id)).toMatchObject([{ status: 'succeeded', doorMethod: 'card_terminal' }]);
  });

  it('takes another amount with the courier’s reason; refuses `door` for an order paid by card or on another step', async () => {
    await allowDoor();
    const g = await trustedGuest();
    const id = await atTheDoor(g);
    const res = await next(id, 'delivering', { method: 'cash', amount: 7_50, reason: 'Гость вернул одну чашку' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await doorPayments(id)).toMatchObject([{ status: 'succeeded', amount: 7_50, resolutionNote: 'Гость вернул одну чашку' }]);

    const other = (await teaAtDoor(g)).json<{ id: number }>().id;
    // `door` on a step before delivery.
    expectBothLanguages(await next(other, 'accepted', { method: 'cash', amount: 8_00 }), 422, 'settle_not_door');
    expect((await order(other)).status).toBe('accepted');
    // An order paid by card has no payment at the door.
    const byCard = await paidByCard(g, ['accepted', 'in_progress']);
    expectBothLanguages(await next(byCard, 'delivering', { method: 'cash', amount: (await order(byCard)).total }), 422, 'settle_not_door');
    expect((await order(byCard)).status).toBe('delivering');
  });

  it('a signed provider notification naming a payment at the door is refused: only the courier’s record settles it', async () => {
    await allowDoor();
    const g = await trustedGuest();
    const id = (await teaAtDoor(g)).json<{ id: number }>().id;
    const [owed] = await doorPayments(id);
    const payload = JSON.stringify({ tracking_id: owed!.id, checkout_id: 'x', status: 'successful', amount: owed!.amount, currency: 'BYN', message: null, card: null });
    const key = (t.app.paymentGateway as SandboxGateway).signingKey;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook/',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(key, payload) },
      payload,
    });
    expect(res.statusCode).toBe(404);
    expect(await doorPayments(id)).toMatchObject([{ status: 'pending' }]);
  });

  it('cancelled before delivery, it owes nothing: its payment at the door is cancelled, nothing refunded', async () => {
    await allowDoor();
    const g = await trustedGuest();
    const res = await teaAtDoor(g);
    const id = res.json<{ id: number }>().id;
    const cancelled = await call('POST', `admin/orders/${id}/cancel/`, { reason: 'Кухня закрылась' }, staff.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(row).toMatchObject({ status: 'canceled', provider: 'door' });
  });

  it('the reports count money taken at the door per day by how, beside card payments, and the order among the restaurant’s sales', async () => {
    await allowDoor();
    const g = await trustedGuest();
    const query = `?from=${hotelToday()}&to=${hotelToday()}`;
    const report = async () => reportPageSchema.parse((await call('GET', `admin/reports/${query}`, undefined, staff.headers)).json());
    const before = await report();
    const id = await atTheDoor(g);
    expect((await next(id, 'delivering', { method: 'cash', amount: 8_00 })).statusCode).toBe(200);
    const terminal = await atTheDoor(g, { pay_at_door: 'card_terminal' });
    expect((await next(terminal, 'delivering', { method: 'card_terminal', amount: 8_00 })).statusCode).toBe(200);
    // Still owed at the door: not money yet.
    await atTheDoor(g);
    const after = await report();
    const today = (page: typeof after) => page.money.by_day.find((day) => day.day === hotelToday())!;
    expect(today(after).door_cash - today(before).door_cash).toBe(8_00);
    expect(today(after).door_terminal - today(before).door_terminal).toBe(8_00);
    expect(today(after).orders).toBe(today(before).orders);
    expect(after.money.summary.current.net - before.money.summary.current.net).toBe(16_00);
    expect(after.restaurant.summary.current.paid - before.restaurant.summary.current.paid).toBe(3);
    // The payments page's totals and the report's agree to the kopeck.
    const page = moneyPageSchema.parse((await call('GET', `admin/payments/?from=${hotelToday()}&to=${hotelToday()}`, undefined, staff.headers)).json());
    expect(page.totals[0]!.net).toBe(today(after).net);
  });
});
