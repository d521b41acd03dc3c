/**
 * Table reservations at the restaurant (issue 24, point 1): booking, the covers never exceeded
 * under racing requests, every refusal (4xx with a detail, nothing stored), the staff's steps and
 * the letters with an .ics at each of them. Runs on PGlite and on PostgreSQL.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishMessage, TABLE_DETAILS, type TableReservation } from '@hotel/domain';
import { tableReservations } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { day } from '../hotel-fixtures';
import { caller, type Caller } from '../support/http';
import { captureMail, type CapturedMail } from '../support/mail';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let mail: CapturedMail;
let admin: TestUser;
let guest: TestUser;
let other: TestUser;

beforeAll(async () => {
  mail = captureMail();
  // The booking's strict limit and the daily caps per address would turn the race into 429s.
  t = await createTestApp(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000', TABLE_BOOKINGS_PER_ADDRESS_PER_DAY: '1000', TABLE_BOOKINGS_PER_EMAIL_PER_DAY: '1000', PUBLIC_URL: 'https://house1799.example' },
    { mailer: mail },
  );
  call = caller(t);
  admin = await createUser(t, { role: 'admin' });
  guest = await createUser(t, { firstName: 'Анна' });
  other = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  mail.letters.length = 0;
  await setCovers(40, false);
});

async function setCovers(covers: number, autoConfirm: boolean) {
  const res = await call('PUT', 'admin/restaurant/settings/', { covers, auto_confirm: autoConfirm }, admin.headers);
  expect(res.statusCode).toBe(200);
}

const booking = (over: Record<string, unknown> = {}) => ({
  date: day(5),
  time: '19:30',
  party: 4,
  name: 'Anna Kovaleva',
  phone: '+375 29 123-45-67',
  email: 'anna.tables@example.com',
  wishes: 'By the window',
  language: 'en',
  ...over,
});

async function stored(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(tableReservations);
  return row!.n;
}

/** Follows the link in the short letter to an unconfirmed address, as its owner would. */
async function confirmAddress(address: string) {
  const match = /#([A-Za-z0-9_-]{43})/.exec(mail.to(address).at(-1)!.text);
  const res = await call('POST', 'restaurant/tables/confirm/', { token: match![1] });
  expect(res.statusCode).toBe(200);
  return res.json<TableReservation>();
}

const icsOf = (letter: { attachments?: { content: string | Buffer; contentType: string }[] }) => String(letter.attachments?.[0]?.content ?? '');

describe('booking a table (issue 24.1)', () => {
  it('an anonymous guest books a table for four at 19:30: requested, and once the address is confirmed a letter with a tentative .ics', async () => {
    const res = await call('POST', 'restaurant/tables/', booking());
    expect(res.statusCode).toBe(201);
    const table = res.json<TableReservation>();
    expect(table).toMatchObject({ date: day(5), time: '19:30', ends: '21:30', party: 4, status: 'requested', source: 'site', can_cancel: false });
    await confirmAddress('anna.tables@example.com');
    const letters = mail.to('anna.tables@example.com').slice(1);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe(`Table request #${table.id} received — House 1799`);
    const ics = icsOf(letters[0]!);
    expect(ics).toContain('STATUS:TENTATIVE');
    expect(ics).toContain(`UID:table-${table.id}@house1799.by`);
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Minsk:\d{8}T193000/);
    expect(ics).toMatch(/DTEND;TZID=Europe\/Minsk:\d{8}T213000/);
  });

  it('with auto-confirm on, the table is confirmed at once and the letter says so', async () => {
    await setCovers(40, true);
    const res = await call('POST', 'restaurant/tables/', booking({ language: 'ru', time: '13:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<TableReservation>().status).toBe('confirmed');
    await confirmAddress('anna.tables@example.com');
    const letter = mail.to('anna.tables@example.com').at(-1);
    expect(letter!.subject).toMatch(/^Стол №\d+ подтверждён/);
    expect(icsOf(letter!)).toContain('STATUS:CONFIRMED');
  });

  it('the day shows a full slot as such', async () => {
    await setCovers(6, false);
    const date = day(7);
    expect((await call('POST', 'restaurant/tables/', booking({ date, time: '18:00', party: 6 }))).statusCode).toBe(201);
    const res = await call('GET', `restaurant/tables/day/?date=${date}&party=2`);
    expect(res.statusCode).toBe(200);
    const times = new Map(res.json<{ times: { time: string; free: boolean }[] }>().times.map((slot) => [slot.time, slot.free]));
    // 18:00 holds the seats until 20:00: a start from 16:15 to 19:45 touches it.
    expect(times.get('16:00')).toBe(true);
    expect(times.get('16:15')).toBe(false);
    expect(times.get('19:45')).toBe(false);
    expect(times.get('20:00')).toBe(true);
  });

  it('today leaves out the times already gone instead of calling them full', async () => {
    await setCovers(40, false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-14T12:20:00Z')); // 15:20 in Minsk
    try {
      const res = await call('GET', 'restaurant/tables/day/?date=2031-05-14&party=2');
      expect(res.statusCode).toBe(200);
      const times = res.json<{ times: { time: string; free: boolean }[] }>().times;
      expect(times[0]).toEqual({ time: '15:30', free: true });
      expect(times.at(-1)).toEqual({ time: '21:00', free: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('refusals: a 4xx with a detail, nothing stored (issue 24.1)', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['a day gone', { date: day(-1) }, 422, 'past'],
    ['before opening', { time: '11:45' }, 422, 'hours'],
    ['after the last seating', { time: '21:15' }, 422, 'hours'],
    ['off the 15-minute steps', { time: '19:10' }, 422, 'hours'],
    ['beyond 60 days', { date: day(61) }, 422, 'tooFar'],
    ['a party of 0', { party: 0 }, 422, 'partyMin'],
    ['a party of 13', { party: 13 }, 422, 'partyMax'],
    ['no phone', { phone: '' }, 422, 'phone'],
    ['not a date', { date: '2026-02-30' }, 422, ''],
  ];
  for (const [what, change, status, key] of cases) {
    it(`${what}: ${status}`, async () => {
      const before = await stored();
      const res = await call('POST', 'restaurant/tables/', booking(change));
      expect(res.statusCode).toBe(status);
      const detail = res.json<{ detail: string }>().detail;
      expect(detail).toBeTruthy();
      if (key) expect(detail).toContain(englishMessage(`restaurant:tables.validation.${key}`));
      expect(await stored()).toBe(before);
      expect(mail.letters).toHaveLength(0);
    });
  }

  it('an anonymous guest without an e-mail: 422', async () => {
    const before = await stored();
    const { email: _email, ...withoutEmail } = booking();
    const res = await call('POST', 'restaurant/tables/', withoutEmail);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.emailRequired);
    expect(await stored()).toBe(before);
  });

  it('a full slot: 409 with the nearest free times, each of which then books', async () => {
    await setCovers(8, false);
    const date = day(9);
    expect((await call('POST', 'restaurant/tables/', booking({ date, time: '19:00', party: 6 }))).statusCode).toBe(201);
    const before = await stored();
    const res = await call('POST', 'restaurant/tables/', booking({ date, time: '19:30', party: 4 }));
    expect(res.statusCode).toBe(409);
    const body = res.json<{ detail: string; nearest: string[] }>();
    expect(body.detail).toBe(TABLE_DETAILS.full);
    expect(body.nearest).toEqual(['16:30', '16:45', '17:00', '21:00']);
    expect(await stored()).toBe(before);
    expect((await call('POST', 'restaurant/tables/', booking({ date, time: body.nearest[0], party: 4 }))).statusCode).toBe(201);
  });

  it("cancelling a table that does not exist or is another guest's: 404, nothing changes", async () => {
    const mine = (await call('POST', 'restaurant/tables/', booking({ email: undefined }), guest.headers)).json<TableReservation>();
    mail.letters.length = 0;
    const theirs = await call('POST', `restaurant/tables/${mine.id}/cancel/`, {}, other.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.notFound);
    expect((await call('POST', 'restaurant/tables/999999/cancel/', {}, guest.headers)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(tableReservations).where(eq(tableReservations.id, mine.id));
    expect(row!.status).toBe('requested');
    expect(mail.letters).toHaveLength(0);
  });
});

describe('the covers under racing requests (issue 24.1)', () => {
  it('20 racing requests for one slot never take more seats than the covers', { timeout: 60_000 }, async () => {
    await setCovers(10, false);
    const date = day(11);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', 'restaurant/tables/', booking({ date, time: '20:00', party: 2, email: `race${i}@example.com` }))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const rows = await t.database.db.select().from(tableReservations).where(eq(tableReservations.day, date));
    expect(rows.reduce((sum, row) => sum + row.party, 0)).toBe(10);
  });

  it('racing requests at overlapping times keep every slot within the covers', { timeout: 60_000 }, async () => {
    await setCovers(9, false);
    const date = day(12);
    const times = ['18:00', '18:30', '19:00', '19:30', '20:00'];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', 'restaurant/tables/', booking({ date, time: times[i % times.length], party: 3, email: `overlap${i}@example.com` }))),
    );
    const rows = await t.database.db.select().from(tableReservations).where(eq(tableReservations.day, date));
    for (let minute = 12 * 60; minute < 23 * 60; minute += 15) {
      const seated = rows.filter((row) => row.startMinute <= minute && minute < row.startMinute + 120).reduce((sum, row) => sum + row.party, 0);
      expect(seated, `slot ${minute}`).toBeLessThanOrEqual(9);
    }
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe("the guest's account and the staff's steps (issue 24.1)", () => {
  it('a signed-in guest books with the account address, sees the table, and cancels it with a letter', async () => {
    const res = await call('POST', 'restaurant/tables/', booking({ email: undefined, time: '14:00' }), guest.headers);
    expect(res.statusCode).toBe(201);
    const table = res.json<TableReservation>();
    expect(table.email).toBe(guest.email);
    expect(table.can_cancel).toBe(true);
    const list = await call('GET', 'restaurant/tables/', undefined, guest.headers);
    expect(list.json<TableReservation[]>().map((row) => row.id)).toContain(table.id);
    expect((await call('GET', 'restaurant/tables/', undefined, other.headers)).json<TableReservation[]>().map((row) => row.id)).not.toContain(table.id);
    const cancelled = await call('POST', `restaurant/tables/${table.id}/cancel/`, {}, guest.headers);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<TableReservation>().status).toBe('cancelled');
    const last = mail.to(guest.email).at(-1)!;
    expect(last.subject).toBe(`Table #${table.id} cancelled — House 1799`);
    expect(icsOf(last)).toContain('METHOD:CANCEL');
    expect(icsOf(last)).toContain('STATUS:CANCELLED');
    expect((await call('POST', `restaurant/tables/${table.id}/cancel/`, {}, guest.headers)).statusCode).toBe(409);
  });

  it('staff confirm (letter), move (letter), seat; a step its status forbids is 409', async () => {
    const date = day(6);
    const table = (await call('POST', 'restaurant/tables/', booking({ date, email: undefined }), guest.headers)).json<TableReservation>();
    mail.letters.length = 0;
    const confirmed = await call('POST', `admin/restaurant/tables/${table.id}/step/`, { step: 'confirm' }, admin.headers);
    expect(confirmed.json<TableReservation>().status).toBe('confirmed');
    expect(mail.letters.map((letter) => letter.subject)).toEqual([`Table #${table.id} confirmed — House 1799`]);
    expect(icsOf(mail.letters[0]!)).toContain('STATUS:CONFIRMED');
    const mine = (await call('GET', 'restaurant/tables/', undefined, guest.headers)).json<TableReservation[]>().find((row) => row.id === table.id);
    expect(mine!.status).toBe('confirmed');

    const moved = await call('POST', `admin/restaurant/tables/${table.id}/move/`, { date, time: '20:15' }, admin.headers);
    expect(moved.statusCode).toBe(200);
    expect(moved.json<TableReservation>()).toMatchObject({ time: '20:15', ends: '22:15', status: 'confirmed' });
    expect(icsOf(mail.letters.at(-1)!)).toMatch(/DTSTART;TZID=Europe\/Minsk:\d{8}T201500/);

    const dayBoard = await call('GET', `admin/restaurant/day/?date=${date}`, undefined, admin.headers);
    const boardBody = dayBoard.json<{ reservations: TableReservation[]; load: { time: string; taken: number }[] }>();
    expect(boardBody.reservations.map((row) => row.id)).toContain(table.id);
    expect(boardBody.load.find((slot) => slot.time === '20:15')!.taken).toBeGreaterThanOrEqual(4);

    // Seating waits for the table's time (test/restaurant/table-confirmation.test.ts): it is set here directly.
    await t.database.db.update(tableReservations).set({ status: 'seated' }).where(eq(tableReservations.id, table.id));
    const late = await call('POST', `admin/restaurant/tables/${table.id}/step/`, { step: 'cancel' }, admin.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.changedMeanwhile);
    const moveLate = await call('POST', `admin/restaurant/tables/${table.id}/move/`, { date, time: '18:00' }, admin.headers);
    expect(moveLate.statusCode).toBe(409);
    expect(moveLate.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.changedMeanwhile);
    expect((await call('POST', 'admin/restaurant/tables/999999/step/', { step: 'confirm' }, admin.headers)).statusCode).toBe(404);
  });

  it('staff cancel with a letter, mark a no-show, and take phone and walk-in tables that count against the covers', async () => {
    await setCovers(6, false);
    const date = day(8);
    const phone = await call(
      'POST',
      'admin/restaurant/tables/',
      { date, time: '19:00', party: 4, name: 'Ivan', phone: '+375291112233', email: 'ivan.tables@example.com', source: 'phone' },
      admin.headers,
    );
    expect(phone.statusCode).toBe(201);
    expect(phone.json<TableReservation>()).toMatchObject({ status: 'confirmed', source: 'phone' });
    expect(mail.to('ivan.tables@example.com')).toHaveLength(1);
    const walkIn = await call('POST', 'admin/restaurant/tables/', { date, time: '19:30', party: 3, name: 'Guest', source: 'walk_in' }, admin.headers);
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json<{ nearest: string[] }>().nearest.length).toBeGreaterThan(0);
    const small = await call('POST', 'admin/restaurant/tables/', { date, time: '19:30', party: 2, name: 'Guest', source: 'walk_in' }, admin.headers);
    expect(small.json<TableReservation>()).toMatchObject({ status: 'seated', source: 'walk_in' });

    const id = phone.json<TableReservation>().id;
    const cancelled = await call('POST', `admin/restaurant/tables/${id}/step/`, { step: 'cancel' }, admin.headers);
    expect(cancelled.json<TableReservation>().status).toBe('cancelled');
    const letter = mail.to('ivan.tables@example.com').at(-1)!;
    expect(letter.subject).toBe(`Бронь стола №${id} отменена — Дом 1799`);
    expect(icsOf(letter)).toContain('METHOD:CANCEL');

    // A no-show waits for the table's time: test/restaurant/table-confirmation.test.ts marks one.
  });

  it('settings refuse covers out of range', async () => {
    for (const covers of [0, -1, 501, 1.5]) {
      const res = await call('PUT', 'admin/restaurant/settings/', { covers, auto_confirm: false }, admin.headers);
      expect(res.statusCode).toBe(422);
    }
  });
});

describe('anonymous booking is rate-limited like the other anonymous writes that send mail', () => {
  it('past the strict limit per address: 429 with a detail, nothing stored', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' }, { mailer: captureMail() });
    try {
      const book = caller(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await book('POST', 'restaurant/tables/', booking({ email: `limit${i}@example.com` }))).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await book('POST', 'restaurant/tables/', booking());
      expect(refused.json<{ detail: string }>().detail).toBeTruthy();
      const [row] = await limited.database.db.select({ n: count() }).from(tableReservations);
      expect(row!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
