/**
 * Prices by date and stay rules (issue 23; docs/decisions/040-rates-by-date.md). A room has a base
 * price (and extra-place price); staff set other prices for ranges of nights, optionally only on
 * chosen weekdays, and stay rules (minimum nights from an arrival day, closed to arrival, closed to
 * departure). Where rules overlap the newest (highest id) wins, night by night. The search, the
 * booking and the calendar all price a stay with `priceStay` over `RoomRates`, so they agree to
 * the kopeck.
 */
import type { Kopecks } from '../money';
import { stayPromoDiscount } from './promo';
import { nonRefundableDiscount, rateDiscountOf, type PriceAdjustment, type RateType } from './rate-type';
import { addDays, dayNumberOf, extraPlaces, type RoomPrice, type Stay } from './stay';

/** ISO weekdays: 1 Monday … 7 Sunday. A night's weekday is its evening's (Friday night: 5). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Day numbers' dates met before: the search prices every free room of every search, and the
 * same few hundred dates come again and again (their numbers are kept by `parseIsoDate`). Bounded,
 * so odd input cannot grow it for ever.
 */
const DAYS_KEPT = 4096;
const isoDays = new Map<number, string>();


/** The calendar date "YYYY-MM-DD" of a day number. */
export function isoOfDay(day: number): string {
  let date = isoDays.get(day);
  if (date === undefined) {
    date = addDays('1970-01-01', day);
    if (isoDays.size >= DAYS_KEPT) isoDays.clear();
    isoDays.set(day, date);
  }
  return date;
}

/** 1970-01-01 was a Thursday (4). */
export const weekdayOfDay = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;
export const weekdayOf = (date: string) => weekdayOfDay(dayNumberOf(date));

interface DatedRule {
  /** Newer rules have higher ids; the newest covering a night wins. */
  id: number;
  /** First and last night (or day, for the stay rules' arrivals and departures) it covers, inclusive. */
  firstNight: string;
  lastNight: string;
  /** The weekdays it applies on; all seven when it applies every day. */
  weekdays: readonly number[];
}

export interface PriceRule extends DatedRule {
  price: Kopecks;
  /** The extra-place price on those nights; null keeps the room's own. */
  extraPrice: Kopecks | null;
}

export interface StayRule extends DatedRule {
  /** Nights a stay arriving on a covered day must have at least; null for no minimum. */
  minNights: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
}

/** Which rule (index into the list) covers each day of a span; -1 none. Newest painted last. */
function paint<T extends DatedRule>(rules: readonly T[]): { start: number; cover: Int32Array; rules: T[] } {
  const sorted = [...rules].sort((a, b) => a.id - b.id);
  if (sorted.length === 0) return { start: 0, cover: new Int32Array(0), rules: sorted };
  let start = Infinity;
  let end = -Infinity;
  for (const rule of sorted) {
    start = Math.min(start, dayNumberOf(rule.firstNight));
    end = Math.max(end, dayNumberOf(rule.lastNight));
  }
  const cover = new Int32Array(Math.max(0, end - start + 1)).fill(-1);
  sorted.forEach((rule, index) => {
    const days = new Set(rule.weekdays);
    const last = dayNumberOf(rule.lastNight);
    for (let day = dayNumberOf(rule.firstNight); day <= last; day++) {
      if (days.has(weekdayOfDay(day))) cover[day - start] = index;
    }
  });
  return { start, cover, rules: sorted };
}

/**
 * One room's prices and stay rules, worked out day by day once (when the rules change), so pricing
 * a stay is one array read a night.
 */
export class RoomRates {
  private constructor(
    readonly room: RoomPrice,
    private readonly prices: ReturnType<typeof paint<PriceRule>>,
    private readonly stays: ReturnType<typeof paint<StayRule>>,
  ) {}

  static of(room: RoomPrice, priceRules: readonly PriceRule[] = [], stayRules: readonly StayRule[] = []): RoomRates {
    return new RoomRates(room, paint(priceRules), paint(stayRules));
  }

  /** The price rule that sets a night's price, or null where the base price applies. */
  priceRuleOn(day: number): PriceRule | null {
    const index = this.prices.cover[day - this.prices.start] ?? -1;
    return index < 0 ? null : this.prices.rules[index]!;
  }

  /** The stay rule in force on a day, or null. */
  stayRuleOn(day: number): StayRule | null {
    const index = this.stays.cover[day - this.stays.start] ?? -1;
    return index < 0 ? null : this.stays.rules[index]!;
  }

  /** What one night costs: the extra-place price when `extra` and one is set, else the price. */
  nightPrice(day: number, extra: boolean): Kopecks {
    const rule = this.priceRuleOn(day);
    const extraPrice = rule?.extraPrice ?? this.room.extraPrice;
    if (extra && extraPrice != null) return extraPrice;
    return rule?.price ?? this.room.price;
  }
}

// Declared beside the rate's discount, which rates.ts imports: declared here it closed an import ring.
export type { PriceAdjustment } from './rate-type';

export interface StayPrice {
  nights: number;
  guests: number;
  extraPlaces: number;
  /** Each night's price, from the arrival night on. */
  nightPrices: Kopecks[];
  /** The first night's price: the guarantee a late cancellation or a no-show costs. */
  pricePerNight: Kopecks;
  /** The nights' sum. */
  subtotal: Kopecks;
  adjustments: PriceAdjustment[];
  total: Kopecks;
}

/** A stay's price: the sum of its nights, each by the rules in force that night, then any adjustments. */
export function priceStay(rates: RoomRates, guests: number, stay: Stay, adjustments: PriceAdjustment[] = []): StayPrice {
  const first = dayNumberOf(stay.arrival);
  const nights = dayNumberOf(stay.departure) - first;
  const places = extraPlaces(rates.room, guests);
  const nightPrices: Kopecks[] = new Array<Kopecks>(Math.max(0, nights));
  let subtotal = 0;
  for (let i = 0; i < nights; i++) {
    const price = rates.nightPrice(first + i, places > 0);
    nightPrices[i] = price;
    subtotal += price;
  }
  let total = subtotal;
  for (const adjustment of adjustments) total += adjustment.amount;
  // The floor of every stay's total (issue 42): no discount ever makes the hotel owe the guest.
  return { nights, guests, extraPlaces: places, nightPrices, pricePerNight: nightPrices[0] ?? 0, subtotal, adjustments, total: Math.max(0, total) };
}

/** The adjustment's kind of a promo code in `StayPrice.adjustments` (decision 043). */
export const PROMO_ADJUSTMENT = 'promo';

/** The promo code's discount in a price's adjustments, as a positive number of kopecks (0 for none). */
export const promoDiscountOf = (adjustments: readonly PriceAdjustment[]): Kopecks =>
  -adjustments.filter((a) => a.kind === PROMO_ADJUSTMENT).reduce((sum, a) => sum + a.amount, 0);

/**
 * A stay's price at a rate: the nights as `priceStay` sums them, then the rate's discount (and any
 * other adjustments after it). A promo code's line (`PROMO_ADJUSTMENT`) is capped at what the
 * nights cost after the rate's discount (`stayPromoDiscount`).
 */
export function priceStayAt(
  rates: RoomRates,
  guests: number,
  stay: Stay,
  rate: RateType,
  percent: number,
  other: PriceAdjustment[] = [],
): StayPrice {
  const plain = priceStay(rates, guests, stay);
  const rateLines = rate === 'flexible' ? [] : nonRefundableDiscount(plain.subtotal, percent);
  const nightsAfterRate = plain.subtotal - rateDiscountOf(rateLines);
  const lines = other.map((line) =>
    line.kind === PROMO_ADJUSTMENT ? { kind: PROMO_ADJUSTMENT, amount: 0 - stayPromoDiscount(-line.amount, nightsAfterRate) } : line,
  );
  const adjustments = [...rateLines, ...lines];
  return adjustments.length ? priceStay(rates, guests, stay, adjustments) : plain;
}

/** A run of nights at one price, as the screens show a stay's breakdown. */
export interface PriceRun {
  first_night: string;
  nights: number;
  price_per_night: Kopecks;
}

/** What the nights of the runs cost together, before any discount: the room's price the guest was shown. */
export function runsTotal(runs: readonly PriceRun[]): Kopecks {
  return runs.reduce((sum, run) => sum + run.nights * run.price_per_night, 0);
}

/** The nights grouped into runs of the same price, in order: one run when every night costs the same. */
export function priceRuns(arrival: string, nightPrices: readonly Kopecks[]): PriceRun[] {
  const runs: PriceRun[] = [];
  const first = dayNumberOf(arrival);
  let last: PriceRun | undefined;
  for (let i = 0; i < nightPrices.length; i++) {
    const price = nightPrices[i]!;
    if (last && last.price_per_night === price) last.nights += 1;
    else runs.push((last = { first_night: isoOfDay(first + i), nights: 1, price_per_night: price }));
  }
  return runs;
}

/** Why a stay may not be booked in a room although its nights are free. */
export type StayRuleBreach =
  | { rule: 'min_nights'; date: string; min_nights: number }
  | { rule: 'closed_to_arrival'; date: string }
  | { rule: 'closed_to_departure'; date: string };

/** The first stay rule the stay breaks, or null: closed to arrival, then the minimum, then closed to departure. */
export function stayRuleBreach(rates: RoomRates, stay: Stay): StayRuleBreach | null {
  const arrival = dayNumberOf(stay.arrival);
  const arrivalRule = rates.stayRuleOn(arrival);
  if (arrivalRule?.closedToArrival) return { rule: 'closed_to_arrival', date: stay.arrival };
  if (arrivalRule?.minNights != null && dayNumberOf(stay.departure) - arrival < arrivalRule.minNights) {
    return { rule: 'min_nights', date: stay.arrival, min_nights: arrivalRule.minNights };
  }
  if (rates.stayRuleOn(dayNumberOf(stay.departure))?.closedToDeparture) return { rule: 'closed_to_departure', date: stay.departure };
  return null;
}

/** The English detail of a refused booking (the web shows `stay_rule` in the visitor's language). */
export function stayRuleDetail(breach: StayRuleBreach): string {
  switch (breach.rule) {
    case 'min_nights':
      return `A stay arriving on ${breach.date} must be at least ${breach.min_nights} nights`;
    case 'closed_to_arrival':
      return `No arrivals on ${breach.date} in this room`;
    case 'closed_to_departure':
      return `No departures on ${breach.date} in this room`;
  }
}
