import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  // No exchange rates come with a reservation, so the screens give BYN; the format is not tied to it.
  it('CON-08: reservation prices are written in BYN, and the same format gives USD or RUB', () => {
    expect(formatMoney(1_250_50, 'ru', 'BYN')).toBe('1\u00a0250,50\u00a0BYN');
    expect(formatMoney(245_00, 'ru', 'USD')).toBe('245\u00a0USD');
    expect(formatMoney(21_990_00, 'ru', 'RUB')).toBe('21\u00a0990\u00a0RUB');
    expect(formatMoney(21_990_00, 'en', 'RUB')).toBe('21,990\u00a0RUB');
  });
});
