/**
 * Room calendars shared with booking sites (issue 11, part 3; docs/decisions/023-calendar-sync.md):
 * each room's export feed at its secret address, and imports of Booking.com's and Airbnb's feeds
 * served from loopback as those sites write them — events that hold nights, an event the feed
 * drops, a feed that fails and keeps its holds, conflicts with reservations, time zones, and every
 * kind of bad feed. Who may call each route is also proven in authorization.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, CalendarFeed, RoomCalendar } from '@hotel/domain';
import { auditEvents, calendarFeeds, reservations, roomHolds } from '../../src/db/schema';
import { parseAllowedNetworks } from '../../src/modules/calendars/feed-address';
import { parseFeed } from '../../src/modules/calendars/feed';
import { CONFLICTS_KEPT, importAllFeeds, scheduleCalendarImports } from '../../src/modules/calendars/import';
import { insertCard } from '../order-fixtures';
import { createTestApp, type TestApp } from '../app';
import { day, insertReservation, insertRooms, type TestRooms } from '../hotel-fixtures';
import { airbnbFeed, bookingComFeed, startBookingSites, type BookingSites } from '../support/booking-sites';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

/** The stand-in's network, allowed explicitly (CALENDAR_FEED_ALLOW_PRIVATE; calendar-feed-addresses.test.ts shows the default). */
const LOOPBACK = '127.0.0.1/32';
const allowedNetworks = parseAllowedNetworks(LOOPBACK);

let t: TestApp;
let call: Caller;
let room: TestRooms;
let admin: TestUser;
let sites: BookingSites;

beforeAll(async () => {
  sites = await startBookingSites();
  // The feed's time limit leaves room for the 6 MB feed to reach the size limit first on a busy machine.
  t = await createTestApp({ SEARCH_RATE_LIMIT_PER_MINUTE: '100000', CALENDAR_FEED_TIMEOUT_SECONDS: '3', CALENDAR_FEED_ALLOW_PRIVATE: LOOPBACK });
  call = caller(t);
  room = await insertRooms(t);
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

let feedCount = 0;
/** A new feed path on the stand-in, serving `body`. */
function siteFeed(body: string): string {
  feedCount += 1;
  const path = `/feeds/${feedCount}.ics`;
  sites.serve(path, { kind: 'text', body });
  return path;
}

async function addFeed(roomId: number, name: string, path: string): Promise<CalendarFeed> {
  const res = await call('POST', `admin/rooms/${roomId}/calendar/feeds/`, { name, url: sites.url(path) }, admin.headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CalendarFeed>();
}

const importNow = async (feedId: number) => {
  const res = await call('POST', `admin/calendar-feeds/${feedId}/import/`, {}, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarFeed>();
};

const importHolds = (feedId: number) => t.database.db.select().from(roomHolds).where(eq(roomHolds.feedId, feedId));
const stays = async (feedId: number) => (await importHolds(feedId)).map((hold) => hold.stay).sort();
const offered = async (arrival: string, departure: string) => {
  const res = await call('GET', `hotel/reservations/variants/?arrival=${arrival}&departure=${departure}&guest_count=1`);
  return res.statusCode === 200 ? res.json<{ room: { id: number } }[]>().map((variant) => variant.room.id) : [];
};
const boardRoom = async (roomId: number, from: string) => {
  const res = await call('GET', `admin/reservations/board/?from=${from}&days=35`, undefined, admin.headers);
  expect(res.statusCode).toBe(200);
  return res.json<Board>().rooms.find((r) => r.id === roomId)!;
};

describe('importing Booking.com and Airbnb calendars', () => {
  it("holds the nights of every event, shows them on the board with the feed's name, and takes them out of the search", async () => {
    const booking = await addFeed(
      room.double,
      'Booking.com',
      siteFeed(bookingComFeed([{ uid: '8f3a2c@booking.com', arrival: day(10), departure: day(13) }])),
    );
    const airbnb = await addFeed(
      room.double,
      'Airbnb',
      siteFeed(
        airbnbFeed([
          { uid: '1418fb94e984-a1@airbnb.com', arrival: day(20), departure: day(22) },
          { uid: '1418fb94e984-a2@airbnb.com', arrival: day(30), departure: day(40), closed: true },
        ]),
      ),
    );
    expect(booking).toMatchObject({ name: 'Booking.com', event_count: 1, last_error: '', error_code: null, conflicts: [] });
    expect(booking.last_success_at).not.toBeNull();
    expect(airbnb).toMatchObject({ event_count: 2, last_error: '' });
    expect(await stays(booking.id)).toEqual([`[${day(10)},${day(13)})`]);
    expect(await stays(airbnb.id)).toEqual([`[${day(20)},${day(22)})`, `[${day(30)},${day(40)})`]);

    const onBoard = await boardRoom(room.double, day(5));
    const imported = onBoard.holds.filter((hold) => hold.kind === 'import');
    expect(imported.map((hold) => [hold.arrival, hold.departure, hold.kind === 'import' && hold.feed_name])).toEqual([
      [day(10), day(13), 'Booking.com'],
      [day(20), day(22), 'Airbnb'],
      [day(30), day(40), 'Airbnb'],
    ]);
    // Airbnb's DESCRIPTION holds the guest's phone digits and the reservation's link: never kept.
    expect(JSON.stringify(onBoard)).not.toMatch(/4821|HMABCDEF12/);
    expect(onBoard.calendar_feeds.map((feed) => feed.name)).toEqual(['Booking.com', 'Airbnb']);

    expect(await offered(day(11), day(12))).not.toContain(room.double);
    expect(await offered(day(13), day(14))).toContain(room.double);
    // A guest cannot book a night a booking site sold.
    const guest = await createUser(t);
    const card = (await insertCard(t, guest.id)).publicId;
    const booked = await call('POST', 'hotel/reservations/', { room_id: room.double, arrival: day(21), departure: day(23), payment_method_id: card }, guest.headers);
    expect(booked.statusCode).toBe(409);
  });

  it('frees the nights of an event the feed drops, moves one it moves, and keeps the rest', async () => {
    const path = siteFeed(
      bookingComFeed([
        { uid: 'keep@booking.com', arrival: day(50), departure: day(52) },
        { uid: 'drop@booking.com', arrival: day(55), departure: day(57) },
        { uid: 'move@booking.com', arrival: day(60), departure: day(61) },
      ]),
    );
    const feed = await addFeed(room.single, 'Booking.com', path);
    const keptId = (await importHolds(feed.id)).find((hold) => hold.uid === 'keep@booking.com')!.id;
    expect(await offered(day(55), day(56))).not.toContain(room.single);

    sites.serve(path, {
      kind: 'text',
      body: bookingComFeed([
        { uid: 'keep@booking.com', arrival: day(50), departure: day(52) },
        // Moved onto nights another event of the same feed held until now.
        { uid: 'move@booking.com', arrival: day(56), departure: day(58) },
      ]),
    });
    // Staff's sync on the board: the reservations list of the caller, after every feed is read.
    const sync = await call('POST', 'hotel/reservations/sync/', {}, admin.headers);
    expect(sync.statusCode).toBe(200);
    expect(await stays(feed.id)).toEqual([`[${day(50)},${day(52)})`, `[${day(56)},${day(58)})`]);
    expect((await importHolds(feed.id)).find((hold) => hold.uid === 'keep@booking.com')!.id).toBe(keptId);
    expect(await offered(day(55), day(56))).toContain(room.single);
    expect(await offered(day(60), day(61))).toContain(room.single);
    expect(await offered(day(57), day(58))).not.toContain(room.single);
  });

  it('keeps the last good holds when a feed fails, and says why and when it last worked', async () => {
    const path = siteFeed(bookingComFeed([{ uid: 'stay@booking.com', arrival: day(70), departure: day(72) }]));
    const feed = await addFeed(room.family, 'Booking.com', path);
    const before = await stays(feed.id);

    const failures: [Parameters<BookingSites['serve']>[1], string, RegExp][] = [
      [{ kind: 'text', body: 'Internal error', status: 500, contentType: 'text/plain' }, 'http_status', /HTTP 500/],
      [{ kind: 'silent' }, 'timeout', /did not answer/],
      [{ kind: 'text', body: '<html><body>Sign in</body></html>', contentType: 'text/html' }, 'not_calendar', /not an iCalendar/],
      [{ kind: 'text', body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nthis is broken\r\n' }, 'not_calendar', /cannot be read/],
      [{ kind: 'huge', bytes: 6 * 1024 * 1024 }, 'too_large', /larger than 5 MB/],
    ];
    for (const [answer, code, message] of failures) {
      sites.serve(path, answer);
      const result = await importNow(feed.id);
      expect(result.error_code, code).toBe(code);
      expect(result.last_error).toMatch(message);
      expect(result.last_success_at).toBe(feed.last_success_at);
      expect(result.event_count).toBe(1);
      expect(await stays(feed.id)).toEqual(before);
    }
    const [warning] = (await boardRoom(room.family, day(60))).calendar_feeds;
    expect(warning).toMatchObject({ name: 'Booking.com', error_code: 'too_large', last_success_at: feed.last_success_at });

    sites.serve(path, { kind: 'text', body: bookingComFeed([]) });
    const healed = await importNow(feed.id);
    expect(healed).toMatchObject({ error_code: null, last_error: '', event_count: 0 });
    expect(await stays(feed.id)).toEqual([]);
  });

  it('an unreachable site is a failure too', async () => {
    const feed = await addFeed(room.family, 'Closed site', siteFeed(bookingComFeed([])));
    await t.database.db.update(calendarFeeds).set({ url: 'http://127.0.0.1:1/calendar.ics' }).where(eq(calendarFeeds.id, feed.id));
    expect(await importNow(feed.id)).toMatchObject({ error_code: 'unreachable', last_error: 'The calendar could not be read' });
  });

  it('keeps an event whose nights are already sold here as a conflict, and holds them once they are free', async () => {
    const guest = await createUser(t);
    const reservationId = await insertReservation(t, { userId: guest.id, roomId: room.family, arrival: day(90), departure: day(92) });
    const path = siteFeed(
      airbnbFeed([
        { uid: 'clash@airbnb.com', arrival: day(91), departure: day(93) },
        { uid: 'fine@airbnb.com', arrival: day(95), departure: day(96) },
      ]),
    );
    const feed = await addFeed(room.family, 'Airbnb', path);
    expect(feed.event_count).toBe(1);
    expect(feed.conflicts).toEqual([
      {
        uid: 'clash@airbnb.com',
        arrival: day(91),
        departure: day(93),
        summary: 'Reserved',
        holds: [{ kind: 'reservation', reservation_id: reservationId, first_night: day(91), last_night: day(91), note: '' }],
      },
    ]);
    expect(feed.conflicts_omitted).toBe(0);
    const onBoard = await boardRoom(room.family, day(85));
    expect(onBoard.calendar_feeds.find((f) => f.id === feed.id)).toMatchObject({ conflicts: [expect.objectContaining({ uid: 'clash@airbnb.com' })], conflicts_omitted: 0 });
    // The guest's stay is untouched.
    expect((await t.database.db.select().from(reservations).where(eq(reservations.id, reservationId)))[0]!.canceledAt).toBeNull();

    await t.database.db.update(reservations).set({ canceledAt: new Date() }).where(eq(reservations.id, reservationId));
    const resolved = await importNow(feed.id);
    expect(resolved).toMatchObject({ event_count: 2, conflicts: [], conflicts_omitted: 0 });
    expect(await stays(feed.id)).toEqual([`[${day(91)},${day(93)})`, `[${day(95)},${day(96)})`]);
  });

  it("names what holds a conflict's nights: another booking site's event by its calendar's name, a block by its note", async () => {
    const booking = await addFeed(room.single, 'Booking.com', siteFeed(bookingComFeed([{ uid: 'first@booking.com', arrival: day(250), departure: day(252) }])));
    expect(booking.event_count).toBe(1);
    const blocked = await call('POST', 'admin/blocks/', { room_id: room.single, arrival: day(255), departure: day(256), note: 'Ремонт' }, admin.headers);
    expect(blocked.statusCode, blocked.body).toBe(201);
    const airbnb = await addFeed(
      room.single,
      'Airbnb',
      siteFeed(
        airbnbFeed([
          { uid: 'second@airbnb.com', arrival: day(251), departure: day(253) },
          { uid: 'third@airbnb.com', arrival: day(255), departure: day(257) },
        ]),
      ),
    );
    expect(airbnb.conflicts.map((conflict) => [conflict.uid, conflict.holds])).toEqual([
      ['second@airbnb.com', [{ kind: 'import', reservation_id: null, first_night: day(251), last_night: day(251), note: 'Booking.com' }]],
      ['third@airbnb.com', [{ kind: 'block', reservation_id: null, first_night: day(255), last_night: day(255), note: 'Ремонт' }]],
    ]);
  });

  it('removing a feed frees its nights and is audited', async () => {
    const feed = await addFeed(room.single, 'Old site', siteFeed(bookingComFeed([{ uid: 'x@old', arrival: day(120), departure: day(121) }])));
    expect(await offered(day(120), day(121))).not.toContain(room.single);
    const res = await call('DELETE', `admin/calendar-feeds/${feed.id}/`, undefined, admin.headers);
    expect(res.statusCode).toBe(204);
    expect(await offered(day(120), day(121))).toContain(room.single);
    expect((await call('DELETE', `admin/calendar-feeds/${feed.id}/`, undefined, admin.headers)).statusCode).toBe(404);
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `room ${room.single}`))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['calendar_feed.add', 'calendar_feed.remove']));
  });

  it("a guest's sync answers their list and reads no booking site", async () => {
    const path = siteFeed(bookingComFeed([]));
    await addFeed(room.single, 'Quiet', path);
    const hits = sites.hits(path);
    const guest = await createUser(t);
    const res = await call('POST', 'hotel/reservations/sync/', {}, guest.headers);
    expect(res.statusCode).toBe(200);
    expect(sites.hits(path)).toBe(hits);
  });

  it('the timer imports every feed without anyone asking', async () => {
    const feed = await addFeed(room.single, 'Timed', siteFeed(bookingComFeed([])));
    const path = `/feeds/timed-${feed.id}.ics`;
    sites.serve(path, { kind: 'text', body: bookingComFeed([{ uid: 'timed@booking.com', arrival: day(140), departure: day(142) }]) });
    await t.database.db.update(calendarFeeds).set({ url: sites.url(path) }).where(eq(calendarFeeds.id, feed.id));
    const schedule = scheduleCalendarImports(t.database.db, t.database.jobLocks, 60_000, t.app.log, { firstAfterMs: 0, timeoutMs: 500, allowedNetworks });
    try {
      await expect.poll(() => stays(feed.id), { timeout: 5000 }).toEqual([`[${day(140)},${day(142)})`]);
    } finally {
      await schedule.stop();
    }
  });
});

describe('bad feeds and bad input', () => {
  it('refuses addresses that are not http(s) with a sentence (issue 21, point 7), names out of rule, a duplicate and an unknown room', async () => {
    const url = sites.url(siteFeed(bookingComFeed([])));
    const post = (roomId: number | string, body: unknown) => call('POST', `admin/rooms/${roomId}/calendar/feeds/`, body, admin.headers);
    for (const bad of ['ftp://example.com/x.ics', 'javascript:alert(1)', 'not a url', 'http://user:secret@example.com/x.ics', '', `http://example.com/${'a'.repeat(2100)}`]) {
      const res = await post(room.double, { name: 'Site', url: bad });
      expect(res.statusCode, bad).toBe(422);
      // A sentence, never the translation key the screen uses (issue 21, point 7).
      expect(res.json().detail, bad).toMatch(/^body\.url: [A-Z]/);
      expect(res.json().detail, bad).not.toMatch(/admin:|common:/);
    }
    for (const name of ['', 'a'.repeat(61), 'Bad\u0000name']) expect((await post(room.double, { name, url })).statusCode).toBe(422);
    expect((await post(room.double, { name: 'Site', url, extra: 1 })).statusCode).toBe(422);
    expect((await post(987654, { name: 'Site', url })).statusCode).toBe(404);
    expect((await post('0', { name: 'Site', url })).statusCode).toBe(422);
    expect((await post(room.double, { name: 'Site', url })).statusCode).toBe(201);
    const twice = await post(room.double, { name: 'Again', url });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/already imports/);
    expect((await call('POST', 'admin/calendar-feeds/99999999/import/', {}, admin.headers)).statusCode).toBe(404);
    expect((await call('POST', 'admin/calendar-feeds/abc/import/', {}, admin.headers)).statusCode).toBe(422);
  });

  it('reads events in other time zones as the hotel days they fall on, and skips events without dates', async () => {
    const today = '2026-11-24';
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other site//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Site Local',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:-1000',
      'TZOFFSETTO:-1000',
      'END:STANDARD',
      'END:VTIMEZONE',
      // 22:00 in New York on 1 Dec is 06:00 on 2 Dec in Minsk; noon on the 4th is 20:00 in Minsk.
      'BEGIN:VEVENT',
      'UID:ny',
      'DTSTART;TZID=America/New_York:20261201T220000',
      'DTEND;TZID=America/New_York:20261204T120000',
      'END:VEVENT',
      // UTC: 23:30 on 9 Dec is 02:30 on the 10th in Minsk.
      'BEGIN:VEVENT',
      'UID:utc',
      'DTSTART:20261209T233000Z',
      'DTEND:20261211T080000Z',
      'END:VEVENT',
      // A zone the feed defines (UTC-10): 20:00 on 14 Dec is 09:00 on the 15th in Minsk.
      'BEGIN:VEVENT',
      'UID:own-zone',
      'DTSTART;TZID=Site Local:20261214T200000',
      'DURATION:P2D',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:no-dates',
      'SUMMARY:Nothing to hold',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:unknown-zone',
      'DTSTART;TZID=Mars/Olympus:20261220T120000',
      'DTEND;TZID=Mars/Olympus:20261222T120000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:past',
      'DTSTART;VALUE=DATE:20261101',
      'DTEND;VALUE=DATE:20261105',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:cancelled',
      'STATUS:CANCELLED',
      'DTSTART;VALUE=DATE:20261201',
      'DTEND;VALUE=DATE:20261205',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:far',
      'DTSTART;VALUE=DATE:20300101',
      'DTEND;VALUE=DATE:20300105',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:ny',
      'DTSTART;VALUE=DATE:20261201',
      'DTEND;VALUE=DATE:20261202',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART;VALUE=DATE:20261201',
      'DTEND;VALUE=DATE:20261202',
      'RRULE:FREQ=WEEKLY',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:same-day',
      'DTSTART;VALUE=DATE:20261230',
      'DTEND;VALUE=DATE:20261230',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const parsed = await parseFeed(text, today);
    expect(parsed.events.map(({ uid, arrival, departure }) => [uid, arrival, departure])).toEqual([
      ['ny', '2026-12-02', '2026-12-04'],
      ['utc', '2026-12-10', '2026-12-11'],
      ['own-zone', '2026-12-15', '2026-12-17'],
      ['same-day', '2026-12-30', '2026-12-31'],
    ]);
    expect(parsed.skipped).toEqual([
      { uid: 'no-dates', reason: 'no_dates' },
      { uid: 'unknown-zone', reason: 'bad_dates' },
      { uid: 'far', reason: 'too_far' },
      { uid: 'ny', reason: 'duplicate' },
      { uid: 'weekly', reason: 'recurring' },
    ]);
  });

  it('an event longer than two years ahead is cut at the horizon; one under way holds from today', async () => {
    const text = bookingComFeed([
      { uid: 'long', arrival: '2026-12-01', departure: '2031-01-01' },
      { uid: 'now', arrival: '2026-11-20', departure: '2026-11-27' },
    ]);
    expect((await parseFeed(text, '2026-11-24')).events.map(({ uid, arrival, departure }) => [uid, arrival, departure])).toEqual([
      ['long', '2026-12-01', '2028-11-23'],
      ['now', '2026-11-24', '2026-11-27'],
    ]);
  });

  it('a feed of thousands of overlapping events is bounded: 2,000 considered, 50 conflicts kept and the rest counted for staff, written in a few statements (issue 21, point 2)', async () => {
    const events = Array.from({ length: 2500 }, (_, i) => ({ uid: `o${i}`, arrival: day(400 + (i >= 2000 ? 1 : 0)), departure: day(402) }));
    const started = Date.now();
    const feed = await addFeed(room.single, 'Overlapping', siteFeed(bookingComFeed(events)));
    const took = Date.now() - started;
    expect(feed).toMatchObject({ error_code: null, event_count: 1 });
    expect(feed.conflicts).toHaveLength(CONFLICTS_KEPT);
    expect(feed.conflicts[0]).toMatchObject({ uid: 'o1', holds: [expect.objectContaining({ kind: 'import' })] });
    // Of the 2,000 considered one holds the nights; of the 1,999 conflicts the first 50 are listed.
    expect(feed.conflicts_omitted).toBe(1999 - CONFLICTS_KEPT);
    // Staff see the count where they see the conflicts: the room's calendars and the board.
    const calendar = await call('GET', `admin/rooms/${room.single}/calendar/`, undefined, admin.headers);
    expect(calendar.json<RoomCalendar>().feeds.find((f) => f.id === feed.id)).toMatchObject({ conflicts_omitted: 1999 - CONFLICTS_KEPT });
    const onBoard = (await boardRoom(room.single, day(0))).calendar_feeds.find((f) => f.id === feed.id)!;
    expect(onBoard.conflicts).toHaveLength(CONFLICTS_KEPT);
    expect(onBoard.conflicts_omitted).toBe(1999 - CONFLICTS_KEPT);
    // The 500 that start later than the first 2,000 are not considered.
    expect(feed.skipped).toHaveLength(50);
    expect(feed.skipped.every((skip) => skip.reason === 'too_far')).toBe(true);
    expect(await stays(feed.id)).toEqual([`[${day(400)},${day(402)})`]);
    // Statement by statement, this took seconds on the embedded database.
    expect(took).toBeLessThan(5000);
  });

  it('a feed with more events than a room can have is refused whole', async () => {
    const events = Array.from({ length: 5001 }, (_, i) => ({ uid: `e${i}`, arrival: day(10), departure: day(11) }));
    const feed = await addFeed(room.double, 'Flood', siteFeed(bookingComFeed(events)));
    expect(feed).toMatchObject({ error_code: 'too_many_events', event_count: 0 });
    expect(await stays(feed.id)).toEqual([]);
  });
});

describe("a room's calendar for booking sites", () => {
  it('serves every taken night as "Not available", nothing about the guest, at an address only staff see', async () => {
    const guest = await createUser(t, { firstName: 'Скрытая' });
    await insertReservation(t, { userId: guest.id, roomId: room.single, arrival: day(200), departure: day(203) });
    const block = await call('POST', 'admin/blocks/', { room_id: room.single, arrival: day(210), departure: day(211), note: 'Ремонт крана' }, admin.headers);
    expect(block.statusCode, block.body).toBe(201);

    const calendar = await call('GET', `admin/rooms/${room.single}/calendar/`, undefined, admin.headers);
    expect(calendar.statusCode).toBe(200);
    const { export_url: address } = calendar.json<RoomCalendar>();
    expect(address).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/hotel\/calendars\/[0-9a-f]{64}\.ics$/);
    // Asked again, the address is the same.
    expect((await call('GET', `admin/rooms/${room.single}/calendar/`, undefined, admin.headers)).json<RoomCalendar>().export_url).toBe(address);

    // A booking site sends neither our client token nor a session.
    const path = new URL(address).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const text = feed.body;
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`DTSTART;VALUE=DATE:${day(200).replaceAll('-', '')}\r\nDTEND;VALUE=DATE:${day(203).replaceAll('-', '')}`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${day(210).replaceAll('-', '')}`);
    expect(text).not.toMatch(/Скрытая|Ремонт|@example\.com/);
    expect(text.match(/SUMMARY:Not available/g)?.length).toBeGreaterThanOrEqual(2);
    // What we write, a booking site (and our own import) reads back night for night.
    const readBack = (await parseFeed(text, day(0))).events.map((event) => [event.arrival, event.departure]);
    expect(readBack).toEqual(expect.arrayContaining([[day(200), day(203)], [day(210), day(211)]]));

    for (const wrong of ['0'.repeat(64) + '.ics', 'room.ics', `${path.split('/').pop()!.slice(0, 64)}.txt`, `${'A'.repeat(64)}.ics`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/hotel/calendars/${wrong}` });
      expect(res.statusCode, wrong).toBe(404);
      expect(res.json()).toEqual({ detail: 'No such calendar' });
    }
    const nul = await t.app.inject({ method: 'GET', url: '/api/v1/hotel/calendars/%00.ics' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toHaveProperty('detail');

    const renewed = await call('POST', `admin/rooms/${room.single}/calendar/address/`, {}, admin.headers);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json<RoomCalendar>().export_url;
    expect(next).not.toBe(address);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(next).pathname })).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'room.calendar_address'));
    expect(JSON.stringify(entry)).not.toContain(new URL(next).pathname.slice(-68, -4));
    expect((await call('POST', 'admin/rooms/987654/calendar/address/', {}, admin.headers)).statusCode).toBe(404);
    expect((await call('GET', 'admin/rooms/987654/calendar/', undefined, admin.headers)).statusCode).toBe(404);
  });

  it('every import runs once per feed even when the timer and staff ask at once', async () => {
    const feed = await addFeed(room.family, 'Both', siteFeed(bookingComFeed([{ uid: 'both', arrival: day(300), departure: day(302) }])));
    await Promise.all([importAllFeeds(t.database.db, { timeoutMs: 500, allowedNetworks }), importNow(feed.id), importNow(feed.id)]);
    expect(await stays(feed.id)).toEqual([`[${day(300)},${day(302)})`]);
  });
});
