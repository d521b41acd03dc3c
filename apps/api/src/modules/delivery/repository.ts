/** The menu's rows: dishes and their categories. The only place the delivery module's SQL lives. */
import { asc, count, eq, max } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { categories, products } from './tables';

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type MenuRow = { product: ProductRow; category: CategoryRow };

const withCategory = (db: Db | Tx) =>
  db.select({ product: products, category: categories }).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
const menuOrder = [asc(categories.position), asc(categories.id), asc(products.position), asc(products.id)];

/** Every dish on the menu (not hidden by an admin) with its category, in menu order. */
export function listMenu(db: Db) {
  return withCategory(db)
    .where(eq(products.hidden, false))
    .orderBy(...menuOrder);
}

/** Every dish, hidden ones too, in menu order (the staff's list). */
export function listAllProducts(db: Db): Promise<MenuRow[]> {
  return withCategory(db).orderBy(...menuOrder);
}

export async function findProduct(db: Db | Tx, id: number): Promise<MenuRow | undefined> {
  const [row] = await withCategory(db).where(eq(products.id, id));
  return row;
}

/** The dish's row, locked until the transaction ends. */
export async function lockProduct(tx: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export type NewProduct = Pick<ProductRow, 'name' | 'description' | 'price' | 'categoryId' | 'hidden' | 'optionGroups'>;

/** A new dish, at the end of its category. */
export async function insertProduct(tx: Tx, values: NewProduct): Promise<ProductRow> {
  const [last] = await tx.select({ position: max(products.position) }).from(products).where(eq(products.categoryId, values.categoryId));
  const [row] = await tx
    .insert(products)
    .values({ ...values, position: (last?.position ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updateProduct(tx: Tx, id: number, change: Partial<Pick<ProductRow, 'name' | 'description' | 'price' | 'categoryId' | 'hidden' | 'image' | 'optionGroups'>>) {
  await tx.update(products).set(change).where(eq(products.id, id));
}

export async function deleteProduct(tx: Tx, id: number) {
  await tx.delete(products).where(eq(products.id, id));
}

export async function categoryExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

/** Categories in menu order, each with how many dishes (hidden ones too) it has. */
export async function listCategoriesWithCounts(db: Db): Promise<(CategoryRow & { dishes: number })[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: products.categoryId, dishes: count() }).from(products).groupBy(products.categoryId),
  ]);
  const byId = new Map(counts.map((row) => [row.id, row.dishes]));
  return rows.map((row) => ({ ...row, dishes: byId.get(row.id) ?? 0 }));
}

/** The category's row, locked until the transaction ends. */
export async function lockCategory(tx: Tx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  return row;
}

/** A new category, after the others. */
export async function insertCategory(tx: Tx, title: CategoryRow['title']): Promise<CategoryRow> {
  const [last] = await tx.select({ position: max(categories.position) }).from(categories);
  const [row] = await tx
    .insert(categories)
    .values({ title, position: (last?.position ?? 0) + 1 })
    .returning();
  return row!;
}

export async function renameCategory(tx: Tx, id: number, title: CategoryRow['title']) {
  await tx.update(categories).set({ title }).where(eq(categories.id, id));
}

export async function categoryHasDishes(tx: Tx, id: number): Promise<boolean> {
  const [dish] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
  return dish !== undefined;
}

export async function deleteCategory(tx: Tx, id: number) {
  await tx.delete(categories).where(eq(categories.id, id));
}
