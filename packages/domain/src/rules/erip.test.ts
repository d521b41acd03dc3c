import { describe, expect, it } from 'vitest';
import { eripOffered, eripPath } from './erip';

describe('ERIP (issue 46)', () => {
  it('is offered for a stay that starts more than the set days after today, never on the day itself', () => {
    expect(eripOffered('2026-12-03', '2026-11-29', 3)).toBe(true);
    expect(eripOffered('2026-12-02', '2026-11-29', 3)).toBe(false);
    expect(eripOffered('2026-11-29', '2026-11-29', 0)).toBe(false);
    expect(eripOffered('2026-11-30', '2026-11-29', 0)).toBe(true);
  });

  it('names the path in the bank app in both languages, from «Расчёт (ЕРИП)» to the bill number', () => {
    expect(eripPath('ru', 'Гостиничные услуги → Минск → Дом 1799')).toBe('Расчёт (ЕРИП) → Гостиничные услуги → Минск → Дом 1799 → номер счёта');
    expect(eripPath('en', 'Гостиничные услуги → Минск → Дом 1799')).toBe('Raschet (ERIP) → Гостиничные услуги → Минск → Дом 1799 → bill number');
  });
});
