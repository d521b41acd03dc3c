import { describe, expect, it } from 'vitest';
import { COPYRIGHT_FROM_YEAR, copyrightYears } from './constants';

describe('the footer’s copyright years', () => {
  it('CHR-13: run from the company’s first year (the spec’s 2023) to the year it is now, not a year written down once', () => {
    expect(copyrightYears(new Date('2026-11-26T12:00:00Z'))).toBe(`${COPYRIGHT_FROM_YEAR}-2026`);
    expect(copyrightYears(new Date('2031-06-01T12:00:00Z'))).toBe(`${COPYRIGHT_FROM_YEAR}-2031`);
  });

  it('turn over at midnight in Grodno, not in UTC', () => {
    // 22:30 UTC on 31 December is 01:30 on 1 January in Europe/Minsk (UTC+3).
    expect(copyrightYears(new Date('2026-12-31T22:30:00Z'))).toBe(`${COPYRIGHT_FROM_YEAR}-2027`);
    expect(copyrightYears(new Date('2026-12-31T20:30:00Z'))).toBe(`${COPYRIGHT_FROM_YEAR}-2026`);
    expect(copyrightYears(new Date('2027-01-01T00:30:00Z'))).toBe(`${COPYRIGHT_FROM_YEAR}-2027`);
  });

  it('is the single year in the first year', () => {
    expect(copyrightYears(new Date(`${COPYRIGHT_FROM_YEAR}-05-01T12:00:00Z`))).toBe(String(COPYRIGHT_FROM_YEAR));
  });
});
