import { describe, expect, it } from 'vitest';
import { formatHotelClock, formatMoment, formatMonth, formatOrderMoment, formatStayDate, formatTime, formatWeekday } from './dates';

describe('formatStayDate', () => {
  it('CHR-29: dates are written in the Russian locale: day, abbreviated Russian month, year', () => {
    expect(formatStayDate('2026-01-05', 'ru')).toBe('5 янв. 2026');
    expect(formatStayDate('2026-05-12', 'ru')).toBe('12 мая 2026');
    expect(formatStayDate('2026-12-31', 'ru')).toBe('31 дек. 2026');
  });
});

describe('moments, months, weekdays and the kitchen clock', () => {
  it('reads a staff record on the hotel clock (UTC+3), and a calendar day without a time zone', () => {
    expect(formatMoment('2026-06-10T21:30:00Z', 'en')).toBe('11 Jun 2026, 00:30');
    expect(formatMoment('2026-06-10T21:30:00Z', 'ru', { style: 'short' })).toBe('11.06.2026, 00:30');
    expect(formatHotelClock('2026-06-10T08:00:00Z', 'ru')).toBe('11:00');
    expect(formatMonth('2026-06-01', 'en')).toBe('Jun');
    expect(formatWeekday('2026-06-01', 'en')).toBe('Mon');
  });
});

describe('the hotel states its times on its own clock (issue 48)', () => {
  it('an order placed at 23:40 in Grodno reads 23:40, not 20:40, in a browser set to UTC', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(new Date('2026-11-27T20:40:00Z').getHours()).toBe(20);
      expect(formatTime('2026-11-27T20:40:00Z')).toBe('23:40');
      expect(formatOrderMoment('2026-11-27T20:40:00Z', 'ru')).toBe('27 нояб. 2026, 23:40');
      expect(formatOrderMoment('2026-11-27T21:10:00Z', 'en')).toBe('28 Nov 2026, 00:10');
      expect(formatMoment('2026-11-27T20:40:00Z', 'en')).toBe('27 Nov 2026, 23:40');
    } finally {
      process.env.TZ = zone;
    }
  });
});
