import { describe, expect, it } from 'vitest';
import { addDays, extraPlaces, guestCount, isIsoDate, maxGuests, nightsBetween, pricePerNight, stayTotal } from './stay';

const room = { primaryCapacity: 2, extraCapacity: 1, price: 250_00, extraPrice: 310_00 };

describe('stay rules', () => {
  it('counts nights as the day difference (CON-06)', () => {
    expect(nightsBetween('2026-05-01', '2026-05-02')).toBe(1);
    expect(nightsBetween('2026-05-01', '2026-05-08')).toBe(7);
    // Across the end of a month and a year, and across a DST change elsewhere in Europe.
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('refuses impossible calendar dates', () => {
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(() => nightsBetween('2026-13-01', '2026-13-02')).toThrow(RangeError);
    // Date.UTC reads years below 100 as 19xx; such a date is not the one written.
    expect(isIsoDate('0050-01-01')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate(' 2026-01-01')).toBe(false);
  });

  it('agrees with the ISO form of every day over five years', () => {
    for (let day = 0, time = Date.UTC(2025, 0, 1); day < 5 * 366; day++, time += 86_400_000) {
      const iso = new Date(time).toISOString().slice(0, 10);
      expect(addDays('2025-01-01', day)).toBe(iso);
      expect(isIsoDate(iso)).toBe(true);
    }
  });

  it('adds days to a date', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts the booking user as one guest (HOT-22, HOT-29)', () => {
    expect(guestCount(0)).toBe(1);
    expect(guestCount(2)).toBe(3);
  });

  it('puts guests beyond primary capacity on extra places (HOT-30)', () => {
    expect(maxGuests(room)).toBe(3);
    expect(extraPlaces(room, 1)).toBe(0);
    expect(extraPlaces(room, 2)).toBe(0);
    expect(extraPlaces(room, 3)).toBe(1);
  });

  it('uses the extra price only when extra places are used and it is set (HOT-31, HOT-26)', () => {
    expect(pricePerNight(room, 2)).toBe(250_00);
    expect(pricePerNight(room, 3)).toBe(310_00);
    expect(pricePerNight({ ...room, extraPrice: null }, 3)).toBe(250_00);
  });

  it('totals nights times the price per night (HOT-32)', () => {
    expect(stayTotal(room, 2, 3)).toBe(750_00);
    expect(stayTotal(room, 3, 2)).toBe(620_00);
  });
});
