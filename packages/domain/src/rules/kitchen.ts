/**
 * When the kitchen takes delivery orders (the delivery page: daily 11:00–22:00, hotel time). An
 * order outside the hours is refused, and the cart says when ordering opens; staff may also close
 * ordering for the rest of a day (a full or closed kitchen). Europe/Minsk keeps UTC+3 all year,
 * but the rule asks the time zone rather than assume it.
 */
import { HOTEL_TIME_ZONE } from '../constants';
import { hotelMoment } from './reservation';

export const KITCHEN_HOURS = { opens: '11:00', closes: '22:00' } as const;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

let clockFormat: Intl.DateTimeFormat | undefined;

/** Minutes since midnight on the hotel's clock. */
function hotelMinutes(now: Date): number {
  clockFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: HOTEL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return minutesOf(clockFormat.format(now));
}

export function isWithinKitchenHours(now: Date): boolean {
  const minutes = hotelMinutes(now);
  return minutes >= minutesOf(KITCHEN_HOURS.opens) && minutes < minutesOf(KITCHEN_HOURS.closes);
}

/** Why the kitchen takes no order now: outside its hours, or closed by staff for the day. */
export type KitchenClosedReason = 'hours' | 'closed_today';

/** The next moment ordering opens after a refusal: today's or tomorrow's opening on the hotel's clock. */
export function nextKitchenOpening(now: Date, closedToday: boolean): Date {
  const minutes = hotelMinutes(now);
  const opens = minutesOf(KITCHEN_HOURS.opens);
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

// ─── Delivery at a chosen time (issue 24, point 2) ──────────────────────────────────────────────

/** A guest may ask for delivery in a 30-minute slot later today or tomorrow, within the hours. */
export const SLOT_MINUTES = 30;

/** What staff set on the order board, and the house's values until they do. */
export interface KitchenSettings {
  /** How long "as soon as possible" takes now, in minutes. */
  lead_minutes: number;
  /** How many orders one slot takes. */
  slot_capacity: number;
  /** The least the dishes of an order may cost (kopecks); 0: no minimum. */
  min_order: number;
  /** From this much for the dishes (kopecks) delivery is free; null: never. */
  free_delivery_from: number | null;
}

export const KITCHEN_SETTINGS_DEFAULTS: KitchenSettings = { lead_minutes: 60, slot_capacity: 5, min_order: 0, free_delivery_from: null };
export const LEAD_MINUTES_RANGE = { min: 10, max: 240 } as const;
export const SLOT_CAPACITY_RANGE = { min: 1, max: 100 } as const;

/** "HH:MM" of a moment on the hotel's clock. */
export function hotelClock(at: Date): string {
  const minutes = hotelMinutes(at);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The slots a guest may choose now, earliest first: today's that start no sooner than the current
 * lead time from now, and all of tomorrow's. A slot starts on the hour or the half hour; the last
 * one ends when the kitchen closes.
 */
export function deliverySlots(now: Date, leadMinutes: number, today: string): Date[] {
  const earliest = now.getTime() + leadMinutes * 60_000;
  const starts: number[] = [];
  for (let m = minutesOf(KITCHEN_HOURS.opens); m + SLOT_MINUTES <= minutesOf(KITCHEN_HOURS.closes); m += SLOT_MINUTES) starts.push(m);
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const slots = starts.map((m) => hotelMoment(today, clock(m))).filter((at) => at.getTime() >= earliest);
  const tomorrow = nextDay(today);
  return [...slots, ...starts.map((m) => hotelMoment(tomorrow, clock(m)))];
}

/** Whether `at` is one of the slots offered now. */
export function isOfferedSlot(at: Date, now: Date, leadMinutes: number, today: string): boolean {
  return deliverySlots(now, leadMinutes, today).some((slot) => slot.getTime() === at.getTime());
}
