/** The delivery menu as guests see it: read by GET delivery/products/ and by the rendered /delivery page. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { withRussianFallback, type Product } from '@hotel/domain';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { presentImage } from '../uploads/public-url';

export type MenuRow = Awaited<ReturnType<typeof listMenu>>[number];

/** Every dish on the menu (not hidden by an admin) with its category, in menu order. */
export function listMenu(db: Db) {
  return db
    .select({ product: products, category: categories })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.hidden, false))
    .orderBy(asc(categories.position), asc(categories.id), asc(products.position), asc(products.id));
}

export function presentProduct(request: FastifyRequest, { product, category }: MenuRow): Product {
  return {
    id: product.id,
    // An admin may leave the English empty: English visitors then read the Russian.
    name: withRussianFallback(product.name),
    description: withRussianFallback(product.description),
    price: product.price,
    image: product.image ? presentImage(request, product.image) : null,
    category: { id: category.id, title: withRussianFallback(category.title) },
  };
}
