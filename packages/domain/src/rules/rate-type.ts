/**
 * The rate a stay is booked at (issue 23, point 3; docs/decisions/045-non-refundable-rate.md).
 * `flexible`: the card only guarantees the booking, the stay is free to cancel until 24 hours before
 * check-in, then the first night is due. `non_refundable`: a discount the owner sets per room, the
 * whole stay paid through the payment provider at booking, and a cancellation that refunds nothing.
 * The discount is one line of the stay's adjustments (`priceStay`), so the nights stay as they are.
 */
// Types only: the schemas import the rate's names from here, and the first visit's bundle must not
// take the pricing (rates.ts) with them. `priceStayAt` lives in rates.ts.
import type { Kopecks } from '../money';

/** Something that changes a stay's total besides its nights (a promo code, an extra, a rate's discount). */
export interface PriceAdjustment {
  kind: string;
  /** Kopecks added (negative: taken off). */
  amount: Kopecks;
}

export const RATE_TYPES = ['flexible', 'non_refundable'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** The adjustment's kind in `StayPrice.adjustments`. */
export const NON_REFUNDABLE_ADJUSTMENT = 'non_refundable';

/** The owner's discount is a whole percent, at most this; 0 means the room offers no non-refundable rate. */
export const NON_REFUNDABLE_PERCENT_MAX = 50;

/**
 * How long a non-refundable booking holds its room while its payment is pending (3-D Secure): after
 * that, unpaid, it is released and its nights are free again.
 */
export const NON_REFUNDABLE_HOLD_MINUTES = 15;

/**
 * The discount of the non-refundable rate on a subtotal: `percent` of it, rounded down to a whole
 * kopeck (never more than the owner said), as a negative adjustment; none at 0 %.
 */
export function nonRefundableDiscount(subtotal: Kopecks, percent: number): PriceAdjustment[] {
  if (percent <= 0 || subtotal <= 0) return [];
  return [{ kind: NON_REFUNDABLE_ADJUSTMENT, amount: -Math.floor((subtotal * percent) / 100) }];
}

/** Whether a room offers the non-refundable rate. */
export const offersNonRefundable = (percent: number) => percent > 0;

/** The rate's discount in a price's adjustments, as a positive number of kopecks (0 for none). */
export const rateDiscountOf = (adjustments: readonly PriceAdjustment[]): Kopecks =>
  -adjustments.filter((a) => a.kind === NON_REFUNDABLE_ADJUSTMENT).reduce((sum, a) => sum + a.amount, 0);

/**
 * What cancelling keeps of a booking. Flexible: the fee the clock says (`flexibleFee`, 0 while free,
 * the first night later), charged to the guarantee card. Non-refundable: the whole price, which was
 * paid at booking; nothing is charged and nothing is given back.
 */
export function cancellationTerms(rate: RateType, price: Kopecks, flexibleFee: Kopecks): { fee: Kopecks; charge: boolean; refund: Kopecks } {
  if (rate === 'non_refundable') return { fee: price, charge: false, refund: 0 };
  return { fee: flexibleFee, charge: flexibleFee > 0, refund: 0 };
}
