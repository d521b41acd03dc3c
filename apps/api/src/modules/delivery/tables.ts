/**
 * The delivery module's tables: the menu's categories and dishes.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import type { OptionGroup } from '@hotel/domain';
import { createdAt, localized, type StoredImage } from '../../db/columns';

/**
 * Behaviour kept in SQL triggers on these tables (the test `test/platform/triggers-named.test.ts` fails on
 * a trigger of the database that its table's tables.ts does not name):
 * - `products_notify` on `products` and `categories_notify` on `categories` (0008_staff_day.sql):
 *   NOTIFY `menu`, empty; every instance reloads the menu it keeps in memory and the pages drawn from
 *   it (docs/caching.md).
 */

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  title: localized('title'),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    name: localized('name'),
    description: localized('description'),
    price: integer('price').notNull(),
    image: jsonb('image').$type<StoredImage | null>(),
    /** Off the menu for now (sold out today), without losing the dish. */
    hidden: boolean('hidden').notNull().default(false),
    /** The dish's option groups (issue 24; docs/decisions/041-delivery-slots-and-dish-options.md). */
    optionGroups: jsonb('option_groups').$type<OptionGroup[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    check('products_price_positive', sql`${t.price} > 0`),
  ],
);
