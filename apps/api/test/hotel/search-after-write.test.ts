/**
 * The search right after a write (issue 47, point 4): the answer kept for a stay, and the calendars
 * in memory it is drawn from, never offer a room that a booking, a hold awaiting its payment or a
 * staff block took a moment earlier. The write's own answer waits until this instance has heard it
 * (app.ts, db/data-versions.ts), so the very next search, with no waiting, already knows. On
 * PGlite and PostgreSQL; two instances on one PostgreSQL: availability.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '@hotel/domain';
import { rooms } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { insertCard } from '../order-fixtures';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let room: TestRooms;
let guest: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' });
  call = caller(t);
  room = await insertRooms(t);
  guest = await createUser(t);
  // The double offers the non-refundable rate, paid at booking: what a hold awaiting 3-D Secure is.
  await t.database.db.update(rooms).set({ nonRefundablePercent: 10 }).where(eq(rooms.id, room.double));
  await t.app.dataVersions.caughtUp();
});
afterAll(async () => {
  await t?.close();
});

const searchPath = (stay: { arrival: string; departure: string }) => `hotel/reservations/variants/?arrival=${stay.arrival}&departure=${stay.departure}&guest_count=1`;

/** The rooms offered for the stay, by a search answered as any other (kept or drawn). */
async function offered(stay: { arrival: string; departure: string }): Promise<number[]> {
  const response = await call('GET', searchPath(stay));
  if (response.statusCode === 404) return [];
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { room: { id: number } }[]).map((variant) => variant.room.id);
}

/** Asks for the stay until its answer is kept, and checks that it is sent from there. */
async function keptOffering(stay: { arrival: string; departure: string }, roomId: number) {
  const asked = [];
  for (let i = 0; i < 3; i++) asked.push((await call('GET', searchPath(stay))).body);
  expect(new Set(asked).size).toBe(1);
  expect(await offered(stay)).toContain(roomId);
}

describe('the search right after a write (issue 47)', () => {
  it('a booking: the next search does not offer the room, kept answer or not', async () => {
    const stay = { arrival: day(40), departure: day(43) };
    const other = { arrival: day(41), departure: day(42) };
    await keptOffering(stay, room.single);
    const card = await insertCard(t, guest.id);
    const booked = await call('POST', 'hotel/reservations/', { room_id: room.single, ...stay, payment_method_id: card.publicId }, guest.headers);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await offered(stay)).not.toContain(room.single);
    // A stay never asked before, inside the booked nights: drawn from the calendars in memory.
    expect(await offered(other)).not.toContain(room.single);

    const cancelled = await call('POST', `hotel/reservations/cancel/${(booked.json() as Reservation).id}/`, {}, guest.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await offered(stay)).toContain(room.single);
  });

  it('a hold awaiting its payment takes the room; a declined confirmation gives it back', async () => {
    const stay = { arrival: day(50), departure: day(53) };
    await keptOffering(stay, room.double);
    const card = await insertCard(t, guest.id, { last4: '3220', token: `sandbox_3ds_3220_${'b'.repeat(24)}` });
    const held = await call(
      'POST',
      'hotel/reservations/',
      { room_id: room.double, ...stay, payment_method_id: card.publicId, rate: 'non_refundable', expected_total: 675_00 },
      guest.headers,
    );
    expect(held.statusCode, held.body).toBe(201);
    const pending = held.json<Reservation>();
    expect(pending.prepayment).toMatchObject({ status: 'pending' });
    expect(await offered(stay)).not.toContain(room.double);

    const declined = await t.app.inject({
      method: 'POST',
      url: new URL(pending.prepayment!.confirmation_url!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'decline' }).toString(),
    });
    expect(declined.statusCode, declined.body).toBeLessThan(400);
    expect(await offered(stay)).toContain(room.double);
  });

  it('a staff block: the next search does not offer the room; lifting it offers the room again', async () => {
    const staff = await createUser(t, { role: 'admin' });
    const stay = { arrival: day(60), departure: day(62) };
    await keptOffering(stay, room.family);
    const block = await call('POST', 'admin/blocks/', { room_id: room.family, ...stay, note: 'Ремонт' }, staff.headers);
    expect(block.statusCode, block.body).toBe(201);
    expect(await offered(stay)).not.toContain(room.family);

    const lifted = await call('DELETE', `admin/blocks/${(block.json() as { id: number }).id}/`, undefined, staff.headers);
    expect(lifted.statusCode, lifted.body).toBeLessThan(300);
    expect(await offered(stay)).toContain(room.family);
  });
});
