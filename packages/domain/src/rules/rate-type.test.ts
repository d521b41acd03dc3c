import { describe, expect, it } from 'vitest';
import { cancellationTerms, nonRefundableDiscount, rateDiscountOf } from './rate-type';
import { stayPromoDiscount } from './promo';
import { priceStay, priceStayAt, promoDiscountOf, PROMO_ADJUSTMENT, RoomRates, type PriceRule } from './rates';

const room = { price: 100_00, extraPrice: 130_00, primaryCapacity: 2, extraCapacity: 1 };
const friday: PriceRule = { id: 1, firstNight: '2027-06-04', lastNight: '2027-06-04', weekdays: [1, 2, 3, 4, 5, 6, 7], price: 180_00, extraPrice: null };

describe('the non-refundable discount (issue 23.3)', () => {
  it('10 % of 300.00 is 30.00 off, one adjustment line', () => {
    expect(nonRefundableDiscount(300_00, 10)).toEqual([{ kind: 'non_refundable', amount: -30_00 }]);
  });

  it('rounds down to a whole kopeck, never more than the owner said: 7 % of 333.33 = 23.3331 → 23.33', () => {
    expect(nonRefundableDiscount(333_33, 7)).toEqual([{ kind: 'non_refundable', amount: -23_33 }]);
  });

  it('0 % offers nothing; nothing to take off an empty stay', () => {
    expect(nonRefundableDiscount(300_00, 0)).toEqual([]);
    expect(nonRefundableDiscount(0, 10)).toEqual([]);
  });

  it('the discount is on the nights as priced by date: Thu 100 + Fri 180 + Sat 100 = 380.00, 15 % = 57.00, total 323.00', () => {
    const rates = RoomRates.of(room, [friday]);
    const stay = { arrival: '2027-06-03', departure: '2027-06-06' };
    const flexible = priceStayAt(rates, 2, stay, 'flexible', 15);
    expect(flexible).toMatchObject({ subtotal: 380_00, total: 380_00, adjustments: [] });
    const nonRefundable = priceStayAt(rates, 2, stay, 'non_refundable', 15);
    expect(nonRefundable).toMatchObject({
      nightPrices: [100_00, 180_00, 100_00],
      pricePerNight: 100_00,
      subtotal: 380_00,
      adjustments: [{ kind: 'non_refundable', amount: -57_00 }],
      total: 323_00,
    });
    expect(rateDiscountOf(nonRefundable.adjustments)).toBe(57_00);
  });

  it('another adjustment (a promo code) comes after the rate’s line and adds to it', () => {
    const rates = RoomRates.of(room);
    const quote = priceStayAt(rates, 2, { arrival: '2027-06-01', departure: '2027-06-03' }, 'non_refundable', 10, [{ kind: 'promo', amount: -5_00 }]);
    // 2 × 100.00 = 200.00; − 20.00; − 5.00 = 175.00
    expect(quote.total).toBe(175_00);
    expect(rateDiscountOf(quote.adjustments)).toBe(20_00);
  });

  it('issue 42: a 1,000 BYN code on a 275 BYN night at 15 % takes only what is left after the rate: total 0, never −41.25', () => {
    const rates = RoomRates.of({ ...room, price: 275_00 });
    const quote = priceStayAt(rates, 1, { arrival: '2027-06-01', departure: '2027-06-02' }, 'non_refundable', 15, [{ kind: PROMO_ADJUSTMENT, amount: -1_000_00 }]);
    expect(rateDiscountOf(quote.adjustments)).toBe(41_25);
    expect(promoDiscountOf(quote.adjustments)).toBe(233_75);
    expect(quote.total).toBe(0);
  });

  it('issue 42: an 85 % code after a 15 % rate makes exactly 0; extras after it are still paid', () => {
    const rates = RoomRates.of({ ...room, price: 275_00 });
    const stay = { arrival: '2027-06-01', departure: '2027-06-02' };
    expect(priceStayAt(rates, 1, stay, 'non_refundable', 15, [{ kind: PROMO_ADJUSTMENT, amount: -233_75 }]).total).toBe(0);
    expect(priceStayAt(rates, 1, stay, 'non_refundable', 15, [{ kind: PROMO_ADJUSTMENT, amount: -300_00 }, { kind: 'extra', amount: 10_00 }]).total).toBe(10_00);
  });

  it('issue 42: no adjustment takes a stay below 0', () => {
    const quote = priceStay(RoomRates.of(room), 1, { arrival: '2027-06-01', departure: '2027-06-02' }, [{ kind: 'other', amount: -500_00 }]);
    expect(quote.total).toBe(0);
    expect(stayPromoDiscount(50_00, 20_00)).toBe(20_00);
    expect(stayPromoDiscount(50_00, 0)).toBe(0);
  });
});

describe('cancelling by rate', () => {
  it('flexible: the clock’s fee, charged to the card when there is one', () => {
    expect(cancellationTerms('flexible', 300_00, 0)).toEqual({ fee: 0, charge: false, refund: 0 });
    expect(cancellationTerms('flexible', 300_00, 100_00)).toEqual({ fee: 100_00, charge: true, refund: 0 });
  });

  it('non-refundable: the whole price is kept, nothing more is charged, nothing is given back', () => {
    expect(cancellationTerms('non_refundable', 270_00, 0)).toEqual({ fee: 270_00, charge: false, refund: 0 });
    expect(cancellationTerms('non_refundable', 270_00, 90_00)).toEqual({ fee: 270_00, charge: false, refund: 0 });
  });
});
