/**
 * Reading a booking site's calendar (iCalendar, RFC 5545): the real adapter of the "channel
 * sync" service (docs/decisions/023-calendar-sync.md). It fetches the feed over HTTP with a time
 * limit and a size limit, parses it with ical.js, and turns every event into the hotel nights it
 * takes. Booking.com and Airbnb write all-day events (`DTSTART;VALUE=DATE`, DTEND the day of
 * departure); other sites write date-times in their own or a named time zone, which become the
 * hotel's calendar days (Europe/Minsk) of check-in and check-out.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
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
import { guardedLookup, mayConnectTo, RefusedAddressError } from './feed-address';


export class FeedError extends Error {
  constructor(
    readonly code: CalendarFeedErrorCode,
    message: string,
    /** What the server log says beside the message; never shown to staff. */
    readonly reason?: string,
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
/**
 * Events of one feed that are imported at most: the earliest ones within the horizon; the later
 * ones are skipped as too far ahead. A room's calendar holds a few hundred; this bounds the work
 * one feed can ask of the database (issue 21, point 2).
 */
export const FEED_EVENTS_CONSIDERED = 2000;
/** Events are imported up to two years ahead; a longer one is cut there. */
export const FEED_HORIZON_DAYS = 730;
const SUMMARY_MAX = 200;
/** Events read between two turns of the event loop. */
const PARSE_SLICE = 250;
// The C0 controls and DEL, which the notes the board shows never hold.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Private networks feeds may be read from (CALENDAR_FEED_ALLOW_PRIVATE); none by default. */
  allowedNetworks?: BlockList;
}

/** Redirects followed before a feed counts as unreadable (sites move their calendars once or twice). */
export const FEED_REDIRECTS_MAX = 3;
const USER_AGENT = 'House1799-CalendarSync/1.0';

/**
 * What staff are told of a feed that could not be fetched, whatever the reason: an address that is
 * not public, a name that does not resolve, a closed port, a connection broken off, too many
 * redirects. One text, so the feed form cannot be used to map which hosts and ports answer; the
 * reason goes to the server log (FeedError.reason).
 */
export const FEED_UNREADABLE = 'The calendar could not be read';

const unreadable = (reason: string) => new FeedError('unreachable', FEED_UNREADABLE, reason);

/** The address of a feed or of a redirect, or a reason why it is not one the server reads. */
function feedUrl(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw unreadable('not a URL');
  }
  // webcal:// is the same calendar over HTTPS, printed for calendar apps.
  if (url.protocol === 'webcal:' && !base) url = new URL(`https:${url.href.slice('webcal:'.length)}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unreadable(`scheme ${url.protocol}`);
  if (url.username || url.password) throw unreadable('credentials in the URL');
  return url;
}

interface FeedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

/**
 * One GET of a feed address. The host is a literal address judged here, or a name resolved by
 * guardedLookup, which judges every address it resolves to: the socket is opened only to an
 * address that was judged, so no name can lead it elsewhere.
 */
function requestOnce(url: URL, allowed: BlockList, signal: AbortSignal): Promise<FeedResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !mayConnectTo(host, allowed)) return Promise.reject(new RefusedAddressError(host));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'GET',
        signal,
        agent: false,
        lookup: guardedLookup(allowed),
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': USER_AGENT },
      },
      (response) => {
        // The address actually connected to, judged once more: what the lookup passed is what connected.
        const remote = response.socket.remoteAddress;
        if (remote && !mayConnectTo(remote, allowed)) {
          response.destroy();
          return reject(new RefusedAddressError(remote));
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * Fetches a feed's text. Up to FEED_REDIRECTS_MAX redirects are followed (sites move their
 * calendars), each judged as the first address was; any answer but 2xx, a body over the size
 * limit (by its Content-Length or by what actually arrives) and a slow site are failures with a
 * message staff can act on; everything about the network is the one FEED_UNREADABLE.
 */
export async function fetchFeedText(address: string, options: FetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? CALENDAR_FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? CALENDAR_FEED_MAX_BYTES;
  const allowed = options.allowedNetworks ?? new BlockList();
  const signal = AbortSignal.timeout(timeoutMs);
  const seconds = Math.round(timeoutMs / 1000);
  const timedOut = () => new FeedError('timeout', `The calendar did not answer within ${seconds} s`);
  let url = feedUrl(address);
  let response: FeedResponse;
  for (let redirects = 0; ; redirects += 1) {
    try {
      response = await requestOnce(url, allowed, signal);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw unreadable(error.message);
      if (signal.aborted) throw timedOut();
      const code = (error as { code?: string }).code;
      throw unreadable(`${url.host}: ${code ?? (error as Error).message}`);
    }
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location) break;
    response.body.destroy();
    if (redirects === FEED_REDIRECTS_MAX) throw unreadable(`more than ${FEED_REDIRECTS_MAX} redirects`);
    url = feedUrl(location, url);
  }
  if (response.status < 200 || response.status >= 300) {
    response.body.destroy();
    throw new FeedError('http_status', `The calendar answered HTTP ${response.status}`);
  }
  const tooLarge = () => new FeedError('too_large', `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const declared = Number(response.headers['content-length'] ?? '');
  if (declared > maxBytes) {
    response.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (signal.aborted) throw timedOut();
    throw unreadable('the answer broke off');
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
 * FeedError('not_calendar') for anything but a VCALENDAR. The events are read PARSE_SLICE at a
 * time, with a turn of the event loop between slices, so a large feed does not keep the server
 * from answering everyone else meanwhile.
 */
export async function parseFeed(text: string, today: string): Promise<ParsedFeed> {
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
  const readEvent = (vevent: ICAL.Component, index: number) => {
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
  };
  for (let start = 0; start < vevents.length; start += PARSE_SLICE) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    vevents.slice(start, start + PARSE_SLICE).forEach((vevent, offset) => readEvent(vevent, start + offset));
  }
  if (events.length > FEED_EVENTS_CONSIDERED) {
    const latest = [...events].sort((a, b) => (a.arrival < b.arrival ? -1 : a.arrival > b.arrival ? 1 : 0))[FEED_EVENTS_CONSIDERED - 1]!.arrival;
    const kept: FeedEvent[] = [];
    for (const event of events) {
      // The earliest first; among events starting on the cut-off day, those first in the feed.
      if (kept.length < FEED_EVENTS_CONSIDERED && event.arrival <= latest) kept.push(event);
      else skipped.push({ uid: event.uid, reason: 'too_far' });
    }
    return { events: kept, skipped };
  }
  return { events, skipped };
}
