/**
 * Guessing promo codes (issue 42, point 11; decision 043): only an activated account checks codes;
 * every code a guest cannot use gets one answer, whether it is unknown, inactive, expired or used
 * up, unless it has been valid for them; unusable codes are limited per account and per client
 * address with a growing wait, on checks, bookings and orders alike, and concurrent guesses do not
 * slip past the limit. Runs on PGlite, and on PostgreSQL with DATABASE_URL (where the concurrent
 * test proves the count is taken in turn).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PromoCodeView } from '@hotel/domain';
import { promoCodeUses, promoGuesses, reservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, setLanguage, type TestRooms } from '../hotel-fixtures';
import { insertCard, insertMenu, insertOrderingGuest, withExpectedTotal, type TestMenu } from '../order-fixtures';
import type { Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

const PER_ACCOUNT = 10;
const PER_ADDRESS = 25;

let t: TestApp;
let rooms: TestRooms;
let menu: TestMenu;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', PROMO_GUESSES_PER_ACCOUNT: String(PER_ACCOUNT), PROMO_GUESSES_PER_ADDRESS: String(PER_ADDRESS) });
  rooms = await insertRooms(t);
  menu = await insertMenu(t);
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** A caller from a client address of its own, so that each test has its own address's count. */
function fromNewAddress(): Caller {
  const remoteAddress = `10.42.0.${++addresses}`;
  return (method, url, body, headers = {}) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { ...t.headers, ...headers }, remoteAddress, ...(body === undefined ? {} : { payload: body as object }) });
}

let serial = 0;
async function createCode(fields: Record<string, unknown> = {}): Promise<PromoCodeView> {
  const res = await fromNewAddress()('POST', 'admin/promo/', { code: `GUESS${++serial}`, kind: 'percent', value: 10, scope: 'both', ...fields }, admin.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PromoCodeView>();
}

const checkBody = (code: string, extra: Record<string, unknown> = {}) => ({ code, scope: 'rooms', amount: 500_00, ...extra });
const ONE_ANSWER = { en: 'This promo code cannot be used', ru: 'Этот промокод нельзя применить' };

describe('who may check a code (issue 42, point 11)', () => {
  it('a never-activated account is refused 403 and counts nothing', async () => {
    const call = fromNewAddress();
    const stranger = await createUser(t, { isActive: false });
    const code = await createCode();
    const res = await call('POST', 'promo/check/', checkBody(code.code), stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Activate your account to use promo codes' });
    expect(await t.database.db.select().from(promoGuesses).where(eq(promoGuesses.key, `user:${stranger.id}`))).toEqual([]);
  });
});

describe('one answer for every code the guest cannot use (issue 42, point 11)', () => {
  it('unknown, inactive, not yet valid, expired, used up, for other purchases, other dates or a larger sum: all the same 422, in both languages', async () => {
    const call = fromNewAddress();
    const usedUp = await createCode({ max_uses: 1, scope: 'rooms' });
    const booker = await createUser(t);
    const booked = await call(
      'POST',
      'hotel/reservations/',
      { room_id: rooms.double, arrival: day(60), departure: day(61), payment_method_id: (await insertCard(t, booker.id)).publicId, promo_code: usedUp.code },
      booker.headers,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const codes = [
      'NO-SUCH-CODE',
      (await createCode({ active: false })).code,
      (await createCode({ valid_from: day(5) })).code,
      (await createCode({ valid_from: day(-10), valid_to: day(-1) })).code,
      usedUp.code,
      (await createCode({ scope: 'delivery' })).code,
      (await createCode({ stay_from: day(30), stay_to: day(40) })).code,
      (await createCode({ min_amount: 600_00 })).code,
    ];
    const guest = await createUser(t);
    await setLanguage(t, guest.id, 'en');
    for (const code of codes) {
      const res = await call('POST', 'promo/check/', checkBody(code, { arrival: day(10), departure: day(12) }), guest.headers);
      expect(res.statusCode, code).toBe(422);
      expect(res.json(), code).toEqual({ detail: ONE_ANSWER.en, promo_refusal: 'unavailable' });
    }
    const other = await createUser(t);
    const inRussian = await call('POST', 'promo/check/', checkBody(usedUp.code), other.headers);
    expect(inRussian.json()).toEqual({ detail: ONE_ANSWER.ru, promo_refusal: 'unavailable' });
  });

  it('a booking and an order with a code the guest cannot use answer the same, and nothing is booked or ordered', async () => {
    const call = fromNewAddress();
    const inactive = await createCode({ active: false });
    const guest = await insertOrderingGuest(t);
    const booking = await call(
      'POST',
      'hotel/reservations/',
      { room_id: rooms.double, arrival: day(70), departure: day(71), payment_method_id: guest.card.publicId, promo_code: inactive.code },
      guest.user.headers,
    );
    expect(booking.statusCode).toBe(422);
    expect(booking.json()).toMatchObject({ promo_refusal: 'unavailable', detail: ONE_ANSWER.en });
    const order = await call(
      'POST',
      'orders/',
      await withExpectedTotal(t, { address_id: guest.address, payment_method_id: guest.card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }], promo_code: 'NO-SUCH-CODE' }),
      guest.user.headers,
    );
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ promo_refusal: 'unavailable', detail: ONE_ANSWER.en });
    expect(await t.database.db.select().from(reservations).where(eq(reservations.userId, guest.user.id))).toEqual([]);
    expect((await t.database.db.select().from(promoGuesses).where(eq(promoGuesses.key, `user:${guest.user.id}`)))[0]?.guesses).toBe(2);
  });

  it('once a code was valid for the guest, a refusal names its reason: inactive after staff turned it off, used by you after a booking', async () => {
    const call = fromNewAddress();
    const code = await createCode({ max_uses_per_guest: 1, scope: 'rooms' });
    const guest = await createUser(t);
    await setLanguage(t, guest.id, 'en');
    expect((await call('POST', 'promo/check/', checkBody(code.code), guest.headers)).statusCode).toBe(200);
    const below = await call('POST', 'promo/check/', checkBody(code.code, { scope: 'delivery' }), guest.headers);
    expect(below.json()).toEqual({ detail: 'This promo code is not for this purchase', promo_refusal: 'not_for_this' });
    const card = (await insertCard(t, guest.id)).publicId;
    const booked = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(80), departure: day(81), payment_method_id: card, promo_code: code.code }, guest.headers);
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await call('POST', 'promo/check/', checkBody(code.code), guest.headers)).json()).toMatchObject({ promo_refusal: 'used_by_you' });
    const { id: _id, uses: _uses, created_at: _at, ...fields } = code;
    expect((await call('PUT', `admin/promo/${code.id}/`, { ...fields, active: false }, admin.headers)).statusCode).toBe(200);
    expect((await call('POST', 'promo/check/', checkBody(code.code), guest.headers)).json()).toMatchObject({ promo_refusal: 'inactive' });
    // Precise answers to the code's holder are no guesses.
    expect(await t.database.db.select().from(promoGuesses).where(eq(promoGuesses.key, `user:${guest.id}`))).toMatchObject([{ guesses: 0 }]);
    expect(await t.database.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code.id))).toHaveLength(1);
  });
});

describe('unusable codes are limited, with a growing wait (issue 42, point 11)', () => {
  it(`per account: ${PER_ACCOUNT} unusable codes, then 429 with a wait of 2 s, then 4 s; usable codes do not count`, async () => {
    const call = fromNewAddress();
    const live = await createCode();
    const guest = await createUser(t);
    for (let i = 0; i < 5; i += 1) expect((await call('POST', 'promo/check/', checkBody(live.code), guest.headers)).statusCode).toBe(200);
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await call('POST', 'promo/check/', checkBody(`WRONG${i}`), guest.headers)).statusCode).toBe(422);
    const held = await call('POST', 'promo/check/', checkBody(live.code), guest.headers);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('2');
    expect(held.json<{ detail: string }>().detail).toBe('Слишком много попыток ввести промокод: попробуйте снова через 2 с');
    // A booking with a code waits too; one without a code does not.
    const card = (await insertCard(t, guest.id)).publicId;
    const stay = { room_id: rooms.double, arrival: day(90), departure: day(91), payment_method_id: card };
    expect((await call('POST', 'hotel/reservations/', { ...stay, promo_code: live.code }, guest.headers)).statusCode).toBe(429);
    expect((await call('POST', 'hotel/reservations/', stay, guest.headers)).statusCode).toBe(201);

    // The wait over, one more guess, and the next wait is twice as long.
    await t.database.db.update(promoGuesses).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(promoGuesses.key, `user:${guest.id}`));
    expect((await call('POST', 'promo/check/', checkBody('WRONG-AGAIN'), guest.headers)).statusCode).toBe(422);
    const longer = await call('POST', 'promo/check/', checkBody('WRONG-ONCE-MORE'), guest.headers);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('4');
  });

  it(`per address: ${PER_ADDRESS} unusable codes from one address over several accounts, then 429`, async () => {
    const call = fromNewAddress();
    const guests = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const res = await call('POST', 'promo/check/', checkBody(`ADDR${i}`), guests[i % 3]!.headers);
      expect(res.statusCode, `guess ${i + 1}`).toBe(422);
    }
    const fresh = await createUser(t);
    expect((await call('POST', 'promo/check/', checkBody('ADDR-LAST'), fresh.headers)).statusCode).toBe(429);
    // The same account from another address is not held by this one's count.
    expect((await fromNewAddress()('POST', 'promo/check/', checkBody('ADDR-ELSEWHERE'), fresh.headers)).statusCode).toBe(422);
  });

  it(`60 guesses at once from one account: ${PER_ACCOUNT} are answered, the other 50 wait (a race: run on PostgreSQL)`, async () => {
    const call = fromNewAddress();
    const guest = await createUser(t);
    // The 60 arrive in the same instant: the clock stands still while they are answered. On a
    // loaded machine they took over the 2 s the eleventh guess blocks for, and the late ones were
    // answered as if they had come after the wait.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => call('POST', 'promo/check/', checkBody(`RACE${i}`), guest.headers))).finally(() => vi.useRealTimers());
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - PER_ACCOUNT);
  });
});
