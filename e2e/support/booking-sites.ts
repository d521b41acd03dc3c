/**
 * A booking site's calendar on loopback, for the room calendar spec: each path serves an
 * iCalendar feed written as Booking.com writes its room calendars (all-day events, DTEND the day
 * of departure, "CLOSED - Not available"), or an error status, as a site that is down does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteEvent {
  uid: string;
  /** "YYYY-MM-DD", the first night. */
  arrival: string;
  /** "YYYY-MM-DD", the day of departure. */
  departure: string;
}

const date = (day: string) => day.replaceAll('-', '');

/** A Booking.com room calendar: every booking and closed date is "CLOSED - Not available". */
export function bookingComFeed(events: SiteEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Booking.com//Booking.com Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      'DTSTAMP:20261124T090000Z',
      `DTSTART;VALUE=DATE:${date(event.arrival)}`,
      `DTEND;VALUE=DATE:${date(event.departure)}`,
      `UID:${event.uid}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export interface BookingSite {
  /** The address of `path` on the site. */
  url(path: string): string;
  /** What `path` answers from now on. */
  serve(path: string, answer: { status: number; body: string }): void;
  close(): Promise<void>;
}

export async function startBookingSite(): Promise<BookingSite> {
  const answers = new Map<string, { status: number; body: string }>();
  const server = createServer((request, response) => {
    const answer = answers.get(new URL(request.url ?? '/', 'http://site').pathname);
    if (!answer) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const type = answer.status === 200 ? 'text/calendar; charset=utf-8' : 'text/plain';
    response.writeHead(answer.status, { 'content-type': type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve: (path, answer) => void answers.set(path, answer),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
