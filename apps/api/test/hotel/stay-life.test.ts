/**
 * A stay's life at the front desk and housekeeping (issue 45, points 1, 7, 8): check-in from the
 * arrival day, check-out once, the room dirty after it, the desk's day, the rooms' states with out
 * of order closing nights, late guests, refusals in both languages with nothing written, and the
 * race of two desks checking in one stay (PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, checkOutAt, hotelToday, type DeskDay, type Housekeeping, type StaffReservation } from '@hotel/domain';
import { auditEvents, reservations, roomHolds, roomHousekeeping } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, extendSessions, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { caller, type Caller } from '../support/http';
import { openSse } from '../support/sse';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let room: TestRooms;
let admin: TestUser;
let guest: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '100000' });
  call = caller(t);
  room = await insertRooms(t);
  admin = await createUser(t, { role: 'admin', firstName: 'Ольга' });
  guest = await createUser(t, { firstName: 'Мария' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  vi.useRealTimers();
  // Each test books its own nights; the rooms start clean.
  await t.database.db.delete(roomHousekeeping);
  await t.database.db.delete(roomHolds).where(eq(roomHolds.kind, 'block'));
  await t.database.db.update(reservations).set({ status: 'cancelled', canceledAt: new Date() });
});

const checkIn = (id: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  call('POST', `admin/reservations/${id}/check-in/`, body, { ...admin.headers, ...headers });
// A stay on the flexible rate is paid at the desk: its whole price is due at check-out, so these
// check-outs say why the guest leaves with it (the bill's own tests pay it).
const LEAVES_OWING = { balance_reason: 'Pays by bank transfer from the company' };
const checkOut = (id: number, headers: Record<string, string> = {}, body: object = LEAVES_OWING) =>
  call('POST', `admin/reservations/${id}/check-out/`, body, { ...admin.headers, ...headers });
const desk = async () => (await call('GET', 'admin/desk/', undefined, admin.headers)).json<DeskDay>();
const housekeeping = async () => (await call('GET', 'admin/housekeeping/', undefined, admin.headers)).json<Housekeeping>();
const setState = (roomId: number, body: unknown) => call('PUT', `admin/housekeeping/rooms/${roomId}/`, body, admin.headers);
const rowOf = async (id: number) => (await t.database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const auditOf = (id: number) => t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `reservation ${id}`));
const stateOf = async (roomId: number) => (await housekeeping()).rooms.find((r) => r.room_id === roomId)!;

describe('check-in and check-out (issue 45, point 1)', () => {
  it('checks the guest in on the arrival day and out once; the room is dirty after it, and the change log has both', async () => {
    // One night: the guest leaves on the booked day (an earlier check-out is early-check-out.test.ts's).
    const id = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(0), departure: day(1) });
    const inRes = await checkIn(id);
    expect(inRes.statusCode, inRes.body).toBe(200);
    const inView = inRes.json<StaffReservation>();
    expect(inView).toMatchObject({ stay_status: 'checked_in', actions: { check_in: false, check_out: true, cancel: false, move: false, no_show: false } });
    expect(inView.checked_in_at).not.toBeNull();

    const day0 = await desk();
    expect(day0.arrivals.map((s) => [s.reservation_id, s.status])).toEqual([[id, 'checked_in']]);
    expect(day0.in_house.map((s) => s.reservation_id)).toEqual([id]);
    // Nothing taken at the desk yet today (the day's money is folio/desk-money.test.ts's).
    expect(day0.money).toMatchObject({ day: day(0), taken: { count: 0, total: 0 } });
    // Nothing paid on a flexible stay yet: the bill asks its whole price; no online check-in.
    expect(day0.in_house[0]).toMatchObject({ balance: (await rowOf(id)).price, online_check_in: { ready: false, arrival_time: null }, guarantee: { kind: 'none' } });

    // A balance due and no word on it: refused, the guest still in.
    const owing = await checkOut(id, { 'accept-language': 'en' }, {});
    expect(owing.statusCode, owing.body).toBe(409);
    expect(owing.json()).toMatchObject({ code: 'desk:refused.balanceDue', detail: expect.stringContaining('balance due') });
    expect((await rowOf(id)).status).toBe('checked_in');

    const outRes = await checkOut(id);
    expect(outRes.statusCode, outRes.body).toBe(200);
    expect(outRes.json<StaffReservation>()).toMatchObject({ stay_status: 'checked_out', actions: { check_in: false, check_out: false } });
    expect((await rowOf(id)).checkedOutAt).not.toBeNull();
    expect(await stateOf(room.double)).toMatchObject({ state: 'dirty', departure: true });
    expect((await desk()).departures.map((s) => [s.reservation_id, s.status])).toEqual([[id, 'checked_out']]);
    expect((await auditOf(id)).map((e) => e.action).sort()).toEqual(['reservation.check_in', 'reservation.check_out']);
    expect((await auditOf(id)).find((e) => e.action === 'reservation.check_out')?.after).toMatchObject({ balance_reason: LEAVES_OWING.balance_reason });
  });

  it('refuses a check-out twice, a check-in before the arrival day and of a cancelled stay: 409 in the language asked for, nothing written', async () => {
    const early = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(1), departure: day(3) });
    const ru = await checkIn(early);
    expect(ru.statusCode).toBe(409);
    expect(ru.json()).toEqual({ detail: 'Заселение возможно с дня заезда', code: 'desk:refused.beforeArrival' });
    const en = await checkIn(early, {}, { 'accept-language': 'en' });
    expect(en.json()).toEqual({ detail: 'A guest is checked in from the arrival day on', code: 'desk:refused.beforeArrival' });
    expect(await rowOf(early)).toMatchObject({ status: 'booked', checkedInAt: null });

    const cancelled = await insertReservation(t, { userId: guest.id, roomId: room.family, arrival: day(0), departure: day(1), canceled: true });
    const refused = await checkIn(cancelled, {}, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'desk:refused.cancelled', detail: 'This stay is cancelled: the guest cannot be checked in' });

    const stay = await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(0), departure: day(1) });
    const notIn = await checkOut(stay);
    expect(notIn.json()).toMatchObject({ code: 'desk:refused.notIn' });
    expect((await checkIn(stay)).statusCode).toBe(200);
    expect((await checkOut(stay)).statusCode).toBe(200);
    const firstOut = (await rowOf(stay)).checkedOutAt;
    const twice = await checkOut(stay, { 'accept-language': 'en' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'The guest has already checked out', code: 'desk:refused.alreadyOut' });
    expect((await rowOf(stay)).checkedOutAt).toEqual(firstOut);
    expect((await auditOf(early)).length + (await auditOf(cancelled)).length).toBe(0);
  });

  it('asks before checking a guest into a room that is not clean, and checks in when the desk confirms', async () => {
    expect((await setState(room.family, { state: 'dirty' })).statusCode).toBe(200);
    const id = await insertReservation(t, { userId: guest.id, roomId: room.family, arrival: day(0), departure: day(1) });
    const warned = await checkIn(id);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: 'desk:refused.notClean', room_state: 'dirty' });
    expect(await rowOf(id)).toMatchObject({ status: 'booked', checkedInAt: null });
    expect((await desk()).arrivals.find((s) => s.reservation_id === id)?.room.state).toBe('dirty');
    const confirmed = await checkIn(id, { confirm_not_clean: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('shows a guest still in the house after 12:00 on the departure day as late, on the desk and on the board', async () => {
    const id = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(0), departure: day(1) });
    expect((await checkIn(id)).statusCode).toBe(200);
    const lateBoard = async (moment: Date) => {
      await extendSessions(t);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(moment);
      const today = hotelToday();
      const deskDay = await desk();
      const board = (await call('GET', `admin/reservations/board/?from=${addDays(today, -1)}&days=14`, undefined, admin.headers)).json<{
        rooms: { id: number; holds: { reservation_id?: number; late?: boolean; stay_status?: string }[] }[];
      }>();
      vi.useRealTimers();
      const hold = board.rooms.find((r) => r.id === room.double)!.holds.find((h) => h.reservation_id === id)!;
      return { desk: deskDay.departures.find((s) => s.reservation_id === id)?.late, board: hold.late, status: hold.stay_status };
    };
    expect(await lateBoard(new Date(checkOutAt(day(1)).getTime() - 60_000))).toEqual({ desk: false, board: false, status: 'checked_in' });
    expect(await lateBoard(new Date(checkOutAt(day(1)).getTime() + 30 * 60_000))).toEqual({ desk: true, board: true, status: 'checked_in' });
  });

  it('writes the status of a guest cancel and a no-show through the same life: cancelled, no_show', async () => {
    const cancelled = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(10), departure: day(12) });
    expect((await call('POST', `admin/reservations/${cancelled}/cancel/`, {}, admin.headers)).statusCode).toBe(200);
    expect((await rowOf(cancelled)).status).toBe('cancelled');
    const noShow = await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(0), departure: day(2) });
    expect((await call('POST', `admin/reservations/${noShow}/no_show/`, {}, admin.headers)).statusCode).toBe(200);
    expect((await rowOf(noShow)).status).toBe('no_show');
    // A guest in the house is not a no-show, nor cancelled.
    const inHouse = await insertReservation(t, { userId: guest.id, roomId: room.family, arrival: day(0), departure: day(2) });
    expect((await checkIn(inHouse)).statusCode).toBe(200);
    expect((await call('POST', `admin/reservations/${inHouse}/no_show/`, {}, admin.headers)).statusCode).toBe(409);
    expect((await rowOf(inHouse)).status).toBe('checked_in');
  });
});

describe('housekeeping (issue 45, point 7)', () => {
  it('lists departures first, then stays, arrivals flagged; one tap per state change', async () => {
    const leaving = await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(0), departure: day(1) });
    expect((await checkIn(leaving)).statusCode).toBe(200);
    await t.database.db.update(reservations).set({ stay: `[${day(-1)},${day(0)})` }).where(eq(reservations.id, leaving));
    const staying = await insertReservation(t, { userId: guest.id, roomId: room.family, arrival: day(0), departure: day(3) });
    expect((await checkIn(staying)).statusCode).toBe(200);
    await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(0), departure: day(1) });
    const list = await housekeeping();
    expect(list.rooms.slice(0, 3).map((r) => [r.room_id, r.departure, r.stay, r.arrival])).toEqual([
      [room.single, true, false, false],
      [room.family, false, true, false],
      [room.double, false, false, true],
    ]);
    for (const state of ['dirty', 'clean', 'inspected'] as const) {
      const res = await setState(room.double, { state });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Housekeeping>().rooms.find((r) => r.room_id === room.double)!.state).toBe(state);
    }
  });

  it('closes the nights of a room out of order with a block, refuses a taken night, and opens them again', async () => {
    const taken = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(5), departure: day(6) });
    const clash = await setState(room.double, { state: 'out_of_order', reason: 'Течёт кран', from: day(4), to: day(7) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ conflicts: { reservation_id: number }[] }>().conflicts[0]!.reservation_id).toBe(taken);
    expect((await stateOf(room.double)).state).toBe('clean');

    const res = await setState(room.double, { state: 'out_of_order', reason: 'Течёт кран', from: day(0), to: day(3) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(room.double)).toMatchObject({ state: 'out_of_order', out_of_order: { reason: 'Течёт кран', from: day(0), to: day(3) } });
    const blocks = await t.database.db.select().from(roomHolds).where(eq(roomHolds.roomId, room.double));
    expect(blocks.filter((b) => b.kind === 'block').map((b) => b.note)).toEqual(['Течёт кран']);
    expect((await setState(room.double, { state: 'clean' })).statusCode).toBe(200);
    const after = await t.database.db.select().from(roomHolds).where(eq(roomHolds.roomId, room.double));
    expect(after.filter((b) => b.kind === 'block')).toEqual([]);
  });

  it('refuses bad input with 422 and a detail, an unknown room with 404', async () => {
    for (const body of [
      { state: 'sparkling' },
      { state: 'out_of_order', from: day(0), to: day(1) },
      { state: 'out_of_order', reason: '', from: day(0), to: day(1) },
      { state: 'out_of_order', reason: 'x', from: day(-1), to: day(1) },
      { state: 'out_of_order', reason: 'x', from: day(2), to: day(1) },
      { state: 'clean', reason: 'x' },
    ]) {
      const res = await setState(room.double, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ detail: string }>().detail).toBeTruthy();
    }
    expect((await setState(999_999, { state: 'clean' })).statusCode).toBe(404);
    const id = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(0), departure: day(1) });
    expect((await checkIn(id, { confirm_not_clean: 'yes' })).statusCode).toBe(422);
    expect((await checkIn(id, { extra: true })).statusCode).toBe(422);
    expect((await checkIn(999_999)).statusCode).toBe(404);
  });

  it('tells every open desk screen live when a room changes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const stream = await openSse(`http://127.0.0.1:${address.port}/api/v1/admin/front-desk/events/`, admin.headers);
    try {
      expect(stream.status).toBe(200);
      expect((await setState(room.family, { state: 'dirty' })).statusCode).toBe(200);
      // A change an earlier test made to another room may still be on its way to the stream: the
      // family room's own event is the one this test waits for.
      const event = await stream.next((e) => e.event === 'front_desk' && (JSON.parse(e.data) as { room_id: number }).room_id === room.family);
      expect(JSON.parse(event.data)).toEqual({ room_id: room.family });
    } finally {
      stream.close();
    }
  });
});

describe('who may use the desk', () => {
  it('refuses anonymous visitors (401) and guests (403)', async () => {
    const id = await insertReservation(t, { userId: guest.id, roomId: room.double, arrival: day(0), departure: day(1) });
    const routes: [string, string, unknown][] = [
      ['GET', 'admin/desk/', undefined],
      ['GET', 'admin/housekeeping/', undefined],
      ['PUT', `admin/housekeeping/rooms/${room.double}/`, { state: 'clean' }],
      ['POST', `admin/reservations/${id}/check-in/`, {}],
      ['POST', `admin/reservations/${id}/check-out/`, {}],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method as 'GET', url, body)).statusCode, url).toBe(401);
      expect((await call(method as 'GET', url, body, guest.headers)).statusCode, url).toBe(403);
    }
    expect((await rowOf(id)).status).toBe('booked');
  });
});

describe.runIf(process.env.DATABASE_URL)('two desks checking in one stay (PostgreSQL)', () => {
  it('lets one check in and answers the other 409, each time, with one change-log entry', async () => {
    // One stay per room arriving today: each is raced by two desks at once.
    for (const roomId of [room.double, room.family, room.single]) {
      const id = await insertReservation(t, { userId: guest.id, roomId, arrival: day(0), departure: day(2) });
      const answers = await Promise.all([checkIn(id), checkIn(id)]);
      expect(answers.map((res) => res.statusCode).sort(), answers.map((res) => res.body).join(' | ')).toEqual([200, 409]);
      expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({ code: 'desk:refused.alreadyIn' });
      expect((await auditOf(id)).filter((e) => e.action === 'reservation.check_in')).toHaveLength(1);
    }
  });
});
