/**
 * The staff's changes of the menu (API-49..53; ADM-26..41): each in its own transaction with its
 * change-log entry, so the log never claims a change that was rolled back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CATEGORY_NOT_EMPTY_DETAIL,
  numberOptionGroups,
  type AdminCategory,
  type categoryInputSchema,
  type productCreateSchema,
  type productUpdateSchema,
} from '@hotel/domain';
import { audit, changedFields } from '../../change-log/audit';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { storeUploadedImage } from '../uploads/accept-image';
import {
  categoryExists,
  categoryHasDishes,
  deleteCategory as deleteCategoryRow,
  deleteProduct as deleteProductRow,
  findProduct,
  insertCategory,
  insertProduct,
  listCategoriesWithCounts,
  lockCategory,
  lockProduct as lockProductRow,
  productExists,
  renameCategory as renameCategoryRow,
  updateProduct,
  type MenuRow,
  type ProductRow,
} from './repository';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const CATEGORY_NOT_FOUND = 'Category not found';

/** What the change log keeps of a dish. */
const auditedProduct = (row: Pick<ProductRow, 'name' | 'description' | 'price' | 'categoryId' | 'hidden' | 'optionGroups'>) => ({
  name: row.name,
  description: row.description,
  price: row.price,
  category_id: row.categoryId,
  hidden: row.hidden,
  option_groups: row.optionGroups,
});

async function requireCategory(tx: Tx, id: number) {
  if (!(await categoryExists(tx, id))) throw new HttpError(422, 'body.category_id: Unknown category');
}

async function lockProduct(tx: Tx, id: number): Promise<ProductRow> {
  const row = await lockProductRow(tx, id);
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return row;
}

export async function productForStaff(db: Db, id: number): Promise<MenuRow> {
  const row = await findProduct(db, id);
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return row;
}

export async function createProduct(db: Db, request: FastifyRequest, body: z.output<typeof productCreateSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await requireCategory(tx, body.category_id);
    const row = await insertProduct(tx, {
      name: body.name,
      description: body.description,
      price: body.price,
      categoryId: body.category_id,
      hidden: body.hidden,
      optionGroups: numberOptionGroups(body.option_groups, []),
    });
    await audit(tx, request, { action: 'product.create', target: `product ${row.id}`, before: null, after: auditedProduct(row) });
    return row.id;
  });
}

/** Only the fields sent change. */
export async function changeProduct(db: Db, request: FastifyRequest, id: number, body: z.output<typeof productUpdateSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (body.category_id !== undefined) await requireCategory(tx, body.category_id);
    const after = {
      name: body.name ?? row.name,
      description: body.description ?? row.description,
      price: body.price ?? row.price,
      categoryId: body.category_id ?? row.categoryId,
      hidden: body.hidden ?? row.hidden,
      // Options kept keep their ids, so a cart that names one still names the same option.
      optionGroups: body.option_groups === undefined ? row.optionGroups : numberOptionGroups(body.option_groups, row.optionGroups),
    };
    await updateProduct(tx, id, after);
    const change = changedFields(auditedProduct(row), auditedProduct(after));
    if (change) await audit(tx, request, { action: 'product.update', target: `product ${id}`, ...change });
  });
}

/** The picture is stored (resized) before the dish is locked, so the lock is not held while it is drawn. */
export async function setProductImage(app: FastifyInstance, request: FastifyRequest, id: number, bytes: Buffer): Promise<void> {
  if (!(await productExists(app.db, id))) throw new HttpError(404, PRODUCT_NOT_FOUND);
  const file = await storeUploadedImage(app.storage, app.log, 'dish', bytes);
  await app.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    await updateProduct(tx, id, { image: { file, alt: row.name } });
    await audit(tx, request, { action: 'product.image', target: `product ${id}`, before: { image: row.image?.file ?? null }, after: { image: file } });
  });
}

export async function deleteProduct(db: Db, request: FastifyRequest, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    await deleteProductRow(tx, id);
    await audit(tx, request, { action: 'product.delete', target: `product ${id}`, before: auditedProduct(row), after: null });
  });
}

// ─── Categories ─────────────────────────────────────────────────────────────────────────────────

export async function categoriesForStaff(db: Db): Promise<AdminCategory[]> {
  return (await listCategoriesWithCounts(db)).map((row) => ({ id: row.id, title: row.title, product_count: row.dishes }));
}

export async function categoryForStaff(db: Db, id: number): Promise<AdminCategory> {
  const found = (await categoriesForStaff(db)).find((row) => row.id === id);
  if (!found) throw new HttpError(404, CATEGORY_NOT_FOUND);
  return found;
}

export async function createCategory(db: Db, request: FastifyRequest, { title }: z.output<typeof categoryInputSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await insertCategory(tx, title);
    await audit(tx, request, { action: 'category.create', target: `category ${row.id}`, before: null, after: { title } });
    return row.id;
  });
}

export async function renameCategory(db: Db, request: FastifyRequest, id: number, { title }: z.output<typeof categoryInputSchema>): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
    await renameCategoryRow(tx, id, title);
    const change = changedFields({ title: row.title }, { title });
    if (change) await audit(tx, request, { action: 'category.update', target: `category ${id}`, ...change });
  });
}

/** A category that still has dishes, hidden ones included, is not deleted (409). */
export async function deleteCategory(db: Db, request: FastifyRequest, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
    if (await categoryHasDishes(tx, id)) throw new HttpError(409, CATEGORY_NOT_EMPTY_DETAIL);
    await deleteCategoryRow(tx, id);
    await audit(tx, request, { action: 'category.delete', target: `category ${id}`, before: { title: row.title }, after: null });
  });
}
