/**
 * Idempotency-Key on the creating requests (API-29, API-37): a booking or an order whose answer
 * was lost is sent again with the same key and gets the first answer again, not a second one and
 * not "room no longer available" about itself.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { captureMail, day, insertRooms, type SentMail, type TestRooms } from '../hotel-fixtures';
import { insertAddress, insertCard, insertMenu, type TestMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let rooms: TestRooms;
let menu: TestMenu;
let mail: SentMail[];
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  rooms = await insertRooms(t);
  menu = await insertMenu(t);
  mail = captureMail(t);
});
afterAll(async () => {
  await t?.close();
});

/** A booking needs the user's guarantee card (CON-05). */
const cardOf = async (user: TestUser) => (await insertCard(t, user.id)).publicId;

const liveStays = (userId: number) =>
  t.database.db.select().from(reservations).where(and(eq(reservations.userId, userId), isNull(reservations.canceledAt)));

describe('booking with an Idempotency-Key (API-29)', () => {
  it('a retry gets the first answer again: one reservation, one letter', async () => {
    const user = await createUser(t);
    const body = { room_id: rooms.double, arrival: day(20), departure: day(22), payment_method_id: await cardOf(user) };
    const headers = { ...user.headers, 'idempotency-key': 'booking-7f3a' };
    const first = await call('POST', 'hotel/reservations/', body, headers);
    expect(first.statusCode).toBe(201);
    const lettersAfterFirst = mail.length;

    const retry = await call('POST', 'hotel/reservations/', body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await liveStays(user.id)).toHaveLength(1);
    expect(mail).toHaveLength(lettersAfterFirst);

    // Without the key the same request is a new booking, refused for the nights it already holds.
    const fresh = await call('POST', 'hotel/reservations/', body, user.headers);
    expect(fresh.statusCode).toBe(409);
  });

  it('the same key with another body is refused; another user may use the same key', async () => {
    const user = await createUser(t);
    const card = await cardOf(user);
    const headers = { ...user.headers, 'idempotency-key': 'same-key' };
    expect((await call('POST', 'hotel/reservations/', { room_id: rooms.single, arrival: day(30), departure: day(31), payment_method_id: card }, headers)).statusCode).toBe(201);
    const other = await call('POST', 'hotel/reservations/', { room_id: rooms.single, arrival: day(33), departure: day(34), payment_method_id: card }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: 'Idempotency-Key was already used for another request' });

    const someoneElse = await createUser(t);
    const theirs = await call(
      'POST',
      'hotel/reservations/',
      { room_id: rooms.single, arrival: day(33), departure: day(34), payment_method_id: await cardOf(someoneElse) },
      { ...someoneElse.headers, 'idempotency-key': 'same-key' },
    );
    expect(theirs.statusCode).toBe(201);
  });

  it('a booking that failed frees its key for a retry', async () => {
    const user = await createUser(t);
    const headers = { ...user.headers, 'idempotency-key': 'retry-after-failure' };
    const taken = { room_id: rooms.family, arrival: day(40), departure: day(41), payment_method_id: await cardOf(user) };
    const blocker = await createUser(t);
    expect((await call('POST', 'hotel/reservations/', { ...taken, payment_method_id: await cardOf(blocker) }, blocker.headers)).statusCode).toBe(201);
    expect((await call('POST', 'hotel/reservations/', taken, headers)).statusCode).toBe(409);
    await t.database.db.update(reservations).set({ canceledAt: new Date() }).where(eq(reservations.userId, blocker.id));
    expect((await call('POST', 'hotel/reservations/', taken, headers)).statusCode).toBe(201);
  });

  it('ten copies sent at once make one reservation, and every copy answers it or says it is under way', async () => {
    const user = await createUser(t);
    const body = { room_id: rooms.double, arrival: day(50), departure: day(51), payment_method_id: await cardOf(user) };
    const headers = { ...user.headers, 'idempotency-key': 'burst-1' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', 'hotel/reservations/', body, headers)));
    const created = answers.filter((res) => res.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((res) => res.json().id)).size).toBe(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'A request with this Idempotency-Key is under way' });
    }
    expect(await liveStays(user.id)).toHaveLength(1);
  });

  it('refuses a key that is not 1 to 100 visible characters', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(60), departure: day(61), payment_method_id: await cardOf(user) }, {
      ...user.headers,
      'idempotency-key': 'k'.repeat(101),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('headers.idempotency-key: Idempotency-Key must be 1 to 100 visible ASCII characters');
  });
});

describe('ordering with an Idempotency-Key (API-37)', () => {
  it('a retry answers the first order and places no second one', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id);
    const body = {
      address_id: await insertAddress(t, user.id),
      payment_method_id: card.publicId,
      items: [{ product_id: String(menu.soup), quantity: 1 }],
    };
    const headers = { ...user.headers, 'idempotency-key': 'order-1' };
    const first = await postOrder(t, call, body, headers);
    expect(first.statusCode).toBe(201);
    const retry = await postOrder(t, call, body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });
});
