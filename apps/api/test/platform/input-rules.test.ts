/**
 * The rules every input meets whatever the route (API-55): no control characters in any text, one
 * id form (decimal digits, a positive int4), and the stay bounds that keep a search or a booking
 * cheap and its price inside its column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_HORIZON_DAYS, MAX_STAY_NIGHTS } from '@hotel/domain';
import { addresses } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertAddress, insertCard, insertMenu, postOrder } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let user: TestUser;
let rooms: TestRooms;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  user = await createUser(t);
  rooms = await insertRooms(t);
});
afterAll(async () => {
  await t?.close();
});

describe('control characters are refused in every text (API-55)', () => {
  it('a NUL in a name answers 422 naming the field, and nothing is stored', async () => {
    const res = await call('POST', 'account/guests/', { first_name: 'An\u0000na', last_name: 'K' }, user.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'body.first_name: Control characters are not allowed' });
    expect((await call('GET', 'account/guests/', undefined, user.headers)).json()).toEqual([]);
  });

  it('in nested bodies and query strings too', async () => {
    const booking = await call(
      'POST',
      'hotel/reservations/',
      { room_id: rooms.double, arrival: day(5), departure: day(6), guests: [{ first_name: 'A\u001b[2J', last_name: 'B' }] },
      user.headers,
    );
    expect(booking.json()).toEqual({ detail: 'body.guests.0.first_name: Control characters are not allowed' });
    const email = await call('GET', 'auth/email/?email=a%00@example.com');
    expect(email.statusCode).toBe(422);
    expect(email.json().detail).toBe('querystring.email: Control characters are not allowed');
  });

  it('tabs and line breaks are text, and pass', async () => {
    const res = await call('POST', 'account/addresses/', { label: 'Home', address: 'Zamkovaya 7', comment: 'Ring twice\n\tthen wait' }, user.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toBe('Ring twice\n\tthen wait');
  });
});

describe('ids are decimal positive int4 everywhere (API-55)', () => {
  it('a hex or exponent id is not an id: DELETE account/addresses/0x1/ deletes nothing', async () => {
    const [row] = await t.database.db.insert(addresses).values({ userId: user.id, label: 'Work', address: 'Savetskaya 1' }).returning();
    const hex = `0x${row!.id.toString(16)}`;
    for (const id of [hex, `${row!.id}e0`, `0${row!.id}`, ` ${row!.id}`]) {
      const res = await call('DELETE', `account/addresses/${encodeURIComponent(id)}/`, undefined, user.headers);
      expect(res.statusCode, id).toBe(422);
      expect(res.json().detail).toBe('params.address_id: Invalid input');
    }
    const list = await call('GET', 'account/addresses/', undefined, user.headers);
    expect(list.json().map((a: { id: number }) => a.id)).toContain(row!.id);
  });

  it('ids above 2 147 483 647 answer 422, in paths and in bodies', async () => {
    expect((await call('GET', 'hotel/reservations/2147483648/', undefined, user.headers)).statusCode).toBe(422);
    expect((await call('GET', 'hotel/reservations/2147483647/', undefined, user.headers)).statusCode).toBe(404);
    const booking = await call('POST', 'hotel/reservations/', { room_id: 2 ** 31, arrival: day(5), departure: day(6) }, user.headers);
    expect(booking.statusCode).toBe(422);
    const guests = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(5), departure: day(6), guests: [2 ** 31] }, user.headers);
    expect(guests.statusCode).toBe(422);
  });
});

describe('stay bounds: at most 30 nights, arrival at most a year ahead (HOT-10, API-26, API-29)', () => {
  const search = (arrival: string, departure: string) =>
    call('GET', `hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=1`);

  it('refuses a departure in year 9999 at once, with the rule in the spec’s words', async () => {
    const started = performance.now();
    const res = await search(day(1), '9999-12-31');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: `querystring.departure: A stay can be at most ${MAX_STAY_NIGHTS} nights` });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it(`takes ${MAX_STAY_NIGHTS} nights and an arrival ${BOOKING_HORIZON_DAYS} days ahead, not one more`, async () => {
    expect((await search(day(1), day(1 + MAX_STAY_NIGHTS))).statusCode).toBe(200);
    expect((await search(day(1), day(2 + MAX_STAY_NIGHTS))).statusCode).toBe(422);
    expect((await search(day(BOOKING_HORIZON_DAYS), day(BOOKING_HORIZON_DAYS + 1))).statusCode).toBe(200);
    const far = await search(day(BOOKING_HORIZON_DAYS + 1), day(BOOKING_HORIZON_DAYS + 2));
    expect(far.json()).toEqual({ detail: 'querystring.arrival: Check-in can be at most a year ahead' });
  });

  it('the same bounds hold for booking and moving: no 50-year stay, no price overflow', async () => {
    const card = (await insertCard(t, user.id)).publicId;
    const booking = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(10), departure: '2299-01-01', payment_method_id: card }, user.headers);
    expect(booking.statusCode).toBe(422);
    expect(booking.json().detail).toBe(`body.departure: A stay can be at most ${MAX_STAY_NIGHTS} nights`);
    const ok = await call('POST', 'hotel/reservations/', { room_id: rooms.double, arrival: day(10), departure: day(11), payment_method_id: card }, user.headers);
    expect(ok.statusCode).toBe(201);
    // Staff move stays (decision 018): the guest may not, and staff are held to the same bounds.
    expect((await call('POST', `hotel/reservation/move/${ok.json().id}/`, { arrival: day(10), departure: day(12) }, user.headers)).statusCode).toBe(403);
    const staff = await createUser(t, { role: 'admin' });
    const move = await call('POST', `hotel/reservation/move/${ok.json().id}/`, { arrival: day(10), departure: '9999-12-31' }, staff.headers);
    expect(move.statusCode).toBe(422);
  });
});

describe('only activated accounts book and order (API-29, API-37)', () => {
  it('an account that never confirmed its e-mail gets 403 and books nothing', async () => {
    const newcomer = await createUser(t, { isActive: false });
    const card = (await insertCard(t, newcomer.id)).publicId;
    const res = await call('POST', 'hotel/reservations/', { room_id: rooms.single, arrival: day(3), departure: day(4), payment_method_id: card }, newcomer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Activate your account to book' });
    expect((await call('GET', 'hotel/reservations/', undefined, newcomer.headers)).json()).toEqual([]);
  });

  it('nor orders food', async () => {
    const newcomer = await createUser(t, { isActive: false });
    const menu = await insertMenu(t);
    const card = await insertCard(t, newcomer.id);
    const res = await postOrder(t, call, { address_id: await insertAddress(t, newcomer.id), payment_method_id: card.publicId, items: [{ product_id: String(menu.tea), quantity: 1 }] },
      newcomer.headers,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Activate your account to order' });
  });
});
