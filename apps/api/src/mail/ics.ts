/**
 * A small iCalendar (RFC 5545) writer for the stay attached to booking e-mails: one VEVENT in
 * hotel time with its VTIMEZONE, CRLF line endings, lines folded at 75 octets.
 * https://www.rfc-editor.org/rfc/rfc5545
 */

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
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line so that no line is longer than 75 octets, continuing with CRLF and one
 * space (RFC 5545 3.1). Multi-byte UTF-8 characters are never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // A continuation line starts with a space, which counts towards its 75 octets.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function localDateTime({ date, time }: IcsDateTime): string {
  return `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;
}

export function utcDateTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function buildIcs(event: IcsEvent): string {
  const method = event.method ?? 'PUBLISH';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//House 1799//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VTIMEZONE',
    `TZID:${event.timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${event.utcOffset}`,
    `TZOFFSETTO:${event.utcOffset}`,
    `TZNAME:${event.utcOffset.slice(0, 3)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTART;TZID=${event.timeZone}:${localDateTime(event.start)}`,
    `DTEND;TZID=${event.timeZone}:${localDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer
      ? [`ORGANIZER;CN=${escapeParam(event.organizer.name)}:mailto:${event.organizer.email}`]
      : []),
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A parameter value with characters that need it is quoted (RFC 5545 3.2). */
function escapeParam(value: string): string {
  const clean = value.replace(/"/g, "'");
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}
