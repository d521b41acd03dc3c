import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, type PaymentMethod } from '@hotel/domain';
import { paymentMethods, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let rooms: TestRooms;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  call = caller(t);
  rooms = await insertRooms(t);
});
afterAll(async () => {
  await t?.close();
});

const list = async (user: TestUser) => (await call('GET', 'account/payments/methods/', undefined, user.headers)).json<PaymentMethod[]>();
const primaryIds = async (user: TestUser) => (await list(user)).filter((c) => c.primary).map((c) => c.payment_method_id);
const unknownId = '7d3b7a52-1d5a-4c8e-9a43-0e7c8f7c2f10';

describe('who may call the card routes (API-19, API-20, API-21)', () => {
  it('an anonymous visitor gets 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', 'account/payments/methods/'],
      ['POST', 'account/payments/methods/'],
      ['POST', `account/payments/methods/${unknownId}/set_primary/`],
      ['DELETE', `account/payments/methods/${unknownId}/`],
    ] as const) {
      expect((await call(method, url, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("another user's card answers 404 and stays as it was", async () => {
    const owner = await createUser(t);
    const card = await insertCard(t, owner.id, { primary: true });
    const other = await createUser(t);
    expect((await call('POST', `account/payments/methods/${card.publicId}/set_primary/`, undefined, other.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `account/payments/methods/${card.publicId}/`, undefined, other.headers)).statusCode).toBe(404);
    expect(await list(other)).toEqual([]);
    expect(await primaryIds(owner)).toEqual([card.publicId]);
  });
});

describe('account/payments/methods/ (API-19, API-20, API-21, ACC-42, ACC-43, ACC-44)', () => {
  it('lists the saved cards by their last four digits, primary first; cards not saved are left out', async () => {
    const user = await createUser(t);
    const visa = await insertCard(t, user.id, { last4: '4242' });
    const master = await insertCard(t, user.id, { last4: '4444', primary: true });
    await insertCard(t, user.id, { status: 'pending' });
    await insertCard(t, user.id, { status: 'canceled' });
    const cards = await list(user);
    expect(cards.map((c) => [c.payment_method_id, c.card_last4, c.primary, c.status])).toEqual([
      [master.publicId, '4444', true, 'succeeded'],
      [visa.publicId, '4242', false, 'succeeded'],
    ]);
    expect(cards[0]).toMatchObject({ id: master.id, brand: 'visa', exp_month: 12, exp_year: 2030 });
    // The token that charges a card never leaves the server.
    expect(JSON.stringify(cards)).not.toContain('sandbox_');

    // GET account/ carries them for checkout (API-14).
    const account = accountSchema.parse((await call('GET', 'account/', undefined, user.headers)).json());
    expect(account.payment_methods.map((c) => c.card_last4)).toEqual(['4444', '4242']);
  });

  it('POST starts adding a card, as payments/methods/init/ does', async () => {
    const user = await createUser(t);
    const res = await call('POST', 'account/payments/methods/', { return_path: '/account/payments' }, user.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ confirmation_url: expect.stringMatching(/\/api\/v1\/payments\/sandbox\//), payment_method_id: expect.any(String) });
    expect(await list(user)).toEqual([]);
  });

  it('API-20: set_primary makes that card the only primary one', async () => {
    const user = await createUser(t);
    const first = await insertCard(t, user.id, { primary: true });
    const second = await insertCard(t, user.id);
    const res = await call('POST', `account/payments/methods/${second.publicId}/set_primary/`, undefined, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payment_method_id: second.publicId, primary: true });
    expect(await primaryIds(user)).toEqual([second.publicId]);
    expect((await list(user))[1]!.payment_method_id).toBe(first.publicId);
  });

  it('API-21: DELETE removes that card; removing the primary one promotes the oldest remaining', async () => {
    const user = await createUser(t);
    const first = await insertCard(t, user.id, { primary: true });
    const second = await insertCard(t, user.id);
    const third = await insertCard(t, user.id);
    const res = await call('DELETE', `account/payments/methods/${first.publicId}/`, undefined, user.headers);
    expect(res.statusCode).toBe(204);
    expect((await list(user)).map((c) => c.payment_method_id)).toEqual([second.publicId, third.publicId]);
    expect(await primaryIds(user)).toEqual([second.publicId]);
    expect((await call('DELETE', `account/payments/methods/${first.publicId}/`, undefined, user.headers)).statusCode).toBe(404);
  });

  it('refuses to remove a card that guarantees a booking not yet over, but not one of a past stay', async () => {
    const user = await createUser(t);
    const card = await insertCard(t, user.id, { primary: true });
    const id = await insertReservation(t, { userId: user.id, roomId: rooms.double, arrival: day(30), departure: day(32) });
    await t.database.db.update(reservations).set({ paymentMethodId: card.id }).where(eq(reservations.id, id));
    const res = await call('DELETE', `account/payments/methods/${card.publicId}/`, undefined, user.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'This card guarantees a booking and cannot be removed' });

    await t.database.db.update(reservations).set({ canceledAt: new Date() }).where(eq(reservations.id, id));
    expect((await call('DELETE', `account/payments/methods/${card.publicId}/`, undefined, user.headers)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(reservations).where(eq(reservations.id, id));
    expect(row!.paymentMethodId).toBeNull();

    // A stay that ends today is over for its card, as one that ended before.
    for (const [arrival, departure] of [
      [day(-5), day(-3)],
      [day(-2), day(0)],
    ] as const) {
      const past = await insertCard(t, user.id);
      const pastId = await insertReservation(t, { userId: user.id, roomId: rooms.single, arrival, departure });
      await t.database.db.update(reservations).set({ paymentMethodId: past.id }).where(eq(reservations.id, pastId));
      expect((await call('DELETE', `account/payments/methods/${past.publicId}/`, undefined, user.headers)).statusCode, `${arrival}..${departure}`).toBe(204);
    }
  });

  it('answers a card that is not saved with 404 and a malformed id with 422', async () => {
    const user = await createUser(t);
    const pending = await insertCard(t, user.id, { status: 'pending' });
    expect((await call('POST', `account/payments/methods/${pending.publicId}/set_primary/`, undefined, user.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `account/payments/methods/${unknownId}/`, undefined, user.headers)).statusCode).toBe(404);
    expect((await call('DELETE', 'account/payments/methods/42/', undefined, user.headers)).statusCode).toBe(422);
    expect((await call('POST', `account/payments/methods/${pending.publicId}/set_primary/`, { primary: true }, user.headers)).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, pending.id));
    expect(row!.isPrimary).toBe(false);
  });
});
