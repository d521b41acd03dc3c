/**
 * Room service (issue 24, point 4; docs/decisions/042-room-service.md): a guest whose stay is in
 * progress orders to the room, with no delivery fee, and pays through the usual order payment; the
 * board and the letters name the room. Outside a stay, for another user's stay, or arriving after
 * check-out, the order is refused and nothing is stored. On PGlite and, under `npm run test:pg`,
 * on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_FEE_KOPECKS,
  hotelMoment,
  orderSchema,
  ROOM_SERVICE_DETAILS,
  roomServiceStaysSchema,
  staffOrderListSchema,
  type Order,
} from '@hotel/domain';
import { orders, reservations, rooms } from '../../src/db/schema';
import { createOrder, roomServiceStays } from '../../src/modules/orders/orders';
import { createTestApp, type TestApp } from '../app';
import { captureMail, day, insertReservation, type SentMail } from '../hotel-fixtures';
import { insertCard, insertMenu, insertOrderingGuest, type OrderingGuest, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let staff: TestUser;
let mail: SentMail[];
let roomCount = 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  call = caller(t);
  menu = await insertMenu(t);
  mail = captureMail(t);
  staff = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

/** A room of its own for each stay, so no two stays of the tests overlap in one room. */
async function insertRoom(): Promise<{ id: number; name: { ru: string; en: string } }> {
  roomCount += 1;
  const name = { ru: `Номер ${roomCount}`, en: `Room ${roomCount}` };
  const [row] = await t.database.db
    .insert(rooms)
    .values({ slug: `room-service-${roomCount}`, position: 10 + roomCount, name, description: { ru: 'Описание', en: 'About' }, price: 200_00, primaryCapacity: 2, extraCapacity: 0, roomSize: 20 })
    .returning({ id: rooms.id });
  await t.app.dataVersions.caughtUp();
  return { id: row!.id, name };
}

interface Stay {
  id: number;
  room: { id: number; name: { ru: string; en: string } };
}

/** A stay of the guest's, from `arrival` to `departure` days from today, guaranteed by `cardId`. */
async function insertStay(userId: number, arrival: number, departure: number, change: { cardId?: number; canceled?: boolean; noShow?: boolean } = {}): Promise<Stay> {
  const room = await insertRoom();
  const id = await insertReservation(t, { userId, roomId: room.id, arrival: day(arrival), departure: day(departure), canceled: change.canceled ?? false });
  await t.database.db
    .update(reservations)
    .set({ paymentMethodId: change.cardId ?? null, noShowAt: change.noShow ? new Date() : null })
    .where(eq(reservations.id, id));
  return { id, room };
}

const toRoom = (g: OrderingGuest, reservationId: number, change: Record<string, unknown> = {}) => ({
  destination: { kind: 'room', reservation_id: reservationId },
  payment_method_id: g.card.publicId,
  items: [{ product_id: String(menu.soup), quantity: 2 }],
  comment: 'Без лука',
  ...change,
});

const ordersOf = (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));

async function placeToRoom(g: OrderingGuest, reservationId: number, change: Record<string, unknown> = {}): Promise<Order> {
  const res = await postOrder(t, call, toRoom(g, reservationId, change), g.user.headers);
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse((await call('GET', `orders/${res.json<{ id: number }>().id}/`, undefined, g.user.headers)).json());
}

describe('who may ask for the stays and order to a room (issue 24)', () => {
  it('an anonymous visitor gets 401 from GET delivery/room-service/ and POST orders/ to a room', async () => {
    expect((await call('GET', 'delivery/room-service/')).statusCode).toBe(401);
    expect((await postOrder(t, call, { destination: { kind: 'room', reservation_id: 1 } })).statusCode).toBe(401);
  });

  it("another user's stay in progress is unknown: 404, nothing stored, and not listed", async () => {
    const owner = await insertOrderingGuest(t);
    const stay = await insertStay(owner.user.id, -1, 2);
    const other = await insertOrderingGuest(t);
    const res = await postOrder(t, call, toRoom(other, stay.id), other.user.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: ROOM_SERVICE_DETAILS.notFound });
    expect(await ordersOf(other.user.id)).toEqual([]);
    expect((await call('GET', 'delivery/room-service/', undefined, other.user.headers)).json()).toEqual({ stays: [] });
    // An id no reservation has answers the same.
    expect((await postOrder(t, call, toRoom(other, 2_000_000_000), other.user.headers)).statusCode).toBe(404);
  });
});

describe('bad input to POST orders/ (issue 24)', () => {
  it('a destination and an address at once, neither, another kind, a bad id: 422 with a detail, nothing stored', async () => {
    const g = await insertOrderingGuest(t);
    const stay = await insertStay(g.user.id, -1, 1);
    for (const change of [
      { address_id: g.address },
      { destination: undefined },
      { destination: { kind: 'address', reservation_id: stay.id } },
      { destination: { kind: 'room', reservation_id: String(stay.id) } },
      { destination: { kind: 'room', reservation_id: -1 } },
      { destination: { kind: 'room' } },
      { destination: { kind: 'room', reservation_id: stay.id, room: 'Люкс' } },
      { destination: 'room' },
    ]) {
      // A guest of their own each time: a guest may place 5 orders a minute, refused ones too.
      const caller = { ...g, user: (await insertOrderingGuest(t)).user };
      const res = await postOrder(t, call, toRoom(g, stay.id, change), caller.user.headers);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json<{ detail: string }>().detail, JSON.stringify(change)).toBeTruthy();
      expect(await ordersOf(caller.user.id)).toEqual([]);
    }
  });
});

describe('room service only during a stay in progress (issue 24)', () => {
  it('lists the stays in progress with their room and card; not one to come, ended, cancelled or a no-show', async () => {
    const g = await insertOrderingGuest(t);
    const staying = await insertStay(g.user.id, -2, 1, { cardId: g.card.id });
    await insertStay(g.user.id, 1, 3);
    await insertStay(g.user.id, -4, -1);
    await insertStay(g.user.id, -1, 2, { canceled: true });
    await insertStay(g.user.id, -1, 2, { noShow: true });
    const res = await call('GET', 'delivery/room-service/', undefined, g.user.headers);
    expect(res.statusCode).toBe(200);
    expect(roomServiceStaysSchema.parse(res.json())).toEqual({
      stays: [
        {
          reservation_id: staying.id,
          room: staying.room.name,
          check_out_at: hotelMoment(day(1), '12:00').toISOString(),
          payment_method_id: g.card.publicId,
        },
      ],
    });
  });

  it('refuses a stay to come, one ended, a cancelled one and a no-show: 422 not_staying, nothing stored', async () => {
    const g = await insertOrderingGuest(t);
    for (const stay of [
      await insertStay(g.user.id, 1, 3),
      await insertStay(g.user.id, -4, -1),
      await insertStay(g.user.id, -1, 2, { canceled: true }),
      await insertStay(g.user.id, -1, 2, { noShow: true }),
    ]) {
      const res = await postOrder(t, call, toRoom(g, stay.id), g.user.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: ROOM_SERVICE_DETAILS.notStaying, reason: 'not_staying' });
    }
    expect(await ordersOf(g.user.id)).toEqual([]);
  });

  it('on the arrival day from check-in at 14:00, on the departure day until check-out at 12:00, and arriving before it', async () => {
    const g = await insertOrderingGuest(t);
    const stay = await insertStay(g.user.id, 0, 2);
    const place = (now: Date, deliverAt?: Date) =>
      createOrder(t.app.db, {
        userId: g.user.id,
        destination: { kind: 'room', reservationId: stay.id },
        paymentMethodId: g.card.publicId,
        items: [{ product_id: menu.tea, quantity: 1 }],
        comment: '',
        // One tea to the room: 4.00 BYN, no delivery fee.
        expectedTotal: 4_00,
        deliverAt,
        now,
      });
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { statusCode: number; extra?: { reason?: string } }) => [error.statusCode, error.extra?.reason]);
    const at = (offset: number, time: string) => hotelMoment(day(offset), time);

    expect(await refusal(place(at(0, '13:59')))).toEqual([422, 'not_staying']);
    expect(await roomServiceStays(t.app.db, g.user.id, at(0, '13:59'))).toEqual([]);
    expect(await refusal(place(at(0, '14:00')))).toBeNull();
    expect((await roomServiceStays(t.app.db, g.user.id, at(0, '14:00'))).map((s) => s.id)).toEqual([stay.id]);
    // The departure day: before check-out, when the order arrives in time (the lead time is 60 minutes)…
    expect(await refusal(place(at(2, '10:59')))).toBeNull();
    // …not when it would arrive after check-out, nor once the guest has checked out.
    expect(await refusal(place(at(2, '11:30')))).toEqual([422, 'after_check_out']);
    expect(await refusal(place(at(2, '12:00')))).toEqual([422, 'not_staying']);
    expect(await roomServiceStays(t.app.db, g.user.id, at(2, '12:00'))).toEqual([]);
    expect((await ordersOf(g.user.id)).length).toBe(2);
  });

  it('a slot after check-out is refused (after_check_out); one before it is taken', async () => {
    const g = await insertOrderingGuest(t);
    const stay = await insertStay(g.user.id, -1, 1);
    const late = await postOrder(t, call, toRoom(g, stay.id, { deliver_at: hotelMoment(day(1), '13:00').toISOString() }), g.user.headers);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ detail: ROOM_SERVICE_DETAILS.afterCheckOut, reason: 'after_check_out' });
    const early = await placeToRoom(g, stay.id, { deliver_at: hotelMoment(day(1), '11:00').toISOString() });
    expect(early.deliver_at).toBe(hotelMoment(day(1), '11:00').toISOString());
  });
});

describe('an order to the room (issue 24)', () => {
  it('has no delivery fee, keeps the room, is paid with the stay’s card, and the board and the receipt name the room', async () => {
    const g = await insertOrderingGuest(t);
    const stay = await insertStay(g.user.id, -1, 2, { cardId: g.card.id });
    const order = await placeToRoom(g, stay.id, { expected_total: 25_00 });
    expect(order.summary).toEqual({ items: 25_00, delivery: 0, packaging: 0, discount: 0, total: 25_00 });
    expect(order.price).toBe(25_00);
    expect(order.room).toEqual({ reservation_id: stay.id, name: stay.room.name });
    expect(order.address.id).toBeNull();
    const [row] = await ordersOf(g.user.id);
    expect(row).toMatchObject({ reservationId: stay.id, roomName: stay.room.name, addressId: null, deliveryFee: 0, total: 25_00 });

    // The one payment path of orders: POST payments/create/ with the card the cart chose.
    const paid = await call('POST', 'payments/create/', { order_id: order.id, payment_method_id: g.card.publicId }, g.user.headers);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const after = orderSchema.parse((await call('GET', `orders/${order.id}/`, undefined, g.user.headers)).json());
    expect(after).toMatchObject({ status: 'accepted', payment_status: 'paid', price: 25_00, room: order.room });

    const board = staffOrderListSchema.parse((await call('GET', 'admin/orders/', undefined, staff.headers)).json());
    expect(board.find((o) => o.id === order.id)).toMatchObject({ room: { reservation_id: stay.id, name: stay.room.name }, total: 25_00 });
    const receipt = mail.findLast((letter) => letter.to === g.user.email);
    expect(receipt?.text).toContain(`Обслуживание в номере: ${stay.room.name.ru}`);
  });

  it('another saved card of the guest pays it too; an order to an address still carries the fee', async () => {
    const g = await insertOrderingGuest(t);
    const other = await insertCard(t, g.user.id, { last4: '1111' });
    const stay = await insertStay(g.user.id, -1, 2, { cardId: g.card.id });
    const order = await placeToRoom(g, stay.id, { payment_method_id: other.publicId });
    const paid = await call('POST', 'payments/create/', { order_id: order.id, payment_method_id: other.publicId }, g.user.headers);
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const after = orderSchema.parse((await call('GET', `orders/${order.id}/`, undefined, g.user.headers)).json());
    expect(after.payment_method?.card_last4).toBe('1111');

    const res = await postOrder(t, call, { address_id: g.address, payment_method_id: g.card.publicId, items: [{ product_id: String(menu.soup), quantity: 2 }] }, g.user.headers);
    expect(res.statusCode, res.body).toBe(201);
    const toAddress = orderSchema.parse((await call('GET', `orders/${res.json<{ id: number }>().id}/`, undefined, g.user.headers)).json());
    expect(toAddress.summary.delivery).toBe(DELIVERY_FEE_KOPECKS);
    expect(toAddress.room).toBeNull();
  });

  it('cannot be sent to an address afterwards (409), its comment may change', async () => {
    const g = await insertOrderingGuest(t);
    const stay = await insertStay(g.user.id, -1, 2);
    const order = await placeToRoom(g, stay.id);
    const moved = await call('PUT', `orders/${order.id}/`, { address_id: g.address }, g.user.headers);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ detail: ROOM_SERVICE_DETAILS.roomOrderAddress });
    const commented = await call('PUT', `orders/${order.id}/`, { comment: 'Постучать' }, g.user.headers);
    expect(commented.statusCode).toBe(200);
    expect(orderSchema.parse(commented.json())).toMatchObject({ comment: 'Постучать', room: order.room, summary: { delivery: 0 } });
  });

  it("the owner's minimum order still applies to the room (below_minimum)", async () => {
    const g = await insertOrderingGuest(t);
    const stay = await insertStay(g.user.id, -1, 2);
    const set = await call('PUT', 'admin/orders/kitchen/settings/', { min_order: 30_00 }, staff.headers);
    expect(set.statusCode, set.body).toBe(200);
    try {
      const res = await postOrder(t, call, toRoom(g, stay.id), g.user.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ reason: 'below_minimum', min_order: 30_00 });
      expect(await ordersOf(g.user.id)).toEqual([]);
    } finally {
      await call('PUT', 'admin/orders/kitchen/settings/', { min_order: 0 }, staff.headers);
    }
  });
});
