/**
 * Extras with the stay (issue 23, point 5; docs/decisions/044-stay-extras.md): breakfast, a
 * transfer, a late check-out, parking, a bottle in the room. Staff give each a price and how it
 * counts; the guest picks a quantity. `priceExtra` is the one pricing of a line: the guests step
 * and the payment summary in the browser, the booking on the server and the admin's preview all
 * call it, so they agree to the kopeck. An extra adds a line to the stay's `adjustments`
 * (rules/rates.ts, kind 'extra'); the first night's price, the fee of a late cancellation or a
 * no-show, never includes it.
 */
import type { Kopecks } from '../money';
import type { PriceAdjustment } from './rates';

/**
 * How an extra counts:
 * - `per_stay`: once per unit for the whole stay (a late check-out, a bottle in the room);
 * - `per_night`: per unit per night (a parking place);
 * - `per_guest_night`: per guest having it per night (breakfast); the quantity is those guests;
 * - `per_trip`: per trip (a transfer); the quantity is the trips.
 */
export const EXTRA_COUNTS = ['per_stay', 'per_night', 'per_guest_night', 'per_trip'] as const;
export type ExtraCount = (typeof EXTRA_COUNTS)[number];

/** The most units of one extra a booking may take (trips, places, bottles). */
export const EXTRA_QUANTITY_MAX = 10;
/** The most different extras one booking may take. */
export const BOOKING_EXTRAS_MAX = 20;

export interface ExtraPricing {
  price: Kopecks;
  counts: ExtraCount;
}

/** A stay as an extra counts it. */
export interface ExtraStay {
  nights: number;
  guests: number;
}

/** The most units of an extra a stay may take: the guests for a per-guest extra, else EXTRA_QUANTITY_MAX. */
export function extraQuantityMax(counts: ExtraCount, stay: Pick<ExtraStay, 'guests'>): number {
  return counts === 'per_guest_night' ? Math.max(1, Math.min(stay.guests, EXTRA_QUANTITY_MAX)) : EXTRA_QUANTITY_MAX;
}

/** Whether a quantity is one the stay may take: a whole number from 1 to `extraQuantityMax`. */
export const extraQuantityFits = (counts: ExtraCount, quantity: number, stay: Pick<ExtraStay, 'guests'>) =>
  Number.isInteger(quantity) && quantity >= 1 && quantity <= extraQuantityMax(counts, stay);

/** How many times the price is taken for one unit: the nights for a nightly extra, else once. */
export const extraTimes = (counts: ExtraCount, stay: Pick<ExtraStay, 'nights'>) =>
  counts === 'per_night' || counts === 'per_guest_night' ? stay.nights : 1;

export interface ExtraLine {
  unitPrice: Kopecks;
  quantity: number;
  /** The nights the price is taken for (1 for a per-stay or per-trip extra). */
  times: number;
  total: Kopecks;
}

/** One extra's line: its price × the quantity × the nights, for a nightly extra. */
export function priceExtra(extra: ExtraPricing, quantity: number, stay: ExtraStay): ExtraLine {
  const times = extraTimes(extra.counts, stay);
  return { unitPrice: extra.price, quantity, times, total: extra.price * quantity * times };
}

/** The extras' lines as the stay's adjustments (`priceStay`'s fourth argument). */
export const extraAdjustments = (lines: readonly Pick<ExtraLine, 'total'>[]): PriceAdjustment[] =>
  lines.map((line) => ({ kind: 'extra', amount: line.total }));

/** The sum of the extras' lines. */
export const extrasTotal = (lines: readonly Pick<ExtraLine, 'total'>[]): Kopecks => lines.reduce((sum, line) => sum + line.total, 0);

/** Whether an extra is offered in a room: `roomIds` null is every room. */
export const extraOfferedIn = (extra: { roomIds: readonly number[] | null }, roomId: number) => extra.roomIds === null || extra.roomIds.includes(roomId);

/** Why a booking's extra is refused (a 422 with `extra_refused`, the detail in both languages). */
export type ExtraRefusal = 'unknown' | 'not_offered' | 'quantity' | 'duplicate';

/** The details of a refused extra, in English (`detail`) and Russian (`detail_ru`). */
export function extraRefusalDetail(reason: ExtraRefusal, extraId: number): { detail: string; detail_ru: string } {
  switch (reason) {
    case 'unknown':
      return { detail: `Unknown extra ${extraId}`, detail_ru: `Услуга ${extraId} не найдена` };
    case 'not_offered':
      return { detail: `Extra ${extraId} is not offered in this room`, detail_ru: `Услуга ${extraId} недоступна в этом номере` };
    case 'quantity':
      return { detail: `The quantity of extra ${extraId} is out of range for this stay`, detail_ru: `Количество услуги ${extraId} не подходит для этого проживания` };
    case 'duplicate':
      return { detail: `Extra ${extraId} is listed twice`, detail_ru: `Услуга ${extraId} указана дважды` };
  }
}
