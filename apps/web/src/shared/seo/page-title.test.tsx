import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from './page-title';

describe('usePageTitle', () => {
  it('names the screen and the house, counts what waits, and leaves a whole title alone', () => {
    const { rerender } = renderHook(({ waiting }) => usePageTitle('Заказы', { waiting }), { initialProps: { waiting: 0 } });
    expect(document.title).toBe('Заказы · Дом 1799');
    rerender({ waiting: 3 });
    expect(document.title).toBe('(3) Заказы · Дом 1799');
    renderHook(() => usePageTitle('Меню доставки «Дом 1799»', { brand: false }));
    expect(document.title).toBe('Меню доставки «Дом 1799»');
  });
});
