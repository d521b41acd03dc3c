import { describe, expect, it } from 'vitest';
import { parseExpiry } from './cards';

const now = new Date('2026-11-26T12:00:00Z');

describe('the sandbox page reads a card’s expiry as guests type it', () => {
  it('with a slash, two- or four-digit year', () => {
    expect(parseExpiry('12/30', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry(' 3 / 2031 ', now)).toEqual({ month: 3, year: 2031 });
  });

  it('without the slash, as a phone keyboard types it: "1230" is December 2030 (issue 26)', () => {
    expect(parseExpiry('1230', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('122030', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12 30', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12-30', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('12.30', now)).toEqual({ month: 12, year: 2030 });
  });

  it('refuses what is not a month in the future', () => {
    for (const value of ['130', '1330', '0030', '10/26', '12/99', 'ab/cd', '', '12//30', '12/3']) {
      expect(parseExpiry(value, now), value).toBeNull();
    }
    // This month still counts: the card is valid to its last day.
    expect(parseExpiry('11/26', now)).toEqual({ month: 11, year: 2026 });
  });
});
