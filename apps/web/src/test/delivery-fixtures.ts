/** A small menu for the catalogue's tests, in the API's order (by category position, then product). */
import type { Category, Product } from '@hotel/domain';

// Ids deliberately out of menu order: the sidebar must follow the menu, not the ids.
export const starters: Category = { id: 7, title: { ru: 'Закуски', en: 'Starters' } };
export const soups: Category = { id: 3, title: { ru: 'Супы', en: 'Soups' } };
export const potato: Category = { id: 5, title: { ru: 'Драники и колдуны', en: 'Draniki and kalduny' } };

let nextId = 1;

export function testProduct(category: Category, name: Product['name'], overrides: Partial<Product> = {}): Product {
  const id = nextId++;
  return {
    id,
    name,
    description: { ru: `Описание: ${name.ru}.`, en: `About ${name.en}.` },
    price: 10_00,
    image: null,
    category,
    option_groups: [],
    ...overrides,
  };
}

export const testMenu: Product[] = [
  testProduct(
    starters,
    { ru: 'Сало с чесноком', en: 'Cured salo with garlic' },
    {
      price: 14_50,
      description: { ru: 'Домашнее сало с ржаным хлебом.', en: 'Home-cured salo with rye bread.' },
      image: { src: '/uploads/dish-salo.webp', widths: [400, 800], alt: { ru: 'Сало на доске', en: 'Salo on a board' } },
    },
  ),
  // A starter whose name contains "суп": a search for it in Soups must leave it out.
  testProduct(starters, { ru: 'Гренки к супу', en: 'Croutons for soup' }, { price: 6_00 }),
  testProduct(soups, { ru: 'Грибной суп', en: 'Mushroom soup' }, { price: 12_50 }),
  testProduct(soups, { ru: 'Борщ с пампушками', en: 'Borscht with pampushki' }, { price: 13_00 }),
  testProduct(potato, { ru: 'Драники со сметаной', en: 'Draniki with sour cream' }, { price: 15_00 }),
  // "Сметаной" only in the description: the search looks at names.
  testProduct(
    potato,
    { ru: 'Колдуны с мясом', en: 'Kalduny with meat' },
    { price: 1_234_50, description: { ru: 'Картофельные колдуны со сметаной.', en: 'Potato kalduny with sour cream.' } },
  ),
];
