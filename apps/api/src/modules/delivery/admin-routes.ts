/**
 * The menu in the admin area (API-49..53; ADM-26..41). Who may call: admin and superuser (the
 * admin plugin's guard). Every write is audited in its own transaction and makes the rendered
 * pages read the menu again (invalidateRenderedPages).
 */
import { asc, count, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CATEGORY_NOT_EMPTY_DETAIL,
  adminCategorySchema,
  adminProductSchema,
  categoryInputSchema,
  idParamSchema,
  productCreateSchema,
  productUpdateSchema,
  type AdminProduct,
} from '@hotel/domain';
import { categories, products } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { invalidateRenderedPages } from '../../plugins/rendered-pages';
import { storeUploadedImage, uploadedBytes } from '../uploads/accept-image';
import { presentImage } from '../uploads/public-url';
import type { Tx } from '../../db/client';
import { audit, changedFields } from '../../change-log/audit';
import { errorResponses, fileField, MULTIPART } from '../../plugins/admin-http';

const PRODUCT_NOT_FOUND = 'Product not found';
const CATEGORY_NOT_FOUND = 'Category not found';

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

function presentAdminProduct(request: FastifyRequest, product: ProductRow, category: CategoryRow): AdminProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    image: product.image ? presentImage(request, product.image, { asWritten: true }) : null,
    category: { id: category.id, title: category.title },
    hidden: product.hidden,
  };
}

/** What the audit log keeps of a dish. */
const auditedProduct = (row: Pick<ProductRow, 'name' | 'description' | 'price' | 'categoryId' | 'hidden'>) => ({
  name: row.name,
  description: row.description,
  price: row.price,
  category_id: row.categoryId,
  hidden: row.hidden,
});

export const adminMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every write here changes the menu guests read (delivery/menu.ts keeps it in memory).
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' && route.method !== 'HEAD') route.config = { ...route.config, changesMenu: true };
  });
  const oneProduct = async (request: FastifyRequest, id: number) => {
    const [row] = await app.db
      .select({ product: products, category: categories })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, id));
    if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return presentAdminProduct(request, row.product, row.category);
  };

  const requireCategory = async (tx: Tx, id: number) => {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    if (!row) throw new HttpError(422, 'body.category_id: Unknown category');
  };

  const lockProduct = async (tx: Tx, id: number) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return row;
  };

  app.get(
    '/menu/products/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every dish, hidden ones too, with the texts as written (admin, superuser)',
        response: { 200: z.array(adminProductSchema), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ product: products, category: categories })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(asc(categories.position), asc(categories.id), asc(products.position), asc(products.id));
      return rows.map((row) => presentAdminProduct(request, row.product, row.category));
    },
  );

  app.post(
    '/menu/products/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a dish (API-49; admin, superuser)',
        description: 'Price in kopecks, greater than 0. Texts are `{ru, en}` or a string (Russian). `hidden` keeps it off the menu.',
        body: productCreateSchema,
        response: { 201: adminProductSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db.transaction(async (tx) => {
        await requireCategory(tx, body.category_id);
        // A new dish goes to the end of its category.
        const [last] = await tx.select({ position: max(products.position) }).from(products).where(eq(products.categoryId, body.category_id));
        const [row] = await tx
          .insert(products)
          .values({
            name: body.name,
            description: body.description,
            price: body.price,
            categoryId: body.category_id,
            hidden: body.hidden,
            position: (last?.position ?? 0) + 1,
          })
          .returning();
        await audit(tx, request, { action: 'product.create', target: `product ${row!.id}`, before: null, after: auditedProduct(row!) });
        return row!.id;
      });
      invalidateRenderedPages(app);
      return reply.code(201).send(await oneProduct(request, id));
    },
  );

  app.put(
    '/menu/products/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a dish: only the fields sent (API-50; admin, superuser)',
        params: idParamSchema,
        body: productUpdateSchema,
        response: { 200: adminProductSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await app.db.transaction(async (tx) => {
        const row = await lockProduct(tx, id);
        if (body.category_id !== undefined) await requireCategory(tx, body.category_id);
        const after = {
          name: body.name ?? row.name,
          description: body.description ?? row.description,
          price: body.price ?? row.price,
          categoryId: body.category_id ?? row.categoryId,
          hidden: body.hidden ?? row.hidden,
        };
        await tx.update(products).set(after).where(eq(products.id, id));
        const change = changedFields(auditedProduct(row), auditedProduct(after));
        if (change) await audit(tx, request, { action: 'product.update', target: `product ${id}`, ...change });
      });
      invalidateRenderedPages(app);
      return oneProduct(request, id);
    },
  );

  app.post(
    '/menu/products/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: "Upload a dish's picture (API-51; multipart `image`; admin, superuser)",
        description: 'JPEG, PNG, WebP or AVIF by content, at most 10 MB (413); anything else answers 415.',
        consumes: [MULTIPART],
        params: idParamSchema,
        body: z.strictObject({ image: fileField }),
        response: { 200: adminProductSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const bytes = uploadedBytes(request.body.image);
      if (!bytes) throw new HttpError(422, 'body.image: Required');
      const [exists] = await app.db.select({ name: products.name }).from(products).where(eq(products.id, id));
      if (!exists) throw new HttpError(404, PRODUCT_NOT_FOUND);
      const file = await storeUploadedImage(app.storage, app.log, 'dish', bytes);
      await app.db.transaction(async (tx) => {
        const row = await lockProduct(tx, id);
        await tx
          .update(products)
          .set({ image: { file, alt: row.name } })
          .where(eq(products.id, id));
        await audit(tx, request, { action: 'product.image', target: `product ${id}`, before: { image: row.image?.file ?? null }, after: { image: file } });
      });
      invalidateRenderedPages(app);
      return oneProduct(request, id);
    },
  );

  app.delete(
    '/menu/products/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a dish (API-50; admin, superuser); orders keep its name and price',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const row = await lockProduct(tx, id);
        await tx.delete(products).where(eq(products.id, id));
        await audit(tx, request, { action: 'product.delete', target: `product ${id}`, before: auditedProduct(row), after: null });
      });
      invalidateRenderedPages(app);
      return reply.code(204).send(null);
    },
  );

  // ─── Categories ───────────────────────────────────────────────────────────────────────────────

  const categoryList = async () => {
    const [rows, counts] = await Promise.all([
      app.db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
      app.db.select({ id: products.categoryId, dishes: count() }).from(products).groupBy(products.categoryId),
    ]);
    const byId = new Map(counts.map((row) => [row.id, row.dishes]));
    return rows.map((row) => ({ id: row.id, title: row.title, product_count: byId.get(row.id) ?? 0 }));
  };

  const oneCategory = async (id: number) => {
    const found = (await categoryList()).find((row) => row.id === id);
    if (!found) throw new HttpError(404, CATEGORY_NOT_FOUND);
    return found;
  };

  app.get(
    '/menu/categories/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Menu categories with how many dishes each has (API-52; admin, superuser)',
        response: { 200: z.array(adminCategorySchema), ...errorResponses },
      },
    },
    async () => categoryList(),
  );

  app.post(
    '/menu/categories/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a category (API-52; admin, superuser); a title of spaces answers 422',
        body: categoryInputSchema,
        response: { 201: adminCategorySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { title } = request.body;
      const id = await app.db.transaction(async (tx) => {
        const [last] = await tx.select({ position: max(categories.position) }).from(categories);
        const [row] = await tx
          .insert(categories)
          .values({ title, position: (last?.position ?? 0) + 1 })
          .returning();
        await audit(tx, request, { action: 'category.create', target: `category ${row!.id}`, before: null, after: { title } });
        return row!.id;
      });
      invalidateRenderedPages(app);
      return reply.code(201).send(await oneCategory(id));
    },
  );

  app.put(
    '/menu/categories/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a category (API-53; admin, superuser)',
        params: idParamSchema,
        body: categoryInputSchema,
        response: { 200: adminCategorySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { title } = request.body;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
        await tx.update(categories).set({ title }).where(eq(categories.id, id));
        const change = changedFields({ title: row.title }, { title });
        if (change) await audit(tx, request, { action: 'category.update', target: `category ${id}`, ...change });
      });
      invalidateRenderedPages(app);
      return oneCategory(id);
    },
  );

  app.delete(
    '/menu/categories/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a category (API-53; admin, superuser)',
        description: `A category that still has dishes, hidden ones included, is not deleted: 409 "${CATEGORY_NOT_EMPTY_DETAIL}".`,
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
        const [dish] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
        if (dish) throw new HttpError(409, CATEGORY_NOT_EMPTY_DETAIL);
        await tx.delete(categories).where(eq(categories.id, id));
        await audit(tx, request, { action: 'category.delete', target: `category ${id}`, before: { title: row.title }, after: null });
      });
      invalidateRenderedPages(app);
      return reply.code(204).send(null);
    },
  );
};
