/**
 * Booking sites' calendars on loopback, the stand-in of the "channel sync" service: each path
 * serves an iCalendar feed written as Booking.com and Airbnb write theirs (all-day events,
 * DTEND the day of departure; Booking.com's "CLOSED - Not available", Airbnb's "Reserved" with
 * the reservation's link and the guest's last phone digits in DESCRIPTION, and "Airbnb (Not
 * available)" for dates the host closed), or fails as a site does: an error status, silence,
 * something that is not a calendar, a body too large.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteEvent {
  uid: string;
  /** "YYYY-MM-DD", the first night. */
  arrival: string;
  /** "YYYY-MM-DD", the day of departure. */
  departure: string;
}

export type Feed =
  | { kind: 'text'; body: string; status?: number; contentType?: string }
  /** Answers nothing until the test ends (a site that hangs). */
  | { kind: 'silent' }
  /** Streams this many bytes of a calendar without a Content-Length. */
  | { kind: 'huge'; bytes: number };

const ics = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const date = (day: string) => day.replaceAll('-', '');
const STAMP = '20261124T090000Z';

/** A Booking.com room calendar: every booking and closed date is "CLOSED - Not available". */
export function bookingComFeed(events: SiteEvent[]): string {
  return ics([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Booking.com//Booking.com Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `DTSTAMP:${STAMP}`,
      `DTSTART;VALUE=DATE:${date(event.arrival)}`,
      `DTEND;VALUE=DATE:${date(event.departure)}`,
      `UID:${event.uid}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}

/** An Airbnb listing calendar: reservations ("Reserved") and dates the host closed. */
export function airbnbFeed(events: (SiteEvent & { closed?: boolean })[]): string {
  return ics([
    'BEGIN:VCALENDAR',
    'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${date(event.departure)}`,
      `DTSTART;VALUE=DATE:${date(event.arrival)}`,
      `UID:${event.uid}`,
      ...(event.closed
        ? ['SUMMARY:Airbnb (Not available)']
        : [
            'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCDEF12\\nPhone Number (Last 4 Digits): 4821',
            'SUMMARY:Reserved',
          ]),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
}

export interface BookingSites {
  /** The address of `path` on the stand-in. */
  url(path: string): string;
  /** What `path` serves from now on. */
  serve(path: string, feed: Feed): void;
  /** How many times `path` was requested. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startBookingSites(): Promise<BookingSites> {
  const feeds = new Map<string, Feed>();
  const counts = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const feed = feeds.get(path);
    if (!feed) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (feed.kind === 'silent') return;
    if (feed.kind === 'huge') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X-FILLER:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\r\n');
      let sent = 0;
      response.write('BEGIN:VCALENDAR\r\n');
      const pump = () => {
        while (sent < feed.bytes) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end('END:VCALENDAR\r\n');
      };
      response.on('error', () => {});
      return pump();
    }
    response.writeHead(feed.status ?? 200, { 'content-type': feed.contentType ?? 'text/calendar; charset=utf-8' }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve: (path, feed) => void feeds.set(path, feed),
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
