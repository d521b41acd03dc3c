/**
 * A booking site's calendar address cannot reach inside (issue 21, point 1;
 * docs/decisions/024-calendar-feed-addresses.md): loopback in every spelling, private and
 * link-local networks and a redirect to any of them are refused before a connection is opened,
 * with one message for staff whatever the reason, unless the operator lists the network in
 * CALENDAR_FEED_ALLOW_PRIVATE. A listener on loopback counts every connection made to it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@hotel/domain';
import { loadEnv } from '../../src/env';
import { guardedLookup, mayConnectTo, parseAllowedNetworks } from '../../src/modules/calendars/feed-address';
import { FEED_UNREADABLE, FeedError, fetchFeedText } from '../../src/modules/calendars/feed';
import { createTestApp, type TestApp } from '../app';
import { day, insertRooms, type TestRooms } from '../hotel-fixtures';
import { bookingComFeed } from '../support/booking-sites';
import { insideFeedUrls } from '../support/fuzz';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

interface Listener {
  port: number;
  /** Connections accepted so far (a refused fetch must never open one). */
  connections: number;
  /** What each path answers: a calendar, or a redirect. */
  answers: Map<string, { location: string } | { body: string }>;
  close(): Promise<void>;
}

async function listen(host: string): Promise<Listener> {
  const sockets = new Set<Socket>();
  const listener: Listener = {
    port: 0,
    connections: 0,
    answers: new Map(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    const answer = listener.answers.get(request.url ?? '');
    if (!answer) return void response.writeHead(404).end();
    if ('location' in answer) return void response.writeHead(302, { location: answer.location }).end();
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(answer.body);
  });
  server.on('connection', (socket) => {
    listener.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}

const calendar = bookingComFeed([{ uid: 'inside@example', arrival: day(10), departure: day(12) }]);

let t: TestApp;
let call: Caller;
let room: TestRooms;
let admin: TestUser;
/** Every IPv4 and IPv6 loopback connection (a dual-stack listener), or IPv4 only where IPv6 is off. */
let inside: Listener;

beforeAll(async () => {
  inside = await listen('::').catch(() => listen('127.0.0.1'));
  inside.answers.set('/calendar.ics', { body: calendar });
  // The default: CALENDAR_FEED_ALLOW_PRIVATE unset.
  t = await createTestApp({ CALENDAR_FEED_TIMEOUT_SECONDS: '2' });
  call = caller(t);
  room = await insertRooms(t);
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await inside?.close();
});

describe('calendar feed addresses inside the hotel are refused (issue 21, point 1)', () => {
  it('refuses loopback in every spelling, private and link-local addresses, before any connection, with one message', async () => {
    const addresses = insideFeedUrls(inside.port);
    for (const [index, url] of addresses.entries()) {
      const res = await call('POST', `admin/rooms/${room.double}/calendar/feeds/`, { name: 'Inside', url }, admin.headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      const feed = res.json<CalendarFeed>();
      expect(feed, url).toMatchObject({ error_code: 'unreachable', last_error: FEED_UNREADABLE, event_count: 0, last_success_at: null });
      // Refused by the guard, not by the network: an address nobody answers would have timed out.
      // ("localhost." is not in the hosts file: the name does not resolve, which reads the same.)
      const logged = t.logLines.filter((line) => line.includes(`"feedId":${feed.id},`));
      expect(logged, url).toHaveLength(1);
      expect(logged[0], url).toMatch(/not a public address|ENOTFOUND|EAI_AGAIN/);
      // Staff's sync and the timer read the stored address again: refused again.
      const again = await call('POST', `admin/calendar-feeds/${feed.id}/import/`, {}, admin.headers);
      expect(again.json<CalendarFeed>()).toMatchObject({ error_code: 'unreachable', last_error: FEED_UNREADABLE });
      // A room lists ten feeds at most; the last one stays for the board's sync below.
      if (index === addresses.length - 1) continue;
      expect((await call('DELETE', `admin/calendar-feeds/${feed.id}/`, undefined, admin.headers)).statusCode).toBe(204);
    }
    expect(inside.connections).toBe(0);
    await call('POST', `admin/rooms/${room.double}/calendar/feeds/`, { name: 'Inside', url: `http://localhost:${inside.port}/calendar.ics` }, admin.headers);
    const board = await call('POST', 'hotel/reservations/sync/', {}, admin.headers);
    expect(board.statusCode).toBe(200);
    expect(inside.connections).toBe(0);
  });

  it('a closed port and an open one read the same to staff', async () => {
    // The guard refuses both before connecting; what the port would have said never reaches the answer.
    const open = await call('POST', `admin/rooms/${room.single}/calendar/feeds/`, { name: 'Open', url: `http://127.0.0.1:${inside.port}/x.ics` }, admin.headers);
    const closed = await call('POST', `admin/rooms/${room.single}/calendar/feeds/`, { name: 'Closed', url: 'http://127.0.0.1:1/x.ics' }, admin.headers);
    const strip = (feed: CalendarFeed) => ({ error_code: feed.error_code, last_error: feed.last_error });
    expect(strip(open.json<CalendarFeed>())).toEqual(strip(closed.json<CalendarFeed>()));
    expect(inside.connections).toBe(0);
  });

  it('follows a redirect only to an address it may read, and at most three of them', async () => {
    // The "site" is a second loopback address the operator allowed; it sends the reader inside.
    const site = await listen('127.0.0.2').catch(() => null);
    if (!site) return void console.info('127.0.0.2 cannot be listened on here; the redirect check runs where it can');
    try {
      const allowedNetworks = parseAllowedNetworks('127.0.0.2/32');
      const read = (path: string) => fetchFeedText(`http://127.0.0.2:${site.port}${path}`, { timeoutMs: 2000, allowedNetworks });
      site.answers.set('/ok.ics', { body: calendar });
      await expect(read('/ok.ics')).resolves.toContain('BEGIN:VCALENDAR');

      for (const target of [`http://127.0.0.1:${inside.port}/calendar.ics`, `http://localhost:${inside.port}/calendar.ics`, `http://[::1]:${inside.port}/calendar.ics`, 'http://169.254.169.254/latest/meta-data/']) {
        site.answers.set('/moved.ics', { location: target });
        const error = await read('/moved.ics').catch((e: unknown) => e);
        expect(error, target).toBeInstanceOf(FeedError);
        expect(error, target).toMatchObject({ code: 'unreachable', message: FEED_UNREADABLE, reason: expect.stringMatching(/not a public address/) });
      }
      // A relative redirect stays on the allowed site; three hops are followed, a fourth is not.
      site.answers.set('/r1', { location: '/r2' });
      site.answers.set('/r2', { location: `http://127.0.0.2:${site.port}/r3` });
      site.answers.set('/r3', { location: '/ok.ics' });
      await expect(read('/r1')).resolves.toContain('BEGIN:VCALENDAR');
      site.answers.set('/r0', { location: '/r1' });
      await expect(read('/r0')).rejects.toMatchObject({ code: 'unreachable', message: FEED_UNREADABLE, reason: expect.stringMatching(/redirects/) });
      site.answers.set('/scheme', { location: 'file:///etc/passwd' });
      await expect(read('/scheme')).rejects.toMatchObject({ code: 'unreachable', message: FEED_UNREADABLE });
    } finally {
      await site.close();
    }
    expect(inside.connections).toBe(0);
  });

  it('reads a private address the operator allows in CALENDAR_FEED_ALLOW_PRIVATE, and only that one', async () => {
    const before = inside.connections;
    const allowedNetworks = parseAllowedNetworks(' 127.0.0.0/8 , fd00::/8');
    await expect(fetchFeedText(`http://127.0.0.1:${inside.port}/calendar.ics`, { timeoutMs: 2000, allowedNetworks })).resolves.toContain('inside@example');
    expect(inside.connections).toBe(before + 1);
    // The allow-list lets the listed network through, nothing beside it.
    await expect(fetchFeedText('http://169.254.169.254/latest/meta-data/', { timeoutMs: 2000, allowedNetworks })).rejects.toMatchObject({
      code: 'unreachable',
      reason: expect.stringMatching(/not a public address/),
    });
    expect(mayConnectTo('10.1.2.3', allowedNetworks)).toBe(false);
    expect(mayConnectTo('fd12::1', allowedNetworks)).toBe(true);
    // Not unicast at all: no list lets it through.
    const everything = parseAllowedNetworks('0.0.0.0/0,::/0');
    for (const address of ['0.0.0.0', '255.255.255.255', '224.0.0.1', '::', 'ff02::1']) expect(mayConnectTo(address, everything), address).toBe(false);

    expect(() => loadEnv({ CALENDAR_FEED_ALLOW_PRIVATE: '192.168.1.0/24, fd00::/8' })).not.toThrow();
    for (const bad of ['localhost', '192.168.1.0/33', '10.0.0.0/8/8', '10.0.0.0/x', 'fd00::/129']) {
      expect(() => loadEnv({ CALENDAR_FEED_ALLOW_PRIVATE: bad }), bad).toThrow(/CALENDAR_FEED_ALLOW_PRIVATE/);
    }
  });

  it('judges every address a name resolves to, so a name that points inside is refused', async () => {
    const lookup = guardedLookup(parseAllowedNetworks(undefined));
    const result = await new Promise<{ error: NodeJS.ErrnoException | null }>((resolve) => lookup('localhost', {}, (error) => resolve({ error })));
    expect(result.error?.message).toMatch(/not a public address/);
    // Public unicast passes; the ranges that only look public do not.
    const none = parseAllowedNetworks('');
    for (const address of ['93.184.216.34', '8.8.8.8', '2a00:1450:4010::65', '::ffff:8.8.8.8']) expect(mayConnectTo(address, none), address).toBe(true);
    for (const address of ['192.0.2.1', '198.18.0.1', '203.0.113.9', '2001:db8::1', '2001::1', '::1', '::ffff:7f00:1', 'fe80::1%eth0']) {
      expect(mayConnectTo(address, none), address).toBe(false);
    }
  });
});
