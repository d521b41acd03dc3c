import { describe, expect, it } from 'vitest';
import { bynFromKopecks, formatByn, kopecksFromByn } from './money';
import { formatPhone } from './venue';

describe('money in kopecks (CHR-30)', () => {
  it('converts without float drift', () => {
    expect(kopecksFromByn(0.1 + 0.2)).toBe(30);
    expect(kopecksFromByn(139)).toBe(13_900);
    expect(bynFromKopecks(12_345)).toBe(123.45);
  });

  it('formats whole and fractional amounts per locale', () => {
    expect(formatByn(13_900, 'en')).toBe('139');
    expect(formatByn(123_450, 'en')).toBe('1,234.50');
    expect(formatByn(123_450, 'ru').replace(/\s/g, ' ')).toBe('1 234,50');
  });

  it('writes what Intl.NumberFormat writes for ru and en', () => {
    const amounts = [0, 5, 99, 100, 1_005, 13_900, 99_999, 100_000, 123_450, 1_234_567, 99_999_900, -4_550];
    for (const locale of ['ru', 'en']) {
      for (const kopecks of amounts) {
        const whole = kopecks % 100 === 0;
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
        expect(formatByn(kopecks, locale), `${kopecks} in ${locale}`).toBe(intl.format(kopecks / 100));
      }
    }
  });

  it('formats Belarusian phone numbers for display', () => {
    expect(formatPhone('+375152001799')).toBe('+375 152 00-17-99');
    expect(formatPhone('+375290001799')).toBe('+375 29 000-17-99');
  });
});
