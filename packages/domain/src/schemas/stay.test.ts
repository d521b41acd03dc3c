import { describe, expect, it } from 'vitest';
import { roomFilterSchema, staySchema } from './stay';

const schema = roomFilterSchema(() => '2026-06-10');
const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('room filter (HOT-06..HOT-11)', () => {
  it('accepts a stay of at least one night from today', () => {
    expect(messages({ arrival: '2026-06-10', departure: '2026-06-11', guests: 1 })).toEqual([]);
  });

  it('HOT-06, HOT-07: check-in and check-out are required (roomsFilter.checkInRequired, roomsFilter.checkOutRequired)', () => {
    expect(messages({ arrival: '', departure: '', guests: 1 })).toEqual([
      'hotel:roomsFilter.checkInRequired',
      'hotel:roomsFilter.checkOutRequired',
    ]);
  });

  it('HOT-08, HOT-09: guests must be a whole number (roomsFilter.guestsRequired) and at least 1 (roomsFilter.guestsMin)', () => {
    expect(messages({ arrival: '2026-06-10', departure: '2026-06-11', guests: Number.NaN })).toEqual([
      'hotel:roomsFilter.guestsRequired',
    ]);
    expect(messages({ arrival: '2026-06-10', departure: '2026-06-11', guests: 0 })).toEqual(['hotel:roomsFilter.guestsMin']);
  });

  it('HOT-10, HOT-11: refuses a past check-in (roomsFilter.checkInPast) and a check-out not after check-in (roomsFilter.checkOutBeforeCheckIn)', () => {
    expect(messages({ arrival: '2026-06-09', departure: '2026-06-11', guests: 1 })).toEqual(['hotel:roomsFilter.checkInPast']);
    expect(messages({ arrival: '2026-06-12', departure: '2026-06-12', guests: 1 })).toEqual([
      'hotel:roomsFilter.checkOutBeforeCheckIn',
    ]);
  });

  it('refuses a stay over 30 nights and an arrival over a year ahead', () => {
    expect(messages({ arrival: '2026-06-10', departure: '2026-07-10', guests: 1 })).toEqual([]);
    expect(messages({ arrival: '2026-06-10', departure: '2026-07-11', guests: 1 })).toEqual(['hotel:roomsFilter.stayTooLong']);
    expect(messages({ arrival: '2026-06-10', departure: '9999-12-31', guests: 1 })).toEqual(['hotel:roomsFilter.stayTooLong']);
    expect(messages({ arrival: '2027-06-11', departure: '2027-06-12', guests: 1 })).toEqual(['hotel:roomsFilter.checkInTooFar']);
  });

});

describe('stay', () => {
  const stay = staySchema(() => '2026-06-10');
  const issues = (input: unknown) => {
    const result = stay.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('checks each rule whose dates are readable, after the fields themselves', () => {
    expect(issues({ arrival: '2026-06-01', departure: 'soon' })).toEqual([
      ['departure', 'common:validation.invalid'],
      ['arrival', 'hotel:roomsFilter.checkInPast'],
    ]);
    expect(issues({ arrival: '2026-06-01', departure: '' })).toEqual([['departure', 'hotel:roomsFilter.checkOutRequired']]);
    expect(issues({ arrival: '2026-06-12', departure: '2026-06-11' })).toEqual([['departure', 'hotel:roomsFilter.checkOutBeforeCheckIn']]);
  });

  it('reads today when it parses, not when it is made', () => {
    let today = '2026-06-10';
    const moving = staySchema(() => today);
    expect(moving.safeParse({ arrival: '2026-06-10', departure: '2026-06-11' }).success).toBe(true);
    today = '2026-06-11';
    expect(moving.safeParse({ arrival: '2026-06-10', departure: '2026-06-11' }).success).toBe(false);
  });
});
