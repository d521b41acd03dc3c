import { describe, expect, it } from 'vitest';
import { categoryInputSchema, productCreateSchema, roomPatchSchema, textIn, withRussianFallback } from './admin';

describe('admin texts and prices', () => {
  it('visitors read the Russian where the English is empty or blank', () => {
    expect(withRussianFallback({ ru: 'Сейф', en: '' })).toEqual({ ru: 'Сейф', en: 'Сейф' });
    expect(withRussianFallback({ ru: 'Сейф', en: '  ' })).toEqual({ ru: 'Сейф', en: 'Сейф' });
    expect(withRussianFallback({ ru: 'Сейф', en: 'Safe' })).toEqual({ ru: 'Сейф', en: 'Safe' });
  });

  it('a screen shows a staff text in its language, the Russian where that one is blank', () => {
    expect(textIn({ ru: 'Сейф', en: 'Safe' }, 'en')).toBe('Safe');
    expect(textIn({ ru: 'Сейф', en: ' ' }, 'en')).toBe('Сейф');
    expect(textIn({ ru: 'Сейф', en: 'Safe' }, 'ru')).toBe('Сейф');
  });

  it('ADM-41: a category title is trimmed and must not be empty; a string is the Russian', () => {
    expect(categoryInputSchema.parse({ title: '  Супы ' })).toEqual({ title: { ru: 'Супы', en: '' } });
    expect(categoryInputSchema.parse({ title: { ru: 'Супы', en: ' Soups ' } })).toEqual({ title: { ru: 'Супы', en: 'Soups' } });
    expect(categoryInputSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(categoryInputSchema.safeParse({ title: { ru: '', en: 'Soups' } }).success).toBe(false);
    expect(categoryInputSchema.safeParse({ title: 'Су\u0000пы' }).success).toBe(false);
    expect(categoryInputSchema.safeParse({ title: 'Супы \ud800' }).success).toBe(false);
    expect(categoryInputSchema.safeParse({ title: 'Супы 😀' }).success).toBe(true);
  });

  it('ADM-15, ADM-32: a room may cost 0, a dish may not; prices are whole kopecks', () => {
    expect(roomPatchSchema.safeParse({ price: 0 }).success).toBe(true);
    expect(roomPatchSchema.safeParse({ price: -1 }).success).toBe(false);
    expect(roomPatchSchema.safeParse({}).success).toBe(false);
    const dish = { name: 'Суп', description: 'Горячий', category_id: 1 };
    expect(productCreateSchema.safeParse({ ...dish, price: 0 }).error?.issues[0]?.message).toBe('admin:validation.priceGreaterThanZero');
    expect(productCreateSchema.safeParse({ ...dish, price: 1.5 }).success).toBe(false);
    expect(productCreateSchema.parse({ ...dish, price: 100 }).hidden).toBe(false);
  });
});
