/**
 * Reading a booking site's calendar (iCalendar, RFC 5545): the real adapter of the "channel
 * sync" service (docs/decisions/023-calendar-sync.md). It fetches the feed over HTTP with a time
 * limit and a size limit, parses it with ical.js, and turns every event into the hotel nights it
 * takes. Booking.com and Airbnb write all-day events (`DTSTART;VALUE=DATE`, DTEND the day of
 * departure); other sites write date-times in their own or a named time zone, which become the
 * hotel's calendar days (Europe/Minsk) of check-in and check-out.
 */
import ICAL from 'ical.js';
import {
  addDays,
  CALENDAR_FEED_MAX_BYTES,
  CALENDAR_FEED_TIMEOUT_MS,
  hotelToday,
  isIsoDate,
  zonedInstant,
  type CalendarFeedErrorCode,
  type CalendarSkipReason,
} from '@hotel/domain';


export class FeedError extends Error {
  constructor(
    readonly code: CalendarFeedErrorCode,
    message: string,
  ) {
    super(message);
  }
}


export interface FeedEvent {
  uid: string;
  arrival: string;
  departure: string;
  summary: string;
}

export interface ParsedFeed {
  events: FeedEvent[];
  skipped: { uid: string; reason: CalendarSkipReason }[];
}

/** A calendar with more events than this is not a room's calendar. */
export const FEED_EVENTS_MAX = 5000;
/** Events are imported up to two years ahead; a longer one is cut there. */
export const FEED_HORIZON_DAYS = 730;
const SUMMARY_MAX = 200;
// The C0 controls and DEL, which the notes the board shows never hold.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * Fetches a feed's text. Redirects are followed (sites move their calendars); any answer but 2xx,
 * a body over the size limit (by its Content-Length or by what actually arrives) and a slow site
 * are failures with a message staff can act on.
 */
export async function fetchFeedText(address: string, options: FetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? CALENDAR_FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? CALENDAR_FEED_MAX_BYTES;
  const url = new URL(address);
  // webcal:// is the same calendar over HTTPS, printed for calendar apps.
  if (url.protocol === 'webcal:') url.protocol = 'https:';
  const signal = AbortSignal.timeout(timeoutMs);
  const seconds = Math.round(timeoutMs / 1000);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'House1799-CalendarSync/1.0' } });
  } catch (error) {
    if (signal.aborted) throw new FeedError('timeout', `The calendar did not answer within ${seconds} s`);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new FeedError('unreachable', `The calendar could not be reached${cause ? ` (${cause})` : ''}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new FeedError('http_status', `The calendar answered HTTP ${response.status}`);
  }
  const tooLarge = () => new FeedError('too_large', `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const declared = Number(response.headers.get('content-length') ?? '');
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (signal.aborted) throw new FeedError('timeout', `The calendar did not answer within ${seconds} s`);
    throw new FeedError('unreachable', 'The calendar broke off while it was being read');
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

// ─── Dates ──────────────────────────────────────────────────────────────────────────────────────

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

/**
 * The hotel's calendar day of a DTSTART or DTEND: an all-day value as written; a UTC time, or one
 * with a TZID the feed defines (VTIMEZONE) or the runtime knows (IANA), as the day it is in Minsk;
 * a floating time (no zone) as the hotel's own wall clock. An unknown TZID: null.
 */
function hotelDateOf(property: ICAL.Property): string | null {
  const time = property.getFirstValue();
  if (!(time instanceof ICAL.Time)) return null;
  if (time.isDate) return dateOf(time);
  const tzid = property.getParameter('tzid');
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC' || zone?.tzid === 'Z') return hotelToday(new Date(time.toUnixTime() * 1000));
  // ical.js resolves a TZID the calendar itself defines in a VTIMEZONE.
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating') return hotelToday(new Date(time.toUnixTime() * 1000));
  if (typeof tzid === 'string' && tzid !== '') {
    // "/Europe/Minsk" and quoted names occur in the wild.
    const instant = zonedInstant(tzid.replace(/^\//, ''), Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
    return instant ? hotelToday(instant) : null;
  }
  return dateOf(time);
}

// ─── Parsing ────────────────────────────────────────────────────────────────────────────────────

/**
 * The events of a feed that hold nights from `today` on. Cancelled events are not events; past
 * ones are left out; one that ends on or before the day it starts holds that one night. Throws
 * FeedError('not_calendar') for anything but a VCALENDAR.
 */
export function parseFeed(text: string, today: string): ParsedFeed {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.replace(/^\uFEFF/, ''))) {
    throw new FeedError('not_calendar', 'This is not an iCalendar file (it does not begin with BEGIN:VCALENDAR)');
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 120) : 'unreadable';
    throw new FeedError('not_calendar', `This iCalendar file cannot be read: ${reason.replace(CONTROLS, ' ')}`);
  }
  if (calendar.name !== 'vcalendar') throw new FeedError('not_calendar', 'This is not an iCalendar file (no VCALENDAR)');
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length > FEED_EVENTS_MAX) {
    throw new FeedError('too_many_events', `The calendar has ${vevents.length} events; a room's calendar has at most ${FEED_EVENTS_MAX}`);
  }

  const horizon = addDays(today, FEED_HORIZON_DAYS);
  const events: FeedEvent[] = [];
  const skipped: ParsedFeed['skipped'] = [];
  const seen = new Set<string>();
  vevents.forEach((vevent, index) => {
    const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
    if (status === 'CANCELLED') return;
    const written = String(vevent.getFirstPropertyValue('uid') ?? '').replace(CONTROLS, '').trim();
    // An event without a UID still holds its nights; its place in the feed names it.
    const uid = (written || `event-${index + 1}`).slice(0, 255);
    // A changed occurrence of a recurring event repeats its UID with a RECURRENCE-ID.
    if (vevent.hasProperty('recurrence-id') || vevent.hasProperty('rrule')) return void skipped.push({ uid, reason: 'recurring' });
    if (seen.has(uid)) return void skipped.push({ uid, reason: 'duplicate' });
    seen.add(uid);

    const start = vevent.getFirstProperty('dtstart');
    if (!start) return void skipped.push({ uid, reason: 'no_dates' });
    const arrival = hotelDateOf(start);
    const end = vevent.getFirstProperty('dtend');
    let departure: string | null;
    if (end) departure = hotelDateOf(end);
    else {
      const duration = vevent.getFirstPropertyValue('duration');
      const startTime = start.getFirstValue();
      if (duration instanceof ICAL.Duration && startTime instanceof ICAL.Time) {
        const endTime = startTime.clone();
        endTime.addDuration(duration);
        const virtual = new ICAL.Property('dtend');
        virtual.setValue(endTime);
        const tzid = start.getParameter('tzid');
        if (typeof tzid === 'string') virtual.setParameter('tzid', tzid);
        departure = hotelDateOf(virtual);
      } else departure = arrival && startTime instanceof ICAL.Time && startTime.isDate ? addDays(arrival, 1) : arrival;
    }
    if (!arrival || !departure || !isIsoDate(arrival) || !isIsoDate(departure)) return void skipped.push({ uid, reason: 'bad_dates' });
    // A stay's nights run up to the day of departure; a same-day event takes its one night.
    const last = departure > arrival ? departure : addDays(arrival, 1);
    if (last <= today) return;
    if (arrival >= horizon) return void skipped.push({ uid, reason: 'too_far' });
    const summary = String(vevent.getFirstPropertyValue('summary') ?? '').replace(CONTROLS, ' ').trim().slice(0, SUMMARY_MAX);
    events.push({ uid, arrival: arrival < today ? today : arrival, departure: last > horizon ? horizon : last, summary });
  });
  return { events, skipped };
}
