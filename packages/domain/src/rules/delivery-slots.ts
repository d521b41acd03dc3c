/**
 * Delivery at a chosen time (issue 24, point 2): 30-minute slots later today or tomorrow within the
 * kitchen's hours, the settings staff keep for them and the owner's amounts. Apart from kitchen.ts,
 * which a first visit loads: only the cart, the board and the server read these.
 */
import { clockMinutes, clockOfMinutes, KITCHEN_HOURS } from './kitchen';
import { hotelMoment } from './reservation';
import type { Kopecks } from '../money';
import { DELIVERY_FEE_KOPECKS } from '../constants';
import type { DoorSettings } from './door';

/** A guest may ask for delivery in a 30-minute slot later today or tomorrow, within the hours. */
export const SLOT_MINUTES = 30;

/** What staff set on the order board, and the house's values until they do. */
export interface KitchenSettings extends DoorSettings {
  /** How long "as soon as possible" takes now, in minutes. */
  lead_minutes: number;
  /** How many orders one slot takes. */
  slot_capacity: number;
  /** The least the dishes of an order may cost (kopecks); 0: no minimum. */
  min_order: number;
  /** From this much for the dishes (kopecks) delivery is free; null: never. */
  free_delivery_from: number | null;
  /** What delivery to an address costs (kopecks) below the free-delivery amount. */
  delivery_fee: number;
}

export const KITCHEN_SETTINGS_DEFAULTS: KitchenSettings = {
  lead_minutes: 60,
  slot_capacity: 5,
  min_order: 0,
  free_delivery_from: null,
  delivery_fee: DELIVERY_FEE_KOPECKS,
  // Paying the courier is off until the owner allows it (issue 46).
  door_payment: false,
  door_methods: ['cash', 'card_terminal'],
  door_cap: 100_00,
};
export const LEAD_MINUTES_RANGE = { min: 10, max: 240 } as const;
export const SLOT_CAPACITY_RANGE = { min: 1, max: 100 } as const;
/** The most staff may set as the delivery fee (kopecks): 500 BYN, well above any courier's price, so a slipped digit is refused. */
export const DELIVERY_FEE_MAX_KOPECKS = 500_00;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The slots a guest may choose now, earliest first: today's that start no sooner than the current
 * lead time from now, and all of tomorrow's. A slot starts on the hour or the half hour; the last
 * one ends when the kitchen closes.
 */
export function deliverySlots(now: Date, leadMinutes: number, today: string): Date[] {
  const earliest = now.getTime() + leadMinutes * 60_000;
  const starts: number[] = [];
  for (let m = clockMinutes(KITCHEN_HOURS.opens); m + SLOT_MINUTES <= clockMinutes(KITCHEN_HOURS.closes); m += SLOT_MINUTES) starts.push(m);
  const slots = starts.map((m) => hotelMoment(today, clockOfMinutes(m))).filter((at) => at.getTime() >= earliest);
  const tomorrow = nextDay(today);
  return [...slots, ...starts.map((m) => hotelMoment(tomorrow, clockOfMinutes(m)))];
}

/** Whether `at` is one of the slots offered now. */
export function isOfferedSlot(at: Date, now: Date, leadMinutes: number, today: string): boolean {
  return deliverySlots(now, leadMinutes, today).some((slot) => slot.getTime() === at.getTime());
}

/** How much more the dishes must cost to reach `threshold` (0 once reached; the cart says "add N BYN more"). */
export function amountToReach(items: Kopecks, threshold: Kopecks | null): Kopecks {
  return threshold === null ? 0 : Math.max(0, threshold - items);
}
