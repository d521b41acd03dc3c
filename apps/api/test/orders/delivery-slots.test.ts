/**
 * Issue 24, points 2 and 3: delivery at a chosen time (30-minute slots with a capacity staff set,
 * never over it under racing orders), the owner's minimum order and free-delivery amount, and dish
 * options priced to the kopeck. Every refusal answers 4xx with a detail and stores nothing. On
 * PGlite and, under `npm run test:pg`, on PostgreSQL (where the racing orders really race).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DELIVERY_DETAILS,
  DELIVERY_FEE_KOPECKS,
  hotelMoment,
  hotelToday,
  kitchenSettingsSchema,
  orderingStateSchema,
  orderSchema,
  staffOrderListSchema,
  type KitchenSettings,
  type OptionGroup,
  type OrderingState,
} from '@hotel/domain';
import { auditEvents, kitchenSettings, orders, products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { captureMail, type SentMail } from '../hotel-fixtures';
import { insertMenu, insertOrderingGuest, type OrderingGuest, type TestMenu, postOrder as postOrderAs } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let staff: TestUser;
let mail: SentMail[];

/** Draniki (9.90 BYN): portion one of small (+0) / large (+3.50); additions up to 2 of sour cream (+1.20), bacon (+2.75), mushrooms (+1.95). */
const dranikiOptions: OptionGroup[] = [
  {
    id: 1,
    name: { ru: 'Порция', en: 'Portion' },
    kind: 'one',
    max: 1,
    options: [
      { id: 2, name: { ru: 'Обычная', en: 'Regular' }, price: 0 },
      { id: 3, name: { ru: 'Большая', en: 'Large' }, price: 3_50 },
    ],
  },
  {
    id: 4,
    name: { ru: 'Добавки', en: 'Additions' },
    kind: 'any',
    max: 2,
    options: [
      { id: 5, name: { ru: 'Сметана', en: 'Sour cream' }, price: 1_20 },
      { id: 6, name: { ru: 'Шкварки', en: 'Bacon' }, price: 2_75 },
      { id: 7, name: { ru: 'Грибы', en: 'Mushrooms' }, price: 1_95 },
    ],
  },
];
/** Soup has one addition group of its own: its ids are not the draniki's. */
const soupOptions: OptionGroup[] = [
  { id: 1, name: { ru: 'Хлеб', en: 'Bread' }, kind: 'any', max: 1, options: [{ id: 9, name: { ru: 'Бородинский', en: 'Rye' }, price: 80 }] },
];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  call = caller(t);
  menu = await insertMenu(t);
  await t.database.db.update(products).set({ optionGroups: dranikiOptions }).where(eq(products.id, menu.draniki));
  await t.database.db.update(products).set({ optionGroups: soupOptions }).where(eq(products.id, menu.soup));
  mail = captureMail(t);
  staff = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Each test starts from the house's defaults, and its slots hold no one else's orders.
  await t.database.db.delete(kitchenSettings);
  await t.database.db.update(orders).set({ status: 'canceled' });
});

/** A slot tomorrow (always offered, whatever the hour of the test), as an ISO moment. */
const tomorrowAt = (time: string) => {
  const tomorrow = new Date(Date.parse(`${hotelToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return hotelMoment(tomorrow, time).toISOString();
};

const settings = async (change: Partial<KitchenSettings>) => {
  const res = await call('PUT', 'admin/orders/kitchen/settings/', change, staff.headers);
  expect(res.statusCode, res.body).toBe(200);
  return kitchenSettingsSchema.parse(res.json());
};

const orderBody = (g: OrderingGuest, change: Record<string, unknown> = {}) => ({
  address_id: g.address,
  payment_method_id: g.card.publicId,
  items: [{ product_id: String(menu.tea), quantity: 5 }],
  ...change,
});
const postOrder = (g: OrderingGuest, change: Record<string, unknown> = {}) => postOrderAs(t, call, orderBody(g, change), g.user.headers);
const ordering = async (): Promise<OrderingState> => orderingStateSchema.parse((await call('GET', 'delivery/ordering/')).json());
const storedOrders = async (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));

/** Refusals, each by a guest of its own (a guest places at most 5 orders a minute); none of them may store an order. */
async function refusedOrders(bodies: Record<string, unknown>[]) {
  const answers = [];
  for (const change of bodies) {
    const g = await insertOrderingGuest(t);
    answers.push(await postOrder(g, change));
    expect(await storedOrders(g.user.id), JSON.stringify(change)).toEqual([]);
  }
  return answers;
}

describe('the kitchen settings (issue 24, point 2)', () => {
  it('start at the house defaults; staff change some fields, the change is logged, the cart reads them', async () => {
    expect(kitchenSettingsSchema.parse((await call('GET', 'admin/orders/kitchen/settings/', undefined, staff.headers)).json())).toEqual({
      lead_minutes: 60,
      slot_capacity: 5,
      min_order: 0,
      free_delivery_from: null,
      delivery_fee: DELIVERY_FEE_KOPECKS,
      door_payment: false,
      door_methods: ['cash', 'card_terminal'],
      door_cap: 100_00,
    });
    expect(await settings({ lead_minutes: 45, free_delivery_from: 80_00 })).toEqual({
      lead_minutes: 45,
      slot_capacity: 5,
      min_order: 0,
      free_delivery_from: 80_00,
      delivery_fee: DELIVERY_FEE_KOPECKS,
      door_payment: false,
      door_methods: ['cash', 'card_terminal'],
      door_cap: 100_00,
    });
    expect(await settings({ min_order: 20_00 })).toMatchObject({ lead_minutes: 45, min_order: 20_00, free_delivery_from: 80_00 });
    const state = await ordering();
    expect(state).toMatchObject({ lead_minutes: 45, min_order: 20_00, free_delivery_from: 80_00, delivery_fee: DELIVERY_FEE_KOPECKS });
    const logged = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'kitchen.settings'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad settings with 422 and a detail, changing nothing', async () => {
    await settings({ slot_capacity: 3 });
    for (const body of [{}, { lead_minutes: 5 }, { lead_minutes: 241 }, { slot_capacity: 0 }, { slot_capacity: 1.5 }, { min_order: -1 }, { free_delivery_from: '10' }, { other: 1 }]) {
      const res = await call('PUT', 'admin/orders/kitchen/settings/', body, staff.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toBeTruthy();
    }
    expect((await call('GET', 'admin/orders/kitchen/settings/', undefined, staff.headers)).json()).toMatchObject({ slot_capacity: 3 });
  });

  it('a guest may neither read nor change them', async () => {
    const g = await insertOrderingGuest(t);
    expect((await call('GET', 'admin/orders/kitchen/settings/', undefined, g.user.headers)).statusCode).toBe(403);
    expect((await call('PUT', 'admin/orders/kitchen/settings/', { slot_capacity: 100 }, g.user.headers)).statusCode).toBe(403);
  });
});

describe('delivery at a chosen time (issue 24, point 2)', () => {
  it('lists the 30-minute slots within the hours, tomorrow all of them from 11:00 to 21:30', async () => {
    const { slots } = await ordering();
    const tomorrow = slots.filter((slot) => slot.day !== hotelToday());
    expect(tomorrow.map((slot) => slot.time)).toEqual(
      Array.from({ length: 22 }, (_, i) => `${String(11 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
    );
    expect(tomorrow.every((slot) => slot.free === 5)).toBe(true);
    // Today's slots start no sooner than the lead time from now.
    for (const slot of slots.filter((s) => s.day === hotelToday())) expect(Date.parse(slot.at)).toBeGreaterThanOrEqual(Date.now() + 60 * 60_000 - 5_000);
  });

  it('an order for a slot keeps it; the board sorts by it and the account and the letter say it', async () => {
    const g = await insertOrderingGuest(t);
    const at = tomorrowAt('18:30');
    const res = await postOrder(g, { deliver_at: at });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const order = orderSchema.parse((await call('GET', `orders/${id}/`, undefined, g.user.headers)).json());
    expect(order.deliver_at).toBe(at);
    const asap = await postOrder(await insertOrderingGuest(t));
    expect(asap.statusCode).toBe(201);
    const board = staffOrderListSchema.parse((await call('GET', 'admin/orders/', undefined, staff.headers)).json());
    const mine = board.find((o) => o.id === id)!;
    expect(mine).toMatchObject({ deliver_at: at, due_at: at });
    const quick = board.find((o) => o.id === asap.json<{ id: number }>().id)!;
    expect(quick.deliver_at).toBeNull();
    // The lead time from when it was placed: created_at is the database's clock at the start of the
    // transaction, due_at the server's a moment later, so they are a few milliseconds apart under load.
    expect(Math.abs(Date.parse(quick.due_at) - Date.parse(quick.created_at) - 60 * 60_000)).toBeLessThan(2_000);
    // The slot has one place fewer.
    expect((await ordering()).slots.find((slot) => slot.at === at)?.free).toBe(4);
    // Paid: the receipt names the slot (18:30–19:00) in the guest's language.
    const paid = await call('POST', 'payments/create/', { order_id: id, payment_method_id: g.card.publicId }, g.user.headers);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await expect.poll(() => mail.find((m) => m.to === g.user.email)?.text ?? '').toContain('18:30–19:00');
  });

  it('refuses a slot that is not offered with 409, the free slots and nothing stored', async () => {
    const dayAfter = new Date(Date.parse(`${hotelToday()}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const outside = [tomorrowAt('22:00'), tomorrowAt('10:30'), tomorrowAt('18:15'), tomorrowAt('21:45'), hotelMoment(dayAfter, '12:00').toISOString(), new Date(Date.now() - 3_600_000).toISOString()];
    for (const res of await refusedOrders(outside.map((at) => ({ deliver_at: at })))) {
      expect(res.statusCode, res.body).toBe(409);
      const refusal = res.json<{ detail: string; reason: string; slots: { at: string }[] }>();
      expect(refusal).toMatchObject({ detail: DELIVERY_DETAILS.slotUnavailable, reason: 'slot_unavailable' });
      expect(refusal.slots.length).toBeGreaterThan(0);
    }
    for (const res of await refusedOrders(['tomorrow', '2026-13-01T10:00:00Z', 1_800_000_000_000, ''].map((bad) => ({ deliver_at: bad })))) {
      expect(res.statusCode, res.body).toBe(422);
    }
  });

  it('racing orders never put more in a slot than its capacity; the rest get 409 with the free slots', async () => {
    await settings({ slot_capacity: 2 });
    const at = tomorrowAt('19:00');
    const guests = await Promise.all(Array.from({ length: 8 }, () => insertOrderingGuest(t)));
    const answers = await Promise.all(guests.map((g) => postOrder(g, { deliver_at: at })));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      const refusal = res.json<{ detail: string; reason: string; slots: { at: string }[] }>();
      expect(refusal).toMatchObject({ detail: DELIVERY_DETAILS.slotFull, reason: 'slot_full' });
      expect(refusal.slots.some((slot) => slot.at === at)).toBe(false);
      expect(refusal.slots.some((slot) => slot.at === tomorrowAt('19:30'))).toBe(true);
    }
    const held = await t.database.db.select().from(orders).where(eq(orders.deliverAt, new Date(at)));
    expect(held.filter((o) => o.status !== 'canceled')).toHaveLength(2);
    // A full slot is not offered; one cancelled order gives its place back.
    expect((await ordering()).slots.some((slot) => slot.at === at)).toBe(false);
    const winner = answers.findIndex((res) => res.statusCode === 201);
    const cancel = await call('POST', `orders/${answers[winner]!.json<{ id: number }>().id}/cancel/`, undefined, guests[winner]!.user.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ordering()).slots.find((slot) => slot.at === at)?.free).toBe(1);
  });
});

describe('minimum order and free delivery (issue 24, point 2)', () => {
  it('refuses dishes below the minimum with 422 and stores nothing; at the minimum the order is placed', async () => {
    await settings({ min_order: 20_00 });
    const g = await insertOrderingGuest(t);
    const below = await postOrder(g, { items: [{ product_id: String(menu.tea), quantity: 4 }] }); // 16.00
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ detail: DELIVERY_DETAILS.belowMinimum(20_00), reason: 'below_minimum', min_order: 20_00 });
    expect(await storedOrders(g.user.id)).toEqual([]);
    expect((await postOrder(g, { items: [{ product_id: String(menu.tea), quantity: 5 }] })).statusCode).toBe(201); // 20.00
  });

  it('prices the delivery: the fee below the free-delivery amount, nothing from it on', async () => {
    await settings({ free_delivery_from: 20_00 });
    const g = await insertOrderingGuest(t);
    const below = await postOrder(g, { items: [{ product_id: String(menu.tea), quantity: 4 }] });
    const from = await postOrder(g, { items: [{ product_id: String(menu.tea), quantity: 5 }] });
    const read = async (res: typeof below) => orderSchema.parse((await call('GET', `orders/${res.json<{ id: number }>().id}/`, undefined, g.user.headers)).json());
    expect((await read(below)).summary).toMatchObject({ items: 16_00, delivery: DELIVERY_FEE_KOPECKS, total: 16_00 + DELIVERY_FEE_KOPECKS });
    expect((await read(from)).summary).toMatchObject({ items: 20_00, delivery: 0, total: 20_00 });
  });
});

describe('the delivery fee is a setting (issue 48, point 13; DEL-24)', () => {
  it('139 BYN until staff change it; the fee staff set prices the next order and the cart reads it, free delivery still wins', async () => {
    expect((await ordering()).delivery_fee).toBe(139_00);
    expect(await settings({ delivery_fee: 25_50 })).toMatchObject({ delivery_fee: 25_50, min_order: 0, free_delivery_from: null });
    expect((await ordering()).delivery_fee).toBe(25_50);
    const g = await insertOrderingGuest(t);
    const placed = await postOrder(g, { expected_total: 20_00 + 25_50 });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse((await call('GET', `orders/${placed.json<{ id: number }>().id}/`, undefined, g.user.headers)).json());
    expect(order.summary).toMatchObject({ items: 20_00, delivery: 25_50, total: 45_50 });
    // The total the guest saw with the old fee is no longer the price: asked again with the new one.
    await settings({ delivery_fee: 0 });
    const stale = await postOrder(g, { expected_total: 20_00 + 25_50 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ total: 20_00 });
    await settings({ delivery_fee: 30_00, free_delivery_from: 20_00 });
    const free = await postOrder(g, { expected_total: 20_00 });
    expect(free.statusCode, free.body).toBe(201);
    const logged = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'kitchen.settings'));
    expect(logged.at(-1)!.after).toMatchObject({ delivery_fee: 30_00 });
  });

  it('refuses a fee that is not 0 to 500 BYN in whole kopecks with 422 and a detail, changing nothing', async () => {
    await settings({ delivery_fee: 99_00 });
    for (const body of [{ delivery_fee: -1 }, { delivery_fee: 500_01 }, { delivery_fee: 12.5 }, { delivery_fee: '139' }, { delivery_fee: null }]) {
      const res = await call('PUT', 'admin/orders/kitchen/settings/', body, staff.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toBeTruthy();
    }
    expect((await ordering()).delivery_fee).toBe(99_00);
  });

  it('a guest or a visitor may not change it', async () => {
    const g = await insertOrderingGuest(t);
    expect((await call('PUT', 'admin/orders/kitchen/settings/', { delivery_fee: 0 }, g.user.headers)).statusCode).toBe(403);
    expect((await call('PUT', 'admin/orders/kitchen/settings/', { delivery_fee: 0 })).statusCode).toBe(401);
    expect((await ordering()).delivery_fee).toBe(139_00);
  });
});

describe('dish options (issue 24, point 3)', () => {
  it('the menu shows a dish with its option groups', async () => {
    const list = (await call('GET', 'delivery/products/')).json<{ id: number; option_groups: OptionGroup[] }[]>();
    expect(list.find((p) => p.id === menu.draniki)!.option_groups).toEqual(dranikiOptions);
    expect(list.find((p) => p.id === menu.tea)!.option_groups).toEqual([]);
  });

  it('prices the options to the kopeck; the same dish with other options is another line', async () => {
    const g = await insertOrderingGuest(t);
    const res = await postOrder(g, {
      items: [
        { product_id: String(menu.draniki), quantity: 3, options: [6, 3, 5] }, // 9.90 + 3.50 + 2.75 + 1.20 = 17.35
        { product_id: String(menu.draniki), quantity: 1, options: [2] }, // 9.90
        { product_id: String(menu.soup), quantity: 2, options: [9] }, // 12.50 + 0.80 = 13.30
      ],
      expected_total: 3 * 17_35 + 9_90 + 2 * 13_30 + DELIVERY_FEE_KOPECKS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse((await call('GET', `orders/${res.json<{ id: number }>().id}/`, undefined, g.user.headers)).json());
    expect(order.items.map((item) => [item.price, item.quantity, item.options.map((o) => o.id)])).toEqual([
      [17_35, 3, [3, 5, 6]],
      [9_90, 1, [2]],
      [13_30, 2, [9]],
    ]);
    expect(order.items[0]!.options.map((o) => o.name.en)).toEqual(['Large', 'Sour cream', 'Bacon']);
    expect(order.summary).toEqual({ items: 3 * 17_35 + 9_90 + 2 * 13_30, delivery: DELIVERY_FEE_KOPECKS, packaging: 0, discount: 0, total: 3 * 17_35 + 9_90 + 2 * 13_30 + DELIVERY_FEE_KOPECKS });
    // The board shows the options too.
    const board = staffOrderListSchema.parse((await call('GET', 'admin/orders/', undefined, staff.headers)).json());
    expect(board.find((o) => o.id === order.id)!.items[0]!.options.map((o) => o.name.ru)).toEqual(['Большая', 'Сметана', 'Шкварки']);
    // The receipt names the options of each dish, in the guest's language, and says "as soon as possible".
    const paid = await call('POST', 'payments/create/', { order_id: order.id, payment_method_id: g.card.publicId }, g.user.headers);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await expect.poll(() => mail.find((m) => m.to === g.user.email)?.text ?? '').toContain('Драники (Большая, Сметана, Шкварки) × 3: 52,05 BYN');
    expect(mail.find((m) => m.to === g.user.email)!.text).toContain('Время доставки: Как можно скорее');
    // A price the guest did not see is asked again (the options count).
    const stale = await postOrder(g, { items: [{ product_id: String(menu.draniki), quantity: 1, options: [3] }], expected_total: 9_90 + DELIVERY_FEE_KOPECKS });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ total: 13_40 + DELIVERY_FEE_KOPECKS });
  });

  it("refuses options that are not the dish's or break a group's rule with 422, storing nothing", async () => {
    const cases: [unknown, string][] = [
      [[2, 9], 'options_unknown'], // 9 is the soup's
      [[2, 999], 'options_unknown'],
      [[2, 3], 'options_too_many'], // two portions
      [[2, 5, 6, 7], 'options_too_many'], // three additions, two allowed
      [[5], 'options_missing'], // no portion
      [[], 'options_missing'],
    ];
    const answers = await refusedOrders(cases.map(([options]) => ({ items: [{ product_id: String(menu.draniki), quantity: 1, options }] })));
    for (const [index, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ reason: string; detail: string }>()).toMatchObject({ reason: cases[index]![1] });
    }
    const [teaWithOption] = await refusedOrders([{ items: [{ product_id: String(menu.tea), quantity: 5, options: [2] }] }]);
    expect(teaWithOption!.json()).toMatchObject({ reason: 'options_unknown' });
    const malformed = [[2, 2], ['2'], [0], [-1], 'large', Array.from({ length: 100 }, (_, i) => i + 1)];
    for (const res of await refusedOrders(malformed.map((options) => ({ items: [{ product_id: String(menu.draniki), quantity: 1, options }] })))) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(/^body\.items/);
    }
  });

  it('staff save option groups in the dish dialog: new options get ids, kept ones keep theirs', async () => {
    const created = await call(
      'POST',
      'admin/menu/products/',
      {
        name: { ru: 'Колдуны', en: 'Kalduny' },
        description: 'С мясом',
        price: 14_00,
        category_id: (await t.database.db.select().from(products).where(eq(products.id, menu.tea)))[0]!.categoryId,
        option_groups: [{ name: { ru: 'Порция', en: 'Portion' }, kind: 'one', options: [{ name: 'Обычная', price: 0 }, { name: { ru: 'Большая', en: 'Large' }, price: 4_00 }] }],
      },
      staff.headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const dish = created.json<{ id: number; option_groups: OptionGroup[] }>();
    expect(dish.option_groups).toEqual([
      { id: 1, name: { ru: 'Порция', en: 'Portion' }, kind: 'one', max: 1, options: [{ id: 2, name: { ru: 'Обычная', en: '' }, price: 0 }, { id: 3, name: { ru: 'Большая', en: 'Large' }, price: 4_00 }] },
    ]);
    const updated = await call(
      'PUT',
      `admin/menu/products/${dish.id}/`,
      {
        option_groups: [
          { id: 1, name: 'Порция', kind: 'one', options: [{ id: 3, name: 'Большая', price: 4_50 }] },
          { name: 'Добавки', kind: 'any', max: 2, options: [{ name: 'Сметана', price: 1_00 }] },
        ],
      },
      staff.headers,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const groups = updated.json<{ option_groups: OptionGroup[] }>().option_groups;
    expect(groups.map((g) => [g.id, g.kind, g.max, g.options.map((o) => [o.id, o.price])])).toEqual([
      [1, 'one', 1, [[3, 4_50]]],
      [4, 'any', 2, [[5, 1_00]]],
    ]);
    for (const option_groups of [
      [{ name: 'Пусто', kind: 'any', options: [] }],
      [{ name: 'Цена', kind: 'one', options: [{ name: 'x', price: -1 }] }],
      [{ name: 'Вид', kind: 'some', options: [{ name: 'x', price: 0 }] }],
      [{ name: '', kind: 'one', options: [{ name: 'x', price: 0 }] }],
      Array.from({ length: 6 }, () => ({ name: 'Группа', kind: 'any', options: [{ name: 'x', price: 0 }] })),
    ]) {
      const res = await call('PUT', `admin/menu/products/${dish.id}/`, { option_groups }, staff.headers);
      expect(res.statusCode, JSON.stringify(option_groups)).toBe(422);
    }
  });
});
