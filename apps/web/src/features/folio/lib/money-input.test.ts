import { describe, expect, it } from 'vitest';
import { inputFromKopecks, kopecksFromInput } from './money-input';

describe('amounts typed at the desk (issue 45, point 4)', () => {
  it('"42,50" and "42.5" are 4250 kopecks; "100" is 10000; "1.234", "-5" and "abc" are none', () => {
    expect(kopecksFromInput('42,50')).toBe(4250);
    expect(kopecksFromInput('42.5')).toBe(4250);
    expect(kopecksFromInput(' 100 ')).toBe(10000);
    expect(kopecksFromInput('1.234')).toBeNull();
    expect(kopecksFromInput('-5')).toBeNull();
    expect(kopecksFromInput('abc')).toBeNull();
    expect(inputFromKopecks(17000)).toBe('170.00');
  });
});
