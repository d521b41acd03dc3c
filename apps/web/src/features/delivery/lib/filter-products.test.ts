import { describe, expect, it } from 'vitest';
import { CATALOGUE_SEARCH_MIN } from '@hotel/domain';
import { potato, soups, starters, testMenu } from '../../../test/delivery-fixtures';
import { filterProducts, isSearchTooShort, menuCategories, searchTerm } from './filter-products';

const names = (products: { name: { ru: string } }[]) => products.map((product) => product.name.ru);

describe('menuCategories', () => {
  it('DEL-03: lists each category once, in menu order rather than by id', () => {
    expect(menuCategories(testMenu)).toEqual([starters, soups, potato]);
    expect(menuCategories([])).toEqual([]);
  });
});

describe('filterProducts', () => {
  it('DEL-06: one category gives only its products, "all" gives every product in menu order', () => {
    expect(names(filterProducts(testMenu, { category: soups.id, search: '', language: 'ru' }))).toEqual(['Грибной суп', 'Борщ с пампушками']);
    expect(filterProducts(testMenu, { category: 'all', search: '', language: 'ru' })).toEqual(testMenu);
  });

  it('DEL-07: the search text filters within the chosen category only', () => {
    expect(names(filterProducts(testMenu, { category: soups.id, search: 'суп', language: 'ru' }))).toEqual(['Грибной суп']);
    expect(names(filterProducts(testMenu, { category: 'all', search: 'суп', language: 'ru' }))).toEqual(['Гренки к супу', 'Грибной суп']);
    expect(filterProducts(testMenu, { category: potato.id, search: 'суп', language: 'ru' })).toEqual([]);
  });

  it('DEL-08: one or two characters do not filter', () => {
    expect(CATALOGUE_SEARCH_MIN).toBe(3);
    for (const search of ['б', 'бо', ' бо ']) {
      expect(filterProducts(testMenu, { category: 'all', search, language: 'ru' }), search).toEqual(testMenu);
      expect(isSearchTooShort(search), search).toBe(true);
      expect(searchTerm(search), search).toBeNull();
    }
    expect(names(filterProducts(testMenu, { category: 'all', search: 'бор', language: 'ru' }))).toEqual(['Борщ с пампушками']);
    expect(isSearchTooShort('бор')).toBe(false);
  });

  it('DEL-10: an empty or blank search gives the whole category, without the too-short hint', () => {
    for (const search of ['', '   ']) {
      expect(names(filterProducts(testMenu, { category: starters.id, search, language: 'ru' }))).toEqual(['Сало с чесноком', 'Гренки к супу']);
      expect(isSearchTooShort(search)).toBe(false);
    }
  });

  it('DEL-11: a case-insensitive substring of the name, in the current language, not the description', () => {
    const find = (search: string, language: 'ru' | 'en' = 'ru') => names(filterProducts(testMenu, { category: 'all', search, language }));
    expect(find('ДРАНИКИ')).toEqual(['Драники со сметаной']);
    expect(find('пампуш')).toEqual(['Борщ с пампушками']);
    expect(find('  ГрИбН  ')).toEqual(['Грибной суп']);
    // "сметаной" is also in the kalduny's description.
    expect(find('сметан')).toEqual(['Драники со сметаной']);
    expect(find('SOUP', 'en')).toEqual(['Гренки к супу', 'Грибной суп']);
    expect(find('суп', 'en')).toEqual([]);
  });
});
