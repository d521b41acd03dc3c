/** The delivery menu as guests see it: read by GET delivery/products/ and by the rendered /delivery page. */
import { withRussianFallback, type Product } from '@hotel/domain';
import type { Db } from '../../db/client';
import type { DataVersions } from '../../db/data-versions';
import { presentImage, type ServerContext } from '../uploads/public-url';
import { listMenu, type MenuRow } from './repository';

export function presentProduct(request: ServerContext, { product, category }: MenuRow): Product {
  return {
    id: product.id,
    // An admin may leave the English empty: English visitors then read the Russian.
    name: withRussianFallback(product.name),
    description: withRussianFallback(product.description),
    price: product.price,
    image: product.image ? presentImage(request, product.image) : null,
    category: { id: category.id, title: withRussianFallback(category.title) },
    option_groups: product.optionGroups.map((group) => ({
      ...group,
      name: withRussianFallback(group.name),
      options: group.options.map((option) => ({ ...option, name: withRussianFallback(option.name) })),
    })),
  };
}

export interface MenuCache {
  /** The menu, read once and kept while the menu's data version stays the same. */
  rows(): Promise<MenuRow[]>;
}

/**
 * The menu in memory (docs/caching.md): it changes a few times a day and is read on every visit
 * to /delivery. The rows are kept under the menu's data version (db/data-versions.ts), which moves
 * on whenever dishes or categories change, whoever changed them.
 */
export function createMenuCache(db: Db, versions: DataVersions): MenuCache {
  let kept: { key: string; rows: Promise<MenuRow[]> } | null = null;
  return {
    rows() {
      const key = versions.key(['menu']);
      if (kept?.key === key) return kept.rows;
      // A drizzle query runs again on every `then`: Promise.resolve reads it once and keeps the rows.
      const read = { key, rows: Promise.resolve(listMenu(db)) };
      // A failed read is not kept: the next call tries again.
      read.rows.catch(() => {
        if (kept === read) kept = null;
      });
      kept = read;
      return read.rows;
    },
  };
}
