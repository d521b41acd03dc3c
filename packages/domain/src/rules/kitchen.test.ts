import { describe, expect, it } from 'vitest';
import { isWithinKitchenHours, nextKitchenOpening } from './kitchen';

// Minsk is UTC+3: 03:00 there is 00:00 UTC.
const minsk = (time: string, day = '2026-06-10') => new Date(`${day}T${time}:00+03:00`);

describe('kitchen hours (11:00–22:00 Europe/Minsk)', () => {
  it('takes orders from 11:00 until just before 22:00, hotel time', () => {
    expect(isWithinKitchenHours(minsk('03:00'))).toBe(false);
    expect(isWithinKitchenHours(minsk('10:59'))).toBe(false);
    expect(isWithinKitchenHours(minsk('11:00'))).toBe(true);
    expect(isWithinKitchenHours(minsk('21:59'))).toBe(true);
    expect(isWithinKitchenHours(minsk('22:00'))).toBe(false);
  });

  it('opens today at 11:00 before the hours, tomorrow after them or when closed for the day', () => {
    expect(nextKitchenOpening(minsk('03:00'), false)).toEqual(minsk('11:00'));
    expect(nextKitchenOpening(minsk('22:30'), false)).toEqual(minsk('11:00', '2026-06-11'));
    expect(nextKitchenOpening(minsk('03:00'), true)).toEqual(minsk('11:00', '2026-06-11'));
    expect(nextKitchenOpening(minsk('15:20'), true)).toEqual(minsk('11:00', '2026-06-11'));
  });
});
