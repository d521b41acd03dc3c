/**
 * /restaurant/book without scripts (issue 48, point 11): the form posts as a plain form, the table
 * is booked as POST restaurant/tables/ books it (letter included), and the guest is sent back to
 * the page, whose address says what happened. Runs on PGlite and on PostgreSQL.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tableBookingCounts, tableReservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day } from '../hotel-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let mail: CapturedMail;
let admin: TestUser;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { mailer: mail });
  call = caller(t);
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  mail.letters.length = 0;
  await t.database.db.delete(tableReservations);
  await t.database.db.delete(tableBookingCounts);
  expect((await call('PUT', 'admin/restaurant/settings/', { covers: 6, auto_confirm: false }, admin.headers)).statusCode).toBe(200);
});

const form = (over: Record<string, string> = {}) =>
  new URLSearchParams({ date: day(5), time: '19:30', party: '4', name: 'Anna Kovaleva', phone: '+375 29 123-45-67', email: 'anna.page@example.com', wishes: '', language: 'en', ...over }).toString();

/** Posts the form as a browser without scripts does: no client token, form-encoded. */
const post = (body: string) =>
  t.app.inject({ method: 'POST', url: '/restaurant/book', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });

const stored = async () => (await t.database.db.select({ n: count() }).from(tableReservations))[0]!.n;

describe('the table form without scripts (issue 48, point 11)', () => {
  it('books the table as the API does for an unproved address: one short letter with the link, the page says until when it is kept, the address carries nothing typed (issue 42, point 9)', async () => {
    const res = await post(form());
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location!, 'http://x');
    const [row] = await t.database.db.select().from(tableReservations).where(eq(tableReservations.email, 'anna.page@example.com'));
    expect(row).toMatchObject({ party: 4, name: 'Anna Kovaleva', source: 'site', language: 'en', emailConfirmedAt: null });
    expect(location.pathname).toBe('/restaurant/book');
    expect(Object.fromEntries(location.searchParams)).toEqual({ booked: 'awaiting', date: day(5), time: '19:30', party: '4', until: row!.holdUntil!.toISOString() });
    const letters = mail.to('anna.page@example.com');
    expect(letters).toHaveLength(1);
    expect(JSON.stringify(letters[0])).not.toContain('Kovaleva');
  });

  it('past the day\'s cap for one e-mail the page says so, and books nothing more', async () => {
    for (let i = 0; i < 3; i += 1) expect((await post(form({ party: '1' }))).statusCode).toBe(303);
    const res = await post(form({ party: '1' }));
    expect(new URL(res.headers.location!, 'http://x').searchParams.get('failed')).toBe('limit');
    expect(await stored()).toBe(3);
  });

  it('a time without the seats sends the guest back to the day with "full", and books nothing more', async () => {
    expect((await post(form({ party: '6', email: 'first@example.com' }))).statusCode).toBe(303);
    const res = await post(form());
    expect(res.headers.location).toBe(`/restaurant/book?date=${day(5)}&party=4&failed=full`);
    expect(await stored()).toBe(1);
  });

  it('a form the booking schema refuses, or without an e-mail, books nothing and says why; never a 5xx', async () => {
    for (const [body, reason] of [
      [form({ name: '' }), 'invalid'],
      [form({ time: '03:00' }), 'invalid'],
      [form({ party: 'many' }), 'invalid'],
      [form({ date: 'yesterday' }), 'invalid'],
      [form({ email: '' }), 'email'],
      ['%%%', 'invalid'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, body).toBe(303);
      expect(new URL(res.headers.location!, 'http://x').searchParams.get('failed'), body).toBe(reason);
    }
    expect(await stored()).toBe(0);
  });
});
