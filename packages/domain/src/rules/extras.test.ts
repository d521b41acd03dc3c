import { describe, expect, it } from 'vitest';
import { bookingExtrasSchema, extraCreateSchema, extraUpdateSchema } from '../schemas/extras';
import { ADMIN_PRICE_MAX } from '../schemas/admin';
import { extraAdjustments, extraOfferedIn, extraQuantityFits, extraQuantityMax, extrasTotal, priceExtra } from './extras';
import { priceStay, RoomRates } from './rates';

const threeNightsTwoGuests = { nights: 3, guests: 2 };

describe('one extra line (issue 23.5)', () => {
  it('breakfast 25.00 × 2 guests × 3 nights = 150.00', () => {
    expect(priceExtra({ price: 25_00, counts: 'per_guest_night' }, 2, threeNightsTwoGuests)).toEqual({ unitPrice: 25_00, quantity: 2, times: 3, total: 150_00 });
  });

  it('parking 12.50 × 1 place × 3 nights = 37.50', () => {
    expect(priceExtra({ price: 12_50, counts: 'per_night' }, 1, threeNightsTwoGuests).total).toBe(37_50);
  });

  it('transfer 60.00 × 2 trips = 120.00, whatever the nights', () => {
    expect(priceExtra({ price: 60_00, counts: 'per_trip' }, 2, threeNightsTwoGuests)).toEqual({ unitPrice: 60_00, quantity: 2, times: 1, total: 120_00 });
  });

  it('late check-out 40.00 × 1 per stay = 40.00', () => {
    expect(priceExtra({ price: 40_00, counts: 'per_stay' }, 1, threeNightsTwoGuests).total).toBe(40_00);
  });

  it('a bottle 0.01 × 3 per stay = 0.03: to the kopeck', () => {
    expect(priceExtra({ price: 1, counts: 'per_stay' }, 3, { nights: 30, guests: 1 }).total).toBe(3);
  });

  it('breakfast 33.33 × 1 guest × 7 nights = 233.31', () => {
    expect(priceExtra({ price: 33_33, counts: 'per_guest_night' }, 1, { nights: 7, guests: 3 }).total).toBe(233_31);
  });
});

describe('the stay with extras: total includes them, the first night does not', () => {
  it('2 nights at 100.00 + breakfast 25.00 × 2 × 2 (100.00) + transfer 60.00 = 260.00; first night 100.00', () => {
    const rates = RoomRates.of({ price: 100_00, extraPrice: null, primaryCapacity: 2, extraCapacity: 0 });
    const lines = [priceExtra({ price: 25_00, counts: 'per_guest_night' }, 2, { nights: 2, guests: 2 }), priceExtra({ price: 60_00, counts: 'per_trip' }, 1, { nights: 2, guests: 2 })];
    const quote = priceStay(rates, 2, { arrival: '2027-03-01', departure: '2027-03-03' }, extraAdjustments(lines));
    expect(extrasTotal(lines)).toBe(160_00);
    expect(quote.subtotal).toBe(200_00);
    expect(quote.total).toBe(360_00);
    expect(quote.pricePerNight).toBe(100_00);
    expect(quote.adjustments).toEqual([
      { kind: 'extra', amount: 100_00 },
      { kind: 'extra', amount: 60_00 },
    ]);
  });
});

describe('quantities', () => {
  it('breakfast for at most the guests staying: 2 of 2 fits, 3 of 2 does not, 0 never', () => {
    expect(extraQuantityMax('per_guest_night', { guests: 2 })).toBe(2);
    expect(extraQuantityFits('per_guest_night', 2, { guests: 2 })).toBe(true);
    expect(extraQuantityFits('per_guest_night', 3, { guests: 2 })).toBe(false);
    expect(extraQuantityFits('per_trip', 0, { guests: 2 })).toBe(false);
    expect(extraQuantityFits('per_trip', 10, { guests: 1 })).toBe(true);
    expect(extraQuantityFits('per_trip', 11, { guests: 1 })).toBe(false);
    expect(extraQuantityFits('per_stay', 1.5, { guests: 1 })).toBe(false);
  });

  it('offered in every room (null) or in the rooms named', () => {
    expect(extraOfferedIn({ roomIds: null }, 5)).toBe(true);
    expect(extraOfferedIn({ roomIds: [1, 2] }, 2)).toBe(true);
    expect(extraOfferedIn({ roomIds: [1, 2] }, 5)).toBe(false);
  });
});

describe('schemas', () => {
  const valid = { name: { ru: 'Завтрак', en: 'Breakfast' }, price: 25_00, counts: 'per_guest_night' };

  it('an extra needs a price above 0 and at most the admin maximum', () => {
    expect(extraCreateSchema.safeParse(valid).success).toBe(true);
    expect(extraCreateSchema.safeParse({ ...valid, price: 0 }).success).toBe(false);
    expect(extraCreateSchema.safeParse({ ...valid, price: ADMIN_PRICE_MAX + 1 }).success).toBe(false);
    expect(extraCreateSchema.safeParse({ ...valid, price: 1.5 }).success).toBe(false);
    expect(extraCreateSchema.safeParse({ ...valid, counts: 'per_hour' }).success).toBe(false);
    expect(extraCreateSchema.safeParse({ ...valid, room_ids: [] }).success).toBe(false);
    expect(extraCreateSchema.parse(valid)).toMatchObject({ active: true, sort_order: 0, room_ids: null });
  });

  it('an update names something to change', () => {
    expect(extraUpdateSchema.safeParse({}).success).toBe(false);
    expect(extraUpdateSchema.safeParse({ active: false }).success).toBe(true);
  });

  it("a booking's extras: each id once, quantity 1 to 10", () => {
    expect(bookingExtrasSchema.parse(undefined)).toEqual([]);
    expect(bookingExtrasSchema.safeParse([{ id: 1, quantity: 2 }]).success).toBe(true);
    expect(bookingExtrasSchema.safeParse([{ id: 1, quantity: 0 }]).success).toBe(false);
    expect(bookingExtrasSchema.safeParse([{ id: 1, quantity: 11 }]).success).toBe(false);
    expect(bookingExtrasSchema.safeParse([{ id: 1, quantity: 1 }, { id: 1, quantity: 2 }]).success).toBe(false);
    expect(bookingExtrasSchema.safeParse([{ id: 0, quantity: 1 }]).success).toBe(false);
  });
});
