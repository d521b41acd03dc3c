/**
 * A declined card is paused for DECLINED_CARD_PAUSE_SECONDS per card and guest, whatever it was
 * paying: an order or a non-refundable stay (issue 42, point 2; docs/decisions/025-payments-hardening.md).
 * The pause is read from the payments table under a lock of the card's row, so it holds across
 * racing requests and across server instances. The race runs on PostgreSQL too, where PGlite's
 * one-at-a-time execution cannot hide a missing lock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD_PAUSE_SECONDS, type PaymentCreated, type Reservation } from '@hotel/domain';
import { payments, reservations, rooms, sandboxCheckouts } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertAddress, insertCard, insertMenu, postOrder, type TestMenu } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let roomIds: TestRooms;
let menu: TestMenu;
let nextDay = 40;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', PGLITE_QUEUE_WAIT_MS: '20000' });
  call = caller(t);
  roomIds = await insertRooms(t);
  menu = await insertMenu(t);
  // The double (250 BYN a night) offers 10 % off: three nights at the non-refundable rate are 675 BYN.
  await t.database.db.update(rooms).set({ nonRefundablePercent: 10 }).where(eq(rooms.id, roomIds.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});

const PAUSED = /^This card was declined a moment ago; try another card or try again in \d+ s$/;

function nextStay() {
  const arrival = day(nextDay);
  nextDay += 4;
  return { arrival, departure: day(nextDay - 1) };
}

const decliningCard = (user: TestUser) => insertCard(t, user.id, { last4: '0002', token: `sandbox_decline_0002_${'a'.repeat(24)}` });

const bookNonRefundable = (user: TestUser, card: string, stay: { arrival: string; departure: string }) =>
  call('POST', 'hotel/reservations/', { room_id: roomIds.double, ...stay, payment_method_id: card, rate: 'non_refundable', expected_total: 675_00 }, user.headers);

/** The provider calls made for a guest: one sandbox checkout per charge it heard of. */
async function providerCalls(userId: number) {
  const rows = await t.database.db.select().from(payments).where(eq(payments.userId, userId));
  if (rows.length === 0) return [];
  return t.database.db.select().from(sandboxCheckouts).where(inArray(sandboxCheckouts.trackingId, rows.map((row) => row.id)));
}

async function placeOrder(user: TestUser, card: string): Promise<number> {
  const address = await insertAddress(t, user.id);
  const res = await postOrder(t, call, { address_id: address, payment_method_id: card, items: [{ product_id: String(menu.soup), quantity: 1 }] }, user.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const payOrder = (user: TestUser, orderId: number, card: string) => call('POST', 'payments/create/', { order_id: orderId, payment_method_id: card }, user.headers);

describe('a declined card is paused for stays as for orders, per card and guest (issue 42, point 2)', () => {
  it('twenty identical non-refundable bookings with a declining card reach the provider once; nothing stays booked', async () => {
    const user = await createUser(t);
    const card = await decliningCard(user);
    const stay = nextStay();
    const answers = await Promise.all(Array.from({ length: 20 }, () => bookNonRefundable(user, card.publicId, stay)));
    for (const res of answers) {
      // The one that was charged is declined (402); the others met the room taken or the card paused.
      expect([402, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json<{ detail: string }>().detail).toMatch(/^(This card was declined a moment ago; try another card or try again in \d+ s|Room is no longer available for these dates)$/);
    }
    expect(answers.filter((res) => res.statusCode === 402)).toHaveLength(1);
    expect(await providerCalls(user.id)).toHaveLength(1);
    // Nothing holds the room: every booking written was released.
    const live = await t.database.db.select().from(reservations).where(and(eq(reservations.userId, user.id)));
    expect(live.every((row) => row.canceledAt !== null)).toBe(true);
    expect((await call('GET', 'hotel/reservations/', undefined, user.headers)).json<Reservation[]>()).toHaveLength(0);
  });

  it('a card declined for an order is paused for a stay: 409 saying so, nothing charged, nothing booked; another card books at once', async () => {
    const user = await createUser(t);
    const card = await decliningCard(user);
    const orderId = await placeOrder(user, card.publicId);
    expect((await payOrder(user, orderId, card.publicId)).json<PaymentCreated>().status).toBe('canceled');

    const stay = nextStay();
    const refused = await bookNonRefundable(user, card.publicId, stay);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(PAUSED);
    expect(await providerCalls(user.id)).toHaveLength(1);
    expect((await call('GET', 'hotel/reservations/', undefined, user.headers)).json<Reservation[]>()).toHaveLength(0);

    const good = await insertCard(t, user.id);
    expect((await bookNonRefundable(user, good.publicId, stay)).statusCode).toBe(201);
  });

  it('a card declined for a stay is paused for an order; once the pause is over it may be tried again', async () => {
    const user = await createUser(t);
    const card = await decliningCard(user);
    expect((await bookNonRefundable(user, card.publicId, nextStay())).statusCode).toBe(402);
    const orderId = await placeOrder(user, card.publicId);
    const refused = await payOrder(user, orderId, card.publicId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(PAUSED);
    expect(await providerCalls(user.id)).toHaveLength(1);

    await t.database.db
      .update(payments)
      .set({ settledAt: new Date(Date.now() - (DECLINED_CARD_PAUSE_SECONDS + 1) * 1000) })
      .where(eq(payments.userId, user.id));
    expect((await payOrder(user, orderId, card.publicId)).json<PaymentCreated>().status).toBe('canceled');
    expect(await providerCalls(user.id)).toHaveLength(2);
  });
});
