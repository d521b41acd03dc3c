/**
 * The stay attached to booking e-mails as an iCalendar event: one VEVENT in hotel time with its
 * VTIMEZONE, written by the one iCalendar writer (../icalendar.ts).
 */
import { CHECK_IN_TIME, checkInAt } from '@hotel/domain';
import { calendar, utcDateTime, writeCalendar, type IcalComponent, type IcalProperty } from '../icalendar';

/** The hotel's UTC offset on a day, "+0300", for the calendar's VTIMEZONE (stays and tables alike). */
export function hotelUtcOffset(date: string): string {
  const minutes = Math.round((Date.parse(`${date}T${CHECK_IN_TIME}:00Z`) - checkInAt(date).getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export interface IcsDateTime {
  /** Calendar date, "YYYY-MM-DD". */
  date: string;
  /** Wall-clock time in `timeZone`, "HH:MM". */
  time: string;
}

export interface IcsEvent {
  /** Globally unique and stable: a cancellation must carry the booking's UID to replace it. */
  uid: string;
  /** When the object was created (DTSTAMP, in UTC). */
  stamp: Date;
  start: IcsDateTime;
  end: IcsDateTime;
  timeZone: string;
  /** The zone's fixed offset, "+0300": enough for a zone without daylight saving time. */
  utcOffset: string;
  summary: string;
  location: string;
  description?: string;
  url?: string;
  organizer?: { name: string; email: string };
  /** PUBLISH for a booking, CANCEL for its cancellation. */
  method?: 'PUBLISH' | 'CANCEL';
  /** Bumped by every change of the event (RFC 5545 3.8.7.4). */
  sequence?: number;
  /** Not yet confirmed by the house (a table requested): STATUS:TENTATIVE. */
  tentative?: boolean;
}

/** The stay as one VEVENT in hotel time, with its VTIMEZONE. */
export function buildIcs(event: IcsEvent): string {
  const method = event.method ?? 'PUBLISH';
  const zone = event.timeZone;
  const offset = `${event.utcOffset.slice(0, 3)}:${event.utcOffset.slice(3)}`;
  const vtimezone: IcalComponent = [
    'vtimezone',
    [['tzid', {}, 'text', zone]],
    [
      [
        'standard',
        [
          ['dtstart', {}, 'date-time', '1970-01-01T00:00:00'],
          ['tzoffsetfrom', {}, 'utc-offset', offset],
          ['tzoffsetto', {}, 'utc-offset', offset],
          ['tzname', {}, 'text', event.utcOffset.slice(0, 3)],
        ],
        [],
      ],
    ],
  ];
  const vevent: IcalComponent = [
    'vevent',
    [
      ['uid', {}, 'text', event.uid],
      ['dtstamp', {}, 'date-time', utcDateTime(event.stamp)],
      ['sequence', {}, 'integer', event.sequence ?? 0],
      ['dtstart', { tzid: zone }, 'date-time', localDateTime(event.start)],
      ['dtend', { tzid: zone }, 'date-time', localDateTime(event.end)],
      ['summary', {}, 'text', event.summary],
      ['location', {}, 'text', event.location],
      ...(event.description ? [['description', {}, 'text', event.description] satisfies IcalProperty] : []),
      ...(event.url ? [['url', {}, 'uri', event.url] satisfies IcalProperty] : []),
      ...(event.organizer
        ? [['organizer', { cn: event.organizer.name }, 'cal-address', `mailto:${event.organizer.email}`] satisfies IcalProperty]
        : []),
      ['status', {}, 'text', method === 'CANCEL' ? 'CANCELLED' : event.tentative ? 'TENTATIVE' : 'CONFIRMED'],
      ['transp', {}, 'text', 'OPAQUE'],
    ],
    [],
  ];
  return writeCalendar(calendar('Booking', method, [vtimezone, vevent]));
}

const localDateTime = ({ date, time }: IcsDateTime): string => `${date}T${time}:00`;
