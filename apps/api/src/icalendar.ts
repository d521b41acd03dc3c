/**
 * The one iCalendar (RFC 5545) writer, on ical.js, the library that also reads booking sites'
 * feeds (modules/calendars/feed.ts). A calendar is given in jCal, ical.js's own form (RFC 7265):
 * ical.js writes each content line (escapes text, formats dates, date-times and offsets, adds
 * VALUE= where a type is not the property's default, quotes parameters); the lines are folded
 * here, because ical.js's folding lets a continuation line reach 76 octets with its leading space
 * where RFC 5545 3.1 allows 75. Used by the booking letters' events (mail/ics.ts) and by rooms'
 * calendars for booking sites (modules/calendars/export.ts).
 * https://www.rfc-editor.org/rfc/rfc5545 https://www.rfc-editor.org/rfc/rfc7265
 */
import ICAL from 'ical.js';

/**
 * A property in jCal: lower-case name, parameters, value type (`text`, `date`, `date-time`,
 * `utc-offset`, `integer`, `uri`, `cal-address`) and the value in jCal's spelling: `2026-06-12`,
 * `2026-06-12T14:00:00` (local) or `…Z` (UTC), `+03:00`, and text unescaped.
 */
export type IcalProperty = [name: string, parameters: Record<string, string>, type: string, value: string | number];
/** A component in jCal: lower-case name, its properties in the order written, its components. */
export type IcalComponent = [name: string, properties: IcalProperty[], components: IcalComponent[]];

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A VCALENDAR with the properties every calendar of ours starts with, around `components`. */
export function calendar(product: string, method: 'PUBLISH' | 'CANCEL', components: IcalComponent[]): IcalComponent {
  return [
    'vcalendar',
    [
      ['version', {}, 'text', '2.0'],
      ['prodid', {}, 'text', `-//House 1799//${product}//EN`],
      ['calscale', {}, 'text', 'GREGORIAN'],
      ['method', {}, 'text', method],
    ],
    components,
  ];
}

/** Any line break in a TEXT value becomes one newline, which ical.js writes as `\n`: it escapes a bare LF only. */
const newlines = (value: string): string => value.replace(/\r\n|\r/g, '\n');

/** A moment in UTC as jCal's date-time, to the second: `2026-06-01T09:30:15Z`. */
export const utcDateTime = (instant: Date): string => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11), as ical.js writes them. */
export function escapeText(value: string): string {
  return ICAL.design.icalendar.value.text!.toICAL!(newlines(value)) as string;
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

function contentLines([name, properties, components]: IcalComponent): string[] {
  const design = ICAL.design.icalendar;
  return [
    `BEGIN:${name.toUpperCase()}`,
    ...properties.map(([key, parameters, type, value]) => {
      const written = type === 'text' && typeof value === 'string' ? newlines(value) : value;
      // Unfolded by ical.js (its third argument), folded by foldLine.
      return foldLine(ICAL.stringify.property([key, parameters, type, written], design, true));
    }),
    ...components.flatMap(contentLines),
    `END:${name.toUpperCase()}`,
  ];
}

/** The calendar as an iCalendar object: CRLF after every line, the last one included. */
export function writeCalendar(vcalendar: IcalComponent): string {
  return contentLines(vcalendar).join(CRLF) + CRLF;
}
