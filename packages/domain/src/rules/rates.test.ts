import { describe, expect, it } from 'vitest';
import { priceRuns, priceStay, RoomRates, stayRuleBreach, weekdayOf, type PriceRule, type StayRule } from './rates';

const room = { price: 100_00, extraPrice: 130_00, primaryCapacity: 2, extraCapacity: 1 };
const everyDay = [1, 2, 3, 4, 5, 6, 7];
const price = (id: number, firstNight: string, lastNight: string, value: number, extra: number | null = null, weekdays = everyDay): PriceRule => ({
  id,
  firstNight,
  lastNight,
  weekdays,
  price: value,
  extraPrice: extra,
});
const stayRule = (id: number, firstNight: string, lastNight: string, fields: Partial<StayRule>): StayRule => ({
  id,
  firstNight,
  lastNight,
  weekdays: everyDay,
  minNights: null,
  closedToArrival: false,
  closedToDeparture: false,
  ...fields,
});

describe('weekdays (issue 23.1)', () => {
  it('2027-06-04 is a Friday (5), 2027-06-06 a Sunday (7), 1970-01-01 a Thursday (4)', () => {
    expect(weekdayOf('2027-06-04')).toBe(5);
    expect(weekdayOf('2027-06-06')).toBe(7);
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('1969-12-29')).toBe(1);
  });
});

describe('pricing a stay over rules (issue 23.1)', () => {
  it('without rules every night is the base price: 3 nights × 100.00 = 300.00', () => {
    const quote = priceStay(RoomRates.of(room), 2, { arrival: '2027-06-01', departure: '2027-06-04' });
    expect(quote).toMatchObject({ nights: 3, nightPrices: [100_00, 100_00, 100_00], pricePerNight: 100_00, total: 300_00, adjustments: [] });
  });

  it('a Friday and Saturday summer price: Thu–Mon is 100 + 180 + 180 + 100 = 560.00, the first night 100.00', () => {
    const rates = RoomRates.of(room, [price(1, '2027-06-01', '2027-08-31', 180_00, null, [5, 6])]);
    const quote = priceStay(rates, 2, { arrival: '2027-06-03', departure: '2027-06-07' });
    expect(quote.nightPrices).toEqual([100_00, 180_00, 180_00, 100_00]);
    expect(quote.total).toBe(560_00);
    expect(quote.pricePerNight).toBe(100_00);
    expect(priceRuns('2027-06-03', quote.nightPrices)).toEqual([
      { first_night: '2027-06-03', nights: 1, price_per_night: 100_00 },
      { first_night: '2027-06-04', nights: 2, price_per_night: 180_00 },
      { first_night: '2027-06-06', nights: 1, price_per_night: 100_00 },
    ]);
  });

  it('the newest overlapping rule wins night by night: 150 (rule 1), 120 (rule 2 over it), 120, 150 = 540.00', () => {
    const rates = RoomRates.of(room, [price(2, '2027-07-02', '2027-07-03', 120_00), price(1, '2027-07-01', '2027-07-10', 150_00)]);
    expect(priceStay(rates, 1, { arrival: '2027-07-01', departure: '2027-07-05' }).nightPrices).toEqual([150_00, 120_00, 120_00, 150_00]);
    expect(priceStay(rates, 1, { arrival: '2027-07-01', departure: '2027-07-05' }).total).toBe(540_00);
    expect(rates.priceRuleOn(Date.UTC(2027, 6, 2) / 86_400_000)?.id).toBe(2);
  });

  it('extra places pay the rule’s extra price, or the room’s own when the rule sets none: 200 + 130 = 330.00 for three guests', () => {
    const rates = RoomRates.of(room, [price(1, '2027-06-10', '2027-06-10', 160_00, 200_00), price(2, '2027-06-11', '2027-06-11', 170_00)]);
    const quote = priceStay(rates, 3, { arrival: '2027-06-10', departure: '2027-06-12' });
    expect(quote.extraPlaces).toBe(1);
    expect(quote.nightPrices).toEqual([200_00, 130_00]);
    expect(quote.total).toBe(330_00);
  });

  it('the first night sets the guarantee: Fri–Sun is 180.00 of 360.00, Sat–Mon 180.00 of 280.00', () => {
    const rates = RoomRates.of(room, [price(1, '2027-06-01', '2027-08-31', 180_00, null, [5, 6])]);
    const quote = priceStay(rates, 2, { arrival: '2027-06-11', departure: '2027-06-13' });
    expect(quote).toMatchObject({ pricePerNight: 180_00, total: 360_00 });
    const sunday = priceStay(rates, 2, { arrival: '2027-06-12', departure: '2027-06-14' });
    expect(sunday).toMatchObject({ pricePerNight: 180_00, total: 280_00 });
  });

  it('adjustments change the total, not the nights: 200.00 − 20.00 = 180.00', () => {
    const quote = priceStay(RoomRates.of(room), 1, { arrival: '2027-06-01', departure: '2027-06-03' }, [{ kind: 'promo', amount: -20_00 }]);
    expect(quote).toMatchObject({ subtotal: 200_00, total: 180_00 });
  });
});

describe('stay rules (issue 23.2)', () => {
  const rates = RoomRates.of(room, [], [
    stayRule(1, '2027-06-05', '2027-06-05', { minNights: 2 }),
    stayRule(2, '2027-06-09', '2027-06-09', { closedToArrival: true }),
    stayRule(3, '2027-06-13', '2027-06-13', { closedToDeparture: true }),
    stayRule(4, '2027-06-20', '2027-06-30', { minNights: 3 }),
    stayRule(5, '2027-06-25', '2027-06-25', { minNights: 1 }),
  ]);

  it('a one-night Saturday 2027-06-05 breaks a two-night minimum; two nights keep it', () => {
    expect(stayRuleBreach(rates, { arrival: '2027-06-05', departure: '2027-06-06' })).toEqual({ rule: 'min_nights', date: '2027-06-05', min_nights: 2 });
    expect(stayRuleBreach(rates, { arrival: '2027-06-05', departure: '2027-06-07' })).toBeNull();
  });

  it('the minimum counts from the arrival day only: arriving Friday 06-04 for one night through Saturday is fine', () => {
    expect(stayRuleBreach(rates, { arrival: '2027-06-04', departure: '2027-06-05' })).toBeNull();
    expect(stayRuleBreach(rates, { arrival: '2027-06-04', departure: '2027-06-06' })).toBeNull();
  });

  it('closed to arrival refuses arriving that day, not staying through it', () => {
    expect(stayRuleBreach(rates, { arrival: '2027-06-09', departure: '2027-06-11' })).toEqual({ rule: 'closed_to_arrival', date: '2027-06-09' });
    expect(stayRuleBreach(rates, { arrival: '2027-06-08', departure: '2027-06-11' })).toBeNull();
  });

  it('closed to departure refuses leaving that day', () => {
    expect(stayRuleBreach(rates, { arrival: '2027-06-11', departure: '2027-06-13' })).toEqual({ rule: 'closed_to_departure', date: '2027-06-13' });
    expect(stayRuleBreach(rates, { arrival: '2027-06-11', departure: '2027-06-14' })).toBeNull();
  });

  it('the newest rule wins: a 1-night minimum on 06-25 inside a 3-night one', () => {
    expect(stayRuleBreach(rates, { arrival: '2027-06-25', departure: '2027-06-26' })).toBeNull();
    expect(stayRuleBreach(rates, { arrival: '2027-06-24', departure: '2027-06-26' })).toEqual({ rule: 'min_nights', date: '2027-06-24', min_nights: 3 });
  });

  it('weekdays: a minimum on Saturdays only leaves Sundays free', () => {
    const saturdays = RoomRates.of(room, [], [{ ...stayRule(1, '2027-06-01', '2027-06-30', { minNights: 2 }), weekdays: [6] }]);
    expect(stayRuleBreach(saturdays, { arrival: '2027-06-12', departure: '2027-06-13' })?.rule).toBe('min_nights');
    expect(stayRuleBreach(saturdays, { arrival: '2027-06-13', departure: '2027-06-14' })).toBeNull();
  });
});
