import { describe, expect, it } from 'vitest';
import { kopecksFromText, stripLeadingZero, textFromKopecks } from './price';

describe('admin prices', () => {
  it('ADM-33: a leading zero before a digit is stripped', () => {
    expect(stripLeadingZero('05')).toBe('5');
    expect(stripLeadingZero('007')).toBe('7');
    expect(stripLeadingZero('0')).toBe('0');
    expect(stripLeadingZero('0,5')).toBe('0,5');
  });

  it('reads roubles with a comma or a point into kopecks; anything else is not a number', () => {
    expect(kopecksFromText('125')).toBe(125_00);
    expect(kopecksFromText('12,50')).toBe(12_50);
    expect(kopecksFromText(' 1 200.5 ')).toBe(1200_50);
    expect(kopecksFromText('-3')).toBe(-3_00);
    expect(kopecksFromText('abc')).toBeNaN();
    expect(kopecksFromText('')).toBeNaN();
    expect(textFromKopecks(12_50)).toBe('12.50');
    expect(textFromKopecks(300_00)).toBe('300');
    expect(textFromKopecks(null)).toBe('');
  });
});
