import { describe, expect, it } from 'vitest';
import { hotelToday } from './hotel-today';

describe('hotelToday', () => {
  it("takes today in the hotel's time zone: 22:30 UTC is already tomorrow in Minsk", () => {
    expect(hotelToday(new Date('2026-06-10T22:30:00Z'))).toBe('2026-06-11');
    expect(hotelToday(new Date('2026-06-10T20:59:00Z'))).toBe('2026-06-10');
    // Asked every second across midnight in Minsk (21:00 UTC), and back in time: never a stale day.
    for (let second = -90; second <= 90; second++) {
      const at = new Date(Date.UTC(2026, 5, 10, 21, 0, second));
      expect(hotelToday(at), at.toISOString()).toBe(second < 0 ? '2026-06-10' : '2026-06-11');
    }
    expect(hotelToday(new Date('2026-06-10T20:59:59.999Z'))).toBe('2026-06-10');
  });
});
