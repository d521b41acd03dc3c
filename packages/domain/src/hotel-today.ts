/** The hotel's calendar day: what "today" means for stays, the kitchen and the staff's days. */
import { HOTEL_TIME_ZONE } from './constants';

let hotelDateFormat: Intl.DateTimeFormat | undefined;
/** The last answer and the stretch of time it is known to hold for: every search asks. */
let known = { from: 0, to: 0, date: '' };
const KNOWN_FOR_MS = 60_000;

/** Today's calendar date in the hotel's time zone (Europe/Minsk), "YYYY-MM-DD". */
export function hotelToday(now: Date = new Date()): string {
  const at = now.getTime();
  if (at >= known.from && at < known.to) return known.date;
  // Made once: constructing a formatter costs far more than formatting with it.
  hotelDateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: HOTEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const date = hotelDateFormat.format(at);
  // Calendar days only move forward: the same date a minute later holds for all of that minute.
  const later = hotelDateFormat.format(at + KNOWN_FOR_MS);
  known = later === date ? { from: at, to: at + KNOWN_FOR_MS, date } : { from: 0, to: 0, date: '' };
  return date;
}

let clockFormat: Intl.DateTimeFormat | undefined;
/** "HH:MM" of a moment on the hotel's clock (Europe/Minsk). */
export function hotelClock(at: Date): string {
  clockFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: HOTEL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return clockFormat.format(at);
}
