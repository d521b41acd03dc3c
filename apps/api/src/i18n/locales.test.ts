import { describe, expect, it } from 'vitest';
import { catalogues, text } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function valueAt(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
}

const placeholders = (value: unknown) => [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the server's texts (CHR-27)", () => {
  it('has the same keys in Russian and English, none empty', () => {
    expect(keys(catalogues.en).sort()).toEqual(keys(catalogues.ru).sort());
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const empty = keys(catalogue).filter((key) => {
        const value = valueAt(catalogue, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, language).toEqual([]);
    }
  });

  it('puts the same values into a text in both languages', () => {
    for (const key of keys(catalogues.ru)) {
      expect(placeholders(valueAt(catalogues.en, key)), key).toEqual(placeholders(valueAt(catalogues.ru, key)));
    }
  });

  it('fills in the values, the house facts and the plural form', () => {
    expect(text('ru', 'payments.order', { id: 7 })).toBe('Заказ №7 — Дом 1799');
    expect(text('en', 'payments.order', { id: 7 })).toBe('Order #7 — House 1799');
    expect(text('ru', 'codeValid')).toBe('Код действует 15 минут.');
    expect(text('en', 'emailChanged.notYou')).toBe('If it was not you, write to hello@house1799.by or call +375 152 00-17-99.');
    expect([1, 2, 5, 11, 21, 22].map((count) => text('ru', 'reservation.nights', { count }))).toEqual([
      '1 ночь',
      '2 ночи',
      '5 ночей',
      '11 ночей',
      '21 ночь',
      '22 ночи',
    ]);
    expect([1, 2].map((count) => text('en', 'reservation.nights', { count }))).toEqual(['1 night', '2 nights']);
  });

  it('asks only for keys the catalogue has: another one fails the type check', () => {
    // @ts-expect-error a key that no catalogue has is refused by the type check (npm run typecheck)
    expect(text('en', 'order.no_such_text')).toBe('order.no_such_text');
  });
});
