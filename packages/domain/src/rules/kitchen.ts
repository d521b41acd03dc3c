/**
 * When the kitchen takes delivery orders (the delivery page: daily 11:00–22:00, hotel time). An
 * order outside the hours is refused, and the cart says when ordering opens; staff may also close
 * ordering for the rest of a day (a full or closed kitchen). Europe/Minsk keeps UTC+3 all year,
 * but the rule asks the time zone rather than assume it.
 */
import { HOTEL_TIME_ZONE } from '../constants';

export const KITCHEN_HOURS = { opens: '11:00', closes: '22:00' } as const;

/** Minutes since midnight of a clock time "HH:MM". */
export const clockMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** Minutes after midnight as "HH:MM", the inverse of clockMinutes. */
export const clockOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

let clockFormat: Intl.DateTimeFormat | undefined;

/** Minutes since midnight on the hotel's clock. */
export function hotelMinutes(now: Date): number {
  clockFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: HOTEL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return clockMinutes(clockFormat.format(now));
}

export function isWithinKitchenHours(now: Date): boolean {
  const minutes = hotelMinutes(now);
  return minutes >= clockMinutes(KITCHEN_HOURS.opens) && minutes < clockMinutes(KITCHEN_HOURS.closes);
}

/** Why the kitchen takes no order now: outside its hours, or closed by staff for the day. */
export type KitchenClosedReason = 'hours' | 'closed_today';

/** The next moment ordering opens after a refusal: today's or tomorrow's opening on the hotel's clock. */
export function nextKitchenOpening(now: Date, closedToday: boolean): Date {
  const minutes = hotelMinutes(now);
  const opens = clockMinutes(KITCHEN_HOURS.opens);
  const wait = !closedToday && minutes < opens ? opens - minutes : 24 * 60 - minutes + opens;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** The server's words when it refuses an order (the web shows them in the guest's language). */
export const KITCHEN_CLOSED_DETAILS: Record<KitchenClosedReason, string> = {
  hours: `Orders are taken daily from ${KITCHEN_HOURS.opens} to ${KITCHEN_HOURS.closes}`,
  closed_today: 'The kitchen is not taking orders today',
};
