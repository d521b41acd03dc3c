/** The catalogue filter (spec section 4): "All" or one category, then the search text within it. */
import { CATALOGUE_SEARCH_MIN, type Category, type Language, type Product } from '@hotel/domain';

/** Every product, or one category's by its id. */
export type CategoryChoice = 'all' | number;

/** The query parameter of the chosen category in /delivery's address (`?category=ID`). */
export const CATEGORY_QUERY = 'category';

/** The category an address names; anything but an id is the whole menu. */
export function categoryFromSearch(params: URLSearchParams): CategoryChoice {
  const id = params.get(CATEGORY_QUERY);
  return id && /^\d{1,9}$/.test(id) ? Number(id) : 'all';
}

/** The query of the address that shows a category (empty for the whole menu). */
export function categorySearch(choice: CategoryChoice): string {
  return choice === 'all' ? '' : `?${CATEGORY_QUERY}=${choice}`;
}

export interface CatalogueFilter {
  category: CategoryChoice;
  /** What the guest typed; it filters only from CATALOGUE_SEARCH_MIN characters on. */
  search: string;
  /** Names are searched in the language the guest reads them in. */
  language: Language;
}

/** The categories that have products, each once, in menu order (the API sorts products by category). */
export function menuCategories(products: readonly Product[]): Category[] {
  const seen = new Map<number, Category>();
  for (const { category } of products) {
    if (!seen.has(category.id)) seen.set(category.id, category);
  }
  return [...seen.values()];
}

/** The search text that filters, or null when the box is empty or the text is too short (DEL-08). */
export function searchTerm(search: string): string | null {
  const term = search.trim();
  return term.length >= CATALOGUE_SEARCH_MIN ? term : null;
}

/** One or two characters: the guest is told how many are needed, and nothing is filtered yet. */
export function isSearchTooShort(search: string): boolean {
  const length = search.trim().length;
  return length > 0 && length < CATALOGUE_SEARCH_MIN;
}

/** The products of the chosen category whose name contains the search text, ignoring case. */
export function filterProducts(products: readonly Product[], { category, search, language }: CatalogueFilter): Product[] {
  const term = searchTerm(search)?.toLocaleLowerCase(language);
  return products.filter(
    (product) =>
      (category === 'all' || product.category.id === category) &&
      (term === undefined || product.name[language].toLocaleLowerCase(language).includes(term)),
  );
}
