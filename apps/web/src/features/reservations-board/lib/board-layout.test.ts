import { describe, expect, it } from 'vitest';
import { barPlacement, boardDays, weekStart } from './board-layout';

describe('the board layout', () => {
  it('lays the window out day by day, today and month starts marked', () => {
    const days = boardDays('2026-11-29', 14, '2026-12-02');
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: '2026-11-29', dayOfMonth: 29, weekday: 0, isToday: false, monthStart: true });
    expect(days[2]).toMatchObject({ date: '2026-12-01', monthStart: true });
    expect(days.filter((day) => day.isToday).map((day) => day.date)).toEqual(['2026-12-02']);
  });

  it('draws a stay from the afternoon of arrival to the noon of departure', () => {
    expect(barPlacement({ arrival: '2026-12-03', departure: '2026-12-06' }, '2026-12-01', 14)).toEqual({ start: 2.5, length: 3, before: false, after: false });
    // The next guest arrives the day the first leaves: the bars touch, they do not overlap.
    const next = barPlacement({ arrival: '2026-12-06', departure: '2026-12-07' }, '2026-12-01', 14)!;
    expect(next.start).toBe(5.5);
  });

  it('clips a stay at the edges of the window and leaves out one outside it', () => {
    expect(barPlacement({ arrival: '2026-11-25', departure: '2026-12-03' }, '2026-12-01', 14)).toEqual({ start: 0, length: 2.5, before: true, after: false });
    expect(barPlacement({ arrival: '2026-12-14', departure: '2026-12-20' }, '2026-12-01', 14)).toEqual({ start: 13.5, length: 0.5, before: false, after: true });
    expect(barPlacement({ arrival: '2026-11-20', departure: '2026-12-01' }, '2026-12-01', 14)).toBeNull();
    expect(barPlacement({ arrival: '2026-12-15', departure: '2026-12-16' }, '2026-12-01', 14)).toBeNull();
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
  });
});
