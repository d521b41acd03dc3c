/** Dishes and categories for the admin screens' tests, shaped as the API answers them. */
import type { AdminCategory, AdminProduct } from '@hotel/domain';

export function testCategory(overrides: Partial<AdminCategory> = {}): AdminCategory {
  return { id: 1, title: { ru: 'Супы', en: 'Soups' }, product_count: 1, ...overrides };
}

/** Borscht in soups, shown on the menu; pass what a test needs otherwise. */
export function testProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const soups = testCategory();
  return {
    id: 4,
    name: { ru: 'Борщ', en: 'Borscht' },
    description: { ru: 'Со сметаной', en: 'With sour cream' },
    price: 14_50,
    image: null,
    category: { id: soups.id, title: soups.title },
    option_groups: [],
    hidden: false,
    ...overrides,
  };
}
