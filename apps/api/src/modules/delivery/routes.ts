import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productSchema, type Product } from '@hotel/domain';
import { categories, products } from '../../db/schema';
import { presentImage } from '../uploads/public-url';

/** The public delivery menu. Who may call: anyone with the client token. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Menu products, each with its category, in menu order',
        response: { 200: z.array(productSchema) },
      },
    },
    async (request): Promise<Product[]> => {
      const rows = await app.db
        .select({ product: products, category: categories })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(asc(categories.position), asc(categories.id), asc(products.position), asc(products.id));
      return rows.map(({ product, category }) => ({
        id: product.id,
        name: product.name,
        description: product.description,
        price: product.price,
        image: product.image ? presentImage(request, product.image) : null,
        category: { id: category.id, title: category.title },
      }));
    },
  );
};
