/**
 * The menu in the admin area (API-49..53; ADM-26..41). Who may call: admin and superuser (the
 * admin plugin's guard). The changes are menu-admin.ts's, each written to the change log; the
 * menu kept in memory and the rendered /delivery follow by the menu's data version (docs/caching.md).
 */
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
  productHiddenSchema,
  productUpdateSchema,
  type AdminProduct,
} from '@hotel/domain';
import { errorResponses, fileField, MULTIPART, staffPermission } from '../../plugins/admin-http';
import { HttpError } from '../../plugins/errors';
import { uploadedBytes } from '../uploads/accept-image';
import { presentImage } from '../uploads/public-url';
import {
  categoriesForStaff,
  categoryForStaff,
  changeProduct,
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  productForStaff,
  renameCategory,
  setProductImage,
} from './menu-admin';
import { listAllProducts, type MenuRow } from './repository';

function presentAdminProduct(request: FastifyRequest, { product, category }: MenuRow): AdminProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    image: product.image ? presentImage(request, product.image, { asWritten: true }) : null,
    category: { id: category.id, title: category.title },
    option_groups: product.optionGroups,
    hidden: product.hidden,
  };
}

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const oneProduct = async (request: FastifyRequest, id: number) => presentAdminProduct(request, await productForStaff(app.db, id));

  app.get(
    '/menu/products/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every dish, hidden ones too, with the texts as written (admin, superuser)',
        response: { 200: z.array(adminProductSchema), ...errorResponses },
      },
    },
    async (request) => (await listAllProducts(app.db)).map((row) => presentAdminProduct(request, row)),
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
      const id = await createProduct(app.db, request, request.body);
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
      await changeProduct(app.db, request, id, request.body);
      return oneProduct(request, id);
    },
  );

  app.put(
    '/menu/products/:id/hidden/',
    {
      // The kitchen hides a dish that ran out, and shows it again: nothing else of the dish.
      config: { permission: 'menu.availability' },
      schema: {
        tags: ['admin'],
        summary: 'Hide a dish from the menu or show it again (issue 49; permission menu.availability)',
        params: idParamSchema,
        body: productHiddenSchema,
        response: { 200: adminProductSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await changeProduct(app.db, request, id, { hidden: request.body.hidden });
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
      await setProductImage(app, request, id, bytes);
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
      await deleteProduct(app.db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );

};

// ─── Categories ─────────────────────────────────────────────────────────────────────────────────

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/menu/categories/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Menu categories with how many dishes each has (API-52; admin, superuser)',
        response: { 200: z.array(adminCategorySchema), ...errorResponses },
      },
    },
    async () => categoriesForStaff(app.db),
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
      const id = await createCategory(app.db, request, request.body);
      return reply.code(201).send(await categoryForStaff(app.db, id));
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
      await renameCategory(app.db, request, id, request.body);
      return categoryForStaff(app.db, id);
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
      await deleteCategory(app.db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const adminMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  staffPermission(app, 'menu');
  await app.register(productRoutes);
  await app.register(categoryRoutes);
};
