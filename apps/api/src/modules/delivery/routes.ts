import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productSchema, type Product } from '@hotel/domain';
import { presentProduct } from './menu';

/** The public delivery menu. Who may call: anyone with the client token. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/',
    {
      config: { session: false },
      schema: {
        tags: ['delivery'],
        summary: 'Menu products, each with its category, in menu order',
        response: { 200: z.array(productSchema) },
      },
    },
    async (request): Promise<Product[]> => (await app.menu.rows()).map((row) => presentProduct(request, row)),
  );
};
