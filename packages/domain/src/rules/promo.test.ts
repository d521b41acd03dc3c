import { describe, expect, it } from 'vitest';
import { promoCodeInputSchema } from '../schemas/promo';
import { normalizePromoCode, promoDiscount, type PromoCode, type PromoUse } from './promo';

const code = (fields: Partial<PromoCode> = {}): PromoCode => ({
  code: 'SUMMER',
  kind: 'percent',
  value: 10,
  scope: 'both',
  validFrom: null,
  validTo: null,
  stayFrom: null,
  stayTo: null,
  minAmount: 0,
  maxUses: null,
  maxUsesPerGuest: null,
  active: true,
  ...fields,
});
const use = (fields: Partial<PromoUse> = {}): PromoUse => ({ scope: 'rooms', amount: 300_00, today: '2027-06-01', usesSoFar: 0, usesByGuest: 0, ...fields });

describe('promoDiscount (issue 23.4)', () => {
  it('10 % of a 300.00 stay is 30.00', () => {
    expect(promoDiscount(code(), use())).toEqual({ ok: true, discount: 30_00 });
  });

  it('15 % of 333.33 is 49.99 (49.9995 rounded down to the kopeck)', () => {
    expect(promoDiscount(code({ value: 15 }), use({ amount: 333_33 }))).toEqual({ ok: true, discount: 49_99 });
  });

  it('a fixed 50.00 off 300.00 is 50.00; off 40.00 it is capped at 40.00 (total 0.00)', () => {
    expect(promoDiscount(code({ kind: 'fixed', value: 50_00 }), use())).toEqual({ ok: true, discount: 50_00 });
    expect(promoDiscount(code({ kind: 'fixed', value: 50_00 }), use({ amount: 40_00 }))).toEqual({ ok: true, discount: 40_00 });
  });

  it('100 % of 120.50 is 120.50', () => {
    expect(promoDiscount(code({ value: 100 }), use({ amount: 120_50 }))).toEqual({ ok: true, discount: 120_50 });
  });

  it('refuses an inactive code', () => {
    expect(promoDiscount(code({ active: false }), use())).toEqual({ ok: false, reason: 'inactive' });
  });

  it('valid 2027-06-01..2027-06-30: on 2027-05-31 not yet, on 06-01 and 06-30 yes, on 07-01 expired', () => {
    const dated = code({ validFrom: '2027-06-01', validTo: '2027-06-30' });
    expect(promoDiscount(dated, use({ today: '2027-05-31' }))).toEqual({ ok: false, reason: 'not_started' });
    expect(promoDiscount(dated, use({ today: '2027-06-01' })).ok).toBe(true);
    expect(promoDiscount(dated, use({ today: '2027-06-30' })).ok).toBe(true);
    expect(promoDiscount(dated, use({ today: '2027-07-01' }))).toEqual({ ok: false, reason: 'expired' });
  });

  it('a code for rooms is not for delivery, and one for delivery not for rooms; "both" is for either', () => {
    expect(promoDiscount(code({ scope: 'rooms' }), use({ scope: 'delivery' }))).toEqual({ ok: false, reason: 'not_for_this' });
    expect(promoDiscount(code({ scope: 'delivery' }), use({ scope: 'rooms' }))).toEqual({ ok: false, reason: 'not_for_this' });
    expect(promoDiscount(code({ scope: 'delivery' }), use({ scope: 'delivery', amount: 80_00 }))).toEqual({ ok: true, discount: 8_00 });
  });

  it('stays within 2027-07-01..2027-07-10: 07-01→07-11 (last night 07-10) fits, 06-30→07-02 and 07-09→07-12 do not', () => {
    const summer = code({ stayFrom: '2027-07-01', stayTo: '2027-07-10' });
    expect(promoDiscount(summer, use({ stay: { arrival: '2027-07-01', departure: '2027-07-11' } })).ok).toBe(true);
    expect(promoDiscount(summer, use({ stay: { arrival: '2027-06-30', departure: '2027-07-02' } }))).toEqual({ ok: false, reason: 'stay_outside' });
    expect(promoDiscount(summer, use({ stay: { arrival: '2027-07-09', departure: '2027-07-12' } }))).toEqual({ ok: false, reason: 'stay_outside' });
  });

  it('a minimum of 200.00: 199.99 is below it, 200.00 gets 20.00', () => {
    const min = code({ minAmount: 200_00 });
    expect(promoDiscount(min, use({ amount: 199_99 }))).toEqual({ ok: false, reason: 'below_minimum' });
    expect(promoDiscount(min, use({ amount: 200_00 }))).toEqual({ ok: true, discount: 20_00 });
  });

  it('5 uses in all: the 5th applies, the 6th is used up; 1 use per guest: the guest’s 2nd is refused', () => {
    expect(promoDiscount(code({ maxUses: 5 }), use({ usesSoFar: 4 })).ok).toBe(true);
    expect(promoDiscount(code({ maxUses: 5 }), use({ usesSoFar: 5 }))).toEqual({ ok: false, reason: 'used_up' });
    expect(promoDiscount(code({ maxUsesPerGuest: 1 }), use({ usesByGuest: 1, usesSoFar: 1 }))).toEqual({ ok: false, reason: 'used_by_you' });
  });

  it('codes are case-insensitive: " summer25 " is SUMMER25', () => {
    expect(normalizePromoCode(' summer25 ')).toBe('SUMMER25');
  });
});

describe('promoCodeInputSchema (issue 23.4)', () => {
  const valid = { code: 'summer-25', kind: 'percent', value: 25, scope: 'rooms' } as const;

  it('keeps the code in upper case and fills the defaults', () => {
    expect(promoCodeInputSchema.parse(valid)).toMatchObject({ code: 'SUMMER-25', min_amount: 0, max_uses: null, active: true, valid_from: null });
  });

  it('refuses a percentage over 100, a fixed amount over its minimum, and dates ending before they start', () => {
    const problems = (input: object) => promoCodeInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(problems({ ...valid, value: 101 })).toEqual(['admin:promo.validation.percent']);
    expect(problems({ ...valid, kind: 'fixed', value: 150_00, min_amount: 100_00 })).toEqual(['admin:promo.validation.fixedOverMinimum']);
    expect(problems({ ...valid, valid_from: '2027-06-10', valid_to: '2027-06-09' })).toEqual(['admin:promo.validation.validEndsBeforeStart']);
    expect(problems({ ...valid, stay_from: '2027-06-10', stay_to: '2027-06-01' })).toEqual(['admin:promo.validation.stayEndsBeforeStart']);
    expect(problems({ ...valid, code: 'a b' })).toEqual(['admin:promo.validation.code']);
  });
});
