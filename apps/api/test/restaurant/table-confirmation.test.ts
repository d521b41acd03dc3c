/**
 * Letters and tables for strangers (issue 42, points 9, 10 and 13): one-line fields refuse line
 * breaks, a table booked with an e-mail not proved the booker's gets one short letter with a link
 * and nothing the booker typed, holds its seats only for a while, is capped per client address and
 * per e-mail per day, staff see and clear such tables; letters per recipient per day are capped;
 * seated and no-show only from the table's time, a no-show taken back. Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishMessage, TABLE_DETAILS, type TableBoard, type TableReservation } from '@hotel/domain';
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
let unactivated: TestUser;

const HOLD_MINUTES = 30;

beforeAll(async () => {
  mail = captureMail();
  t = await createTestApp(
    {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_URL: 'https://house1799.example',
      TABLE_UNCONFIRMED_HOLD_MINUTES: String(HOLD_MINUTES),
      // Each test uses its own addresses; the caps' own test counts against these.
      TABLE_BOOKINGS_PER_ADDRESS_PER_DAY: '40',
      TABLE_BOOKINGS_PER_EMAIL_PER_DAY: '2',
      MAIL_PER_RECIPIENT_PER_DAY: '3',
    },
    { mailer: mail },
  );
  call = caller(t);
  admin = await createUser(t, { role: 'admin' });
  guest = await createUser(t, { firstName: 'Анна' });
  unactivated = await createUser(t, { isActive: false });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  mail.letters.length = 0;
  await setCovers(40);
});
afterEach(() => {
  vi.useRealTimers();
});

async function setCovers(covers: number, headers = admin.headers) {
  const res = await call('PUT', 'admin/restaurant/settings/', { covers, auto_confirm: false }, headers);
  expect(res.statusCode).toBe(200);
}

let addresses = 0;
/** A fresh e-mail for each booking, so the per-e-mail cap counts only where a test means it to. */
const freshEmail = () => `table-guest-${(addresses += 1)}@example.com`;

const booking = (over: Record<string, unknown> = {}) => ({
  date: day(5),
  time: '19:30',
  party: 4,
  name: 'Anna Kovaleva',
  phone: '+375 29 123-45-67',
  email: freshEmail(),
  wishes: 'By the window',
  language: 'en',
  ...over,
});

/** The secret in the letter's confirmation link (the fragment of /restaurant/book/confirm). */
function tokenIn(text: string): string {
  const match = /\/restaurant\/book\/confirm\?lang=(?:en|ru)#([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return match[1]!;
}

const dayTimes = async (date: string, party: number) =>
  new Map(
    (await call('GET', `restaurant/tables/day/?date=${date}&party=${party}`)).json<{ times: { time: string; free: boolean }[] }>().times.map((slot) => [slot.time, slot.free]),
  );

/** An instant on the hotel's clock (Minsk keeps UTC+3 all year). */
const minsk = (date: string, clock: string) => new Date(`${date}T${clock}:00+03:00`);

const board = async (date: string, headers = admin.headers) => (await call('GET', `admin/restaurant/day/?date=${date}`, undefined, headers)).json<TableBoard>();

/** Moves the clock and signs a member of staff in then: a test user's session lasts a day. */
async function staffAt(instant: Date) {
  vi.setSystemTime(instant);
  return (await createUser(t, { role: 'admin' })).headers;
}

describe('one-line fields refuse line breaks (issue 42.9)', () => {
  const oneLine = englishMessage('common:validation.oneLine');

  for (const [field, value] of [
    ['name', 'Anna\nBcc: victim@example.com'],
    ['name', 'Anna\r\nKovaleva'],
    ['name', 'Anna\u2028Kovaleva'],
    ['phone', '+375 29\n123-45-67'],
  ] as const) {
    it(`a table's ${field} with ${JSON.stringify(value.replace(/[^\r\n\u2028]/g, ''))}: 422 naming the rule, nothing stored, no letter`, async () => {
      const email = freshEmail();
      const res = await call('POST', 'restaurant/tables/', booking({ [field]: value, email }));
      expect(res.statusCode).toBe(422);
      expect(res.json<{ detail: string }>().detail).toContain(oneLine);
      expect(await t.database.db.select().from(tableReservations).where(eq(tableReservations.email, email))).toHaveLength(0);
      expect(mail.letters).toHaveLength(0);
    });
  }

  it('the account profile, a saved address and a guest refuse line breaks too', async () => {
    const profile = await call(
      'PUT',
      'account/',
      { username: 'anna', first_name: 'Anna\nX', last_name: 'Kovaleva', email: guest.email, phone: '+375291234567', gender: null },
      guest.headers,
    );
    expect(profile.statusCode).toBe(422);
    expect(profile.json<{ detail: string }>().detail).toContain(oneLine);
    const address = await call('POST', 'account/addresses/', { label: 'Home\nWork', address: 'Lenina 1' }, guest.headers);
    expect(address.statusCode).toBe(422);
    expect(address.json<{ detail: string }>().detail).toContain(oneLine);
    const person = await call('POST', 'account/guests/', { first_name: 'Ivan', last_name: 'Ivanov\r' }, guest.headers);
    expect(person.statusCode).toBe(422);
    expect(person.json<{ detail: string }>().detail).toContain(oneLine);
  });
});

describe('an unconfirmed e-mail gets one short letter with a link (issue 42.9)', () => {
  it('no word the booker typed reaches the letter; the link confirms and the full letter follows', async () => {
    const email = freshEmail();
    // Wishes stay multi-line: they reach only the letter after the link is followed.
    const res = await call('POST', 'restaurant/tables/', booking({ email, name: 'Win a prize at spam.example', wishes: 'Call +1 555 0100 now\nA high chair' }));
    expect(res.statusCode).toBe(201);
    const table = res.json<TableReservation>();
    expect(table).toMatchObject({ status: 'requested', email_state: 'awaiting' });
    expect(Date.parse(table.hold_until!) - Date.now()).toBeGreaterThan((HOLD_MINUTES - 1) * 60_000);

    const letters = mail.to(email);
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    expect(letter!.subject).toBe('Confirm your table — House 1799');
    for (const part of [letter!.subject, letter!.text, letter!.html]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('555 0100');
      expect(part).not.toContain('Win a prize');
    }
    expect(letter!.attachments ?? []).toHaveLength(0);
    const token = tokenIn(letter!.text);

    const confirmed = await call('POST', 'restaurant/tables/confirm/', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<TableReservation>()).toMatchObject({ id: table.id, email_state: 'confirmed', hold_until: null });
    expect(mail.to(email).map((sent) => sent.subject)).toEqual(['Confirm your table — House 1799', `Table request #${table.id} received — House 1799`]);
    expect(mail.to(email)[1]!.text).toContain('Call +1 555 0100 now');

    // Following the link again changes nothing and sends nothing.
    expect((await call('POST', 'restaurant/tables/confirm/', { token })).statusCode).toBe(200);
    expect(mail.to(email)).toHaveLength(2);
  });

  it('staff confirming an unconfirmed table send no letter', async () => {
    const email = freshEmail();
    const table = (await call('POST', 'restaurant/tables/', booking({ email }))).json<TableReservation>();
    mail.letters.length = 0;
    const res = await call('POST', `admin/restaurant/tables/${table.id}/step/`, { step: 'confirm' }, admin.headers);
    expect(res.json<TableReservation>().status).toBe('confirmed');
    expect(mail.letters).toHaveLength(0);
  });

  it('an unknown or malformed secret: 404 / 422 with a detail', async () => {
    const unknown = await call('POST', 'restaurant/tables/confirm/', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.confirmLink);
    expect((await call('POST', 'restaurant/tables/confirm/', { token: 'short' })).statusCode).toBe(422);
  });

  it('an activated account booking with its own address is confirmed at once; another address or an account not activated is not', async () => {
    const own = (await call('POST', 'restaurant/tables/', booking({ email: undefined, time: '13:00' }), guest.headers)).json<TableReservation>();
    expect(own.email_state).toBe('confirmed');
    expect(mail.to(guest.email).at(-1)!.subject).toBe(`Table request #${own.id} received — House 1799`);
    const elsewhere = (await call('POST', 'restaurant/tables/', booking({ time: '13:00' }), guest.headers)).json<TableReservation>();
    expect(elsewhere.email_state).toBe('awaiting');
    const notActive = (await call('POST', 'restaurant/tables/', booking({ email: undefined, time: '13:00' }), unactivated.headers)).json<TableReservation>();
    expect(notActive.email_state).toBe('awaiting');
  });
});

describe('letters per recipient per day are capped (issue 42.9)', () => {
  it('past MAIL_PER_RECIPIENT_PER_DAY a letter is not sent and the log says so; a code still goes', async () => {
    const email = freshEmail();
    const table = (await call('POST', 'restaurant/tables/', booking({ email }))).json<TableReservation>();
    const token = tokenIn(mail.to(email)[0]!.text);
    await call('POST', 'restaurant/tables/confirm/', { token });
    // Two letters so far; staff move the table three times: only one more letter reaches the guest.
    for (const time of ['18:00', '18:15', '18:30']) {
      expect((await call('POST', `admin/restaurant/tables/${table.id}/move/`, { date: day(5), time }, admin.headers)).statusCode).toBe(200);
    }
    expect(mail.to(email)).toHaveLength(3);
    expect(t.logLines.some((line) => line.includes('mail not sent: the recipient had the day’s letters'))).toBe(true);
    expect(t.logLines.filter((line) => line.includes('mail not sent')).join('\n')).not.toContain(email);

    await t.app.mailer.send({ to: email, subject: 'code', text: 'code', html: 'code', essential: true });
    expect(mail.to(email).at(-1)!.subject).toBe('code');
  });
});

describe('an unconfirmed table holds its seats only for a while (issue 42.10)', () => {
  it('after the hold it no longer counts: the time is free again, staff see it expired, its late link meets a full slot', async () => {
    const start = minsk(day(2), '10:00');
    const date = day(10);
    vi.useFakeTimers({ toFake: ['Date'] });
    let staff = await staffAt(start);
    await setCovers(4, staff);
    const email = freshEmail();
    const first = (await call('POST', 'restaurant/tables/', booking({ date, time: '19:00', party: 4, email }))).json<TableReservation>();
    const token = tokenIn(mail.to(email)[0]!.text);
    expect((await dayTimes(date, 2)).get('19:00')).toBe(false);
    expect((await call('POST', 'restaurant/tables/', booking({ date, time: '19:00', party: 2 }))).statusCode).toBe(409);

    staff = await staffAt(new Date(start.getTime() + (HOLD_MINUTES + 1) * 60_000));
    expect((await dayTimes(date, 2)).get('19:00')).toBe(true);
    const seen = await board(date, staff);
    expect(seen.reservations.find((row) => row.id === first.id)!.email_state).toBe('expired');
    expect(seen.load.find((slot) => slot.time === '19:00')!.taken).toBe(0);

    const second = await call('POST', 'admin/restaurant/tables/', { date, time: '19:00', party: 4, name: 'Ivan', source: 'phone' }, staff);
    expect(second.statusCode).toBe(201);
    const late = await call('POST', 'restaurant/tables/confirm/', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.full);
  });

  it('a table confirmed in time keeps holding its seats after the hold', async () => {
    const start = minsk(day(2), '11:00');
    const date = day(11);
    vi.useFakeTimers({ toFake: ['Date'] });
    await setCovers(4, await staffAt(start));
    const email = freshEmail();
    await call('POST', 'restaurant/tables/', booking({ date, time: '19:00', party: 4, email }));
    expect((await call('POST', 'restaurant/tables/confirm/', { token: tokenIn(mail.to(email)[0]!.text) })).statusCode).toBe(200);
    vi.setSystemTime(new Date(start.getTime() + 2 * HOLD_MINUTES * 60_000));
    expect((await dayTimes(date, 2)).get('19:00')).toBe(false);
  });
});

describe('caps per client address and per e-mail per day (issue 42.10)', () => {
  it('a third unconfirmed booking for one e-mail in a day: 429, nothing stored; the next day it books', async () => {
    const [first, second, date] = [day(3), day(4), day(12)];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(minsk(first, '10:00'));
    const email = freshEmail();
    const statuses = [];
    for (const time of ['13:00', '14:00', '15:00']) statuses.push((await call('POST', 'restaurant/tables/', booking({ date, time, email }))).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await call('POST', 'restaurant/tables/', booking({ date, time: '16:00', email }));
    expect(refused.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.tooManyForEmail);
    expect(await t.database.db.select().from(tableReservations).where(eq(tableReservations.email, email))).toHaveLength(2);
    vi.setSystemTime(minsk(second, '10:00'));
    expect((await call('POST', 'restaurant/tables/', booking({ date, time: '16:00', email }))).statusCode).toBe(201);
  });

  it('12 racing bookings for one e-mail: exactly the cap books, the rest are 429 (a lock only PostgreSQL can prove)', { timeout: 60_000 }, async () => {
    const email = freshEmail();
    const times = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'];
    const answers = await Promise.all(times.map((time, i) => call('POST', 'restaurant/tables/', booking({ date: day(13 + (i % 3)), time, email }))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await t.database.db.select().from(tableReservations).where(eq(tableReservations.email, email))).toHaveLength(2);
  });

  it('past the cap per client address: 429 whatever the e-mail; an activated account with its own address is not counted', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TABLE_BOOKINGS_PER_ADDRESS_PER_DAY: '3' }, { mailer: captureMail() });
    try {
      const book = caller(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await book('POST', 'restaurant/tables/', booking())).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await book('POST', 'restaurant/tables/', booking());
      expect(refused.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.tooManyFromAddress);
      const member = await createUser(limited);
      expect((await book('POST', 'restaurant/tables/', booking({ email: undefined }), member.headers)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('staff see unconfirmed tables apart and clear them at once (issue 42.10)', () => {
  it('the board counts them on every day; clearing cancels them all and nothing else, with no letter', async () => {
    const before = (await board(day(20))).unconfirmed_total;
    const waiting = (await call('POST', 'restaurant/tables/', booking({ date: day(20) }))).json<TableReservation>();
    const other = (await call('POST', 'restaurant/tables/', booking({ date: day(21) }))).json<TableReservation>();
    const own = (await call('POST', 'restaurant/tables/', booking({ date: day(20), email: undefined }), guest.headers)).json<TableReservation>();
    expect((await board(day(20))).unconfirmed_total).toBe(before + 2);
    mail.letters.length = 0;

    const cleared = await call('POST', 'admin/restaurant/unconfirmed/clear/', {}, admin.headers);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ cleared: number }>().cleared).toBe(before + 2);
    const after = await board(day(20));
    expect(after.unconfirmed_total).toBe(0);
    expect(after.reservations.find((row) => row.id === waiting.id)!.status).toBe('cancelled');
    expect(after.reservations.find((row) => row.id === own.id)!.status).toBe('requested');
    expect((await board(day(21))).reservations.find((row) => row.id === other.id)!.status).toBe('cancelled');
    expect(mail.letters).toHaveLength(0);
  });
});

describe('seated and no-show only from the table’s time, a no-show taken back (issue 42.13)', () => {
  it('tomorrow’s table: 409 before its time; from its time seated or a no-show, the no-show undone, no letter', async () => {
    const [today, tomorrow] = [day(1), day(2)];
    vi.useFakeTimers({ toFake: ['Date'] });
    let staff = await staffAt(minsk(today, '12:00'));
    const make = async (time: string) =>
      (await call('POST', 'admin/restaurant/tables/', { date: tomorrow, time, party: 2, name: 'Ivan', source: 'phone', email: freshEmail() }, staff)).json<TableReservation>();
    const step = (id: number, name: string) => call('POST', `admin/restaurant/tables/${id}/step/`, { step: name }, staff);
    const a = await make('19:00');
    const b = await make('19:30');
    mail.letters.length = 0;
    for (const name of ['seat', 'no_show']) {
      const early = await step(a.id, name);
      expect(early.statusCode).toBe(409);
      expect(early.json<{ detail: string }>().detail).toBe(TABLE_DETAILS.notYet);
    }
    staff = await staffAt(minsk(tomorrow, '18:59')); // still a minute early
    expect((await step(a.id, 'seat')).statusCode).toBe(409);
    vi.setSystemTime(minsk(tomorrow, '19:00'));
    expect((await step(a.id, 'seat')).json<TableReservation>().status).toBe('seated');

    vi.setSystemTime(minsk(tomorrow, '19:45'));
    expect((await step(b.id, 'no_show')).json<TableReservation>().status).toBe('no_show');
    const undone = await step(b.id, 'undo_no_show');
    expect(undone.statusCode).toBe(200);
    expect(undone.json<TableReservation>().status).toBe('confirmed');
    expect((await step(a.id, 'undo_no_show')).statusCode).toBe(409);
    expect(mail.letters).toHaveLength(0);
  });
});
