import { describe, expect, it } from 'vitest';
import { tableBookingSchema } from '../schemas/tables';
import { firstTableDay, isTablePast, nearestFreeTimes, slotLoads, TABLE_LAST_SEATING, TABLE_TIMES, tableEnds, tableFits, tableTimesLeft } from './tables';

describe('tables at the restaurant (issue 24.1)', () => {
  it('starts every 15 minutes from 12:00 to the last seating, 2 hours before closing', () => {
    expect(TABLE_TIMES[0]).toBe('12:00');
    expect(TABLE_LAST_SEATING).toBe('21:00');
    expect(TABLE_TIMES.at(-1)).toBe('21:00');
    expect(TABLE_TIMES).toHaveLength(37);
    expect(tableEnds('19:30')).toBe('21:30');
  });

  it('counts a party in every slot its table touches, and not in the one it ends at', () => {
    const loads = slotLoads([{ time: '19:30', party: 4 }]);
    expect(loads.get(19 * 60 + 15)).toBeUndefined();
    expect(loads.get(19 * 60 + 30)).toBe(4);
    expect(loads.get(21 * 60 + 15)).toBe(4);
    expect(loads.get(21 * 60 + 30)).toBeUndefined();
    expect(tableFits(loads, '21:30', 10, 10)).toBe(true);
    expect(tableFits(loads, '17:45', 7, 10)).toBe(false);
    expect(tableFits(loads, '17:30', 10, 10)).toBe(true);
  });

  it('offers the nearest free times, earlier first on a tie, gone ones left out', () => {
    const loads = slotLoads([{ time: '19:00', party: 6 }]);
    expect(nearestFreeTimes(loads, '19:30', 4, 8)).toEqual(['16:30', '16:45', '17:00', '21:00']);
    expect(nearestFreeTimes(loads, '19:00', 4, 8, (time) => time >= '17:00', 2)).toEqual(['17:00', '21:00']);
    expect(nearestFreeTimes(loads, '19:00', 9, 8)).toEqual([]);
  });

  it('knows a time gone on the hotel clock (UTC+3)', () => {
    const now = new Date('2026-12-01T16:20:00Z'); // 19:20 in Grodno
    expect(isTablePast('2026-12-01', '19:15', now)).toBe(true);
    expect(isTablePast('2026-12-01', '19:30', now)).toBe(false);
    expect(isTablePast('2026-11-30', '21:00', now)).toBe(true);
    expect(isTablePast('2026-12-02', '12:00', now)).toBe(false);
  });

  it('leaves the times still ahead to choose, and opens the form on tomorrow once the last has gone', () => {
    const evening = new Date('2026-12-01T16:20:00Z'); // 19:20 in Grodno
    expect(tableTimesLeft('2026-12-01', evening)).toEqual(['19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);
    expect(tableTimesLeft('2026-12-02', evening)).toEqual(TABLE_TIMES);
    expect(firstTableDay(evening)).toBe('2026-12-01');
    const lastSeating = new Date('2026-12-01T18:00:00Z'); // 21:00: a table starting this very minute still counts
    expect(tableTimesLeft('2026-12-01', lastSeating)).toEqual(['21:00']);
    expect(firstTableDay(lastSeating)).toBe('2026-12-01');
    const late = new Date('2026-12-01T18:01:00Z');
    expect(tableTimesLeft('2026-12-01', late)).toEqual([]);
    expect(firstTableDay(late)).toBe('2026-12-02');
  });

  it('refuses a time gone, off the steps, beyond 60 days, and a party of 0 or 13', () => {
    const now = () => new Date('2026-12-01T16:20:00Z');
    const base = { date: '2026-12-01', time: '19:30', party: 4, name: 'Anna', phone: '+375291234567' };
    const messages = (change: object) => tableBookingSchema(now).safeParse({ ...base, ...change }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({})).toEqual([]);
    expect(messages({ time: '19:15' })).toEqual(['restaurant:tables.validation.past']);
    expect(messages({ time: '19:40' })).toEqual(['restaurant:tables.validation.hours']);
    expect(messages({ date: '2027-01-30' })).toEqual([]);
    expect(messages({ date: '2027-01-31' })).toEqual(['restaurant:tables.validation.tooFar']);
    expect(messages({ party: 0 })).toEqual(['restaurant:tables.validation.partyMin']);
    expect(messages({ party: 13 })).toEqual(['restaurant:tables.validation.partyMax']);
    expect(messages({ email: '' })).toEqual([]);
  });
});
