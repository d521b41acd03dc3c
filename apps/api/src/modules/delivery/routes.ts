import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productSchema } from '@hotel/domain';
import { jsonBytesWriter, keptJsonBytes, sendJsonBytes } from '../../plugins/serialization';
import { presentProduct } from './menu';

const menuSchema = z.array(productSchema);

/** The public delivery menu. Who may call: anyone with the client token. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same bytes for everyone until the menu changes (menu.ts keeps the rows until then).
  const menuBytes = keptJsonBytes(
    jsonBytesWriter(menuSchema, 'delivery/products/', app.env.NODE_ENV === 'test'),
    (rows: Awaited<ReturnType<typeof app.menu.rows>>, request: Parameters<typeof presentProduct>[0]) =>
      rows.map((row) => presentProduct(request, row)),
  );
  app.get(
    '/products/',
    {
      // From memory (menu.ts): it does not wait in the embedded database's line.
      config: { session: false, database: false },
      schema: {
        tags: ['delivery'],
        summary: 'Menu products, each with its category, in menu order',
        response: { 200: menuSchema },
      },
    },
    async (request, reply) => sendJsonBytes(reply, menuBytes(await app.menu.rows(), request)),
  );
};
