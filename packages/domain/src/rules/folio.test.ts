import { describe, expect, it } from 'vitest';
import { correctableAmount, deskPaymentRefusal, folioTotals, nightRuns, vatIncluded } from './folio';

describe('the bill’s arithmetic (issue 45, point 4)', () => {
  it('nights 3 × 120.00 + breakfast 2 × 15.00 + bar 42.50 − promo 20.00 = 412.50; paid 360.00 online and 50.00 cash: 2.50 due', () => {
    const totals = folioTotals({
      lines: [{ amount: 360_00 }, { amount: 30_00 }, { amount: 42_50 }, { amount: -20_00 }],
      payments: [{ amount: 360_00 }, { amount: 50_00 }],
    });
    expect(totals).toEqual({ charges: 412_50, paid: 410_00, balance: 2_50, vat: 68_75 });
  });

  it('a correction is a line of its own: bar 42.50 corrected by −42.50 leaves nights 240.00 alone, paid 250.00: −10.00 (a credit)', () => {
    expect(folioTotals({ lines: [{ amount: 240_00 }, { amount: 42_50 }, { amount: -42_50 }], payments: [{ amount: 250_00 }] })).toEqual({
      charges: 240_00,
      paid: 250_00,
      balance: -10_00,
      vat: 40_00,
    });
  });

  it('discounts larger than the bill leave the charges at 0, never below', () => {
    expect(folioTotals({ lines: [{ amount: 10_00 }, { amount: -15_00 }], payments: [] })).toEqual({ charges: 0, paid: 0, balance: 0, vat: 0 });
  });

  it('VAT included at 20 %: 1,200.00 holds 200.00; 100.01 holds 16.67 (16.668 rounded); nothing in 0', () => {
    expect(vatIncluded(1_200_00)).toBe(200_00);
    expect(vatIncluded(100_01)).toBe(16_67);
    expect(vatIncluded(0)).toBe(0);
  });

  it('a desk payment over the balance is refused without a reason: owed 2.50, paying 5.00 → over_balance; with a reason, taken', () => {
    expect(deskPaymentRefusal(2_50, 5_00, null)).toBe('over_balance');
    expect(deskPaymentRefusal(2_50, 5_00, '  ')).toBe('over_balance');
    expect(deskPaymentRefusal(2_50, 2_50, null)).toBeNull();
    expect(deskPaymentRefusal(2_50, 5_00, 'deposit for the minibar')).toBeNull();
    expect(deskPaymentRefusal(0, 1_00, null)).toBe('nothing_due');
  });

  it('a line of 42.50 already corrected by −40.00 may be corrected by 2.50 more, no more', () => {
    expect(correctableAmount({ amount: 42_50 }, [{ amount: -40_00 }])).toBe(2_50);
    expect(correctableAmount({ amount: 42_50 }, [{ amount: -42_50 }])).toBe(0);
    expect(correctableAmount({ amount: -20_00 }, [])).toBe(0);
  });

  it('nights 100, 100, 180, 100 make three runs: 2 × 100.00, 1 × 180.00, 1 × 100.00', () => {
    expect(nightRuns([100_00, 100_00, 180_00, 100_00])).toEqual([
      { nights: 2, price: 100_00 },
      { nights: 1, price: 180_00 },
      { nights: 1, price: 100_00 },
    ]);
  });
});
