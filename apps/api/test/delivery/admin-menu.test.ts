/** The menu in the admin area: dishes, their pictures, hiding, categories (API-49..53; ADM-27..41). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NOT_EMPTY_DETAIL, adminProductSchema, type AdminCategory, type AdminProduct, type Product } from '@hotel/domain';
import { auditEvents, products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../app';
import { insertMenu, type TestMenu } from '../order-fixtures';
import { picture, sendForm } from '../support/admin';
import { caller, type Caller } from '../support/http';
import { createUser, type TestUser } from '../users';

let t: TestApp;
let call: Caller;
let menu: TestMenu;
let admin: TestUser;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  menu = await insertMenu(t);
  admin = await createUser(t, { role: 'admin' });
  categoryId = (await t.database.db.select({ id: products.categoryId }).from(products).where(eq(products.id, menu.soup)))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const publicMenu = async () => (await call('GET', 'delivery/products/')).json() as Product[];
const dish = { name: { ru: 'Борщ', en: 'Borscht' }, description: { ru: 'Со сметаной', en: 'With sour cream' }, price: 14_50 };

describe('admin/menu/products/ (API-49, API-50, API-51)', () => {
  it('ADM-36, API-51: creates a dish, then uploads its picture as multipart; guests see both, in both languages', async () => {
    const res = await call('POST', 'admin/menu/products/', { ...dish, category_id: categoryId }, admin.headers);
    expect(res.statusCode).toBe(201);
    const made: AdminProduct = adminProductSchema.parse(res.json());
    expect(made).toMatchObject({ ...dish, hidden: false, image: null, category: { id: categoryId } });

    const upload = await sendForm(t, 'POST', `admin/menu/products/${made.id}/`, { image: { bytes: await picture('jpeg', 600, 400), filename: 'borscht.jpg' } }, admin.headers);
    expect(upload.statusCode).toBe(200);
    expect(upload.json<AdminProduct>().image?.src).toMatch(/\/uploads\/dish-[a-f0-9]+\.webp$/);

    const seen = (await publicMenu()).find((p) => p.id === made.id)!;
    expect(seen.name).toEqual(dish.name);
    expect(seen.image?.alt).toEqual(dish.name);
  });

  it('a plain string is the Russian text; English visitors then read the Russian', async () => {
    const res = await call('POST', 'admin/menu/products/', { name: 'Квас', description: 'Домашний', price: 3_00, category_id: categoryId }, admin.headers);
    const made = res.json<AdminProduct>();
    expect(made.name).toEqual({ ru: 'Квас', en: '' });
    expect((await publicMenu()).find((p) => p.id === made.id)!.name).toEqual({ ru: 'Квас', en: 'Квас' });
  });

  it('ADM-32, ADM-34: refuses a price of 0, a negative or non-numeric price, an unknown category, empty texts', async () => {
    const count = (await t.database.db.select().from(products)).length;
    const bad = [
      { ...dish, price: 0, category_id: categoryId },
      { ...dish, price: -5, category_id: categoryId },
      { ...dish, price: '12', category_id: categoryId },
      { ...dish, category_id: 999_999 },
      { ...dish },
      { ...dish, name: '   ', category_id: categoryId },
      { ...dish, name: { ru: '', en: 'Only English' }, category_id: categoryId },
    ];
    for (const body of bad) {
      const res = await call('POST', 'admin/menu/products/', body, admin.headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await t.database.db.select().from(products)).length).toBe(count);
  });

  it('ADM-35: PUT changes only the fields sent and the audit log keeps before and after', async () => {
    const res = await call('PUT', `admin/menu/products/${menu.tea}/`, { price: 4_50 }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminProduct>()).toMatchObject({ price: 4_50, name: { ru: 'Чай', en: 'Tea' } });
    const [entry] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.target, `product ${menu.tea}`));
    expect(entry).toMatchObject({ action: 'product.update', before: { price: 4_00 }, after: { price: 4_50 } });
    expect((await call('PUT', `admin/menu/products/${menu.tea}/`, {}, admin.headers)).statusCode).toBe(422);
  });

  it('API-50: PUT with the fields a dish is created with changes every one of them; DELETE removes the dish', async () => {
    const made = (await call('POST', 'admin/menu/products/', { ...dish, category_id: categoryId }, admin.headers)).json<AdminProduct>();
    const pastry = (await call('POST', 'admin/menu/categories/', { title: { ru: 'Выпечка', en: 'Pastry' } }, admin.headers)).json<AdminCategory>();
    const changed = { name: { ru: 'Пирог', en: 'Pie' }, description: { ru: 'С яблоками', en: 'With apples' }, price: 9_00, category_id: pastry.id };

    const res = await call('PUT', `admin/menu/products/${made.id}/`, changed, admin.headers);
    expect(res.statusCode).toBe(200);
    const updated = res.json<AdminProduct>();
    expect(updated).toEqual({ id: made.id, name: changed.name, description: changed.description, price: 9_00, image: null, category: { id: pastry.id, title: pastry.title }, option_groups: [], hidden: false });
    const adminList = async () => (await call('GET', 'admin/menu/products/', undefined, admin.headers)).json() as AdminProduct[];
    expect((await adminList()).find((p) => p.id === made.id)).toEqual(updated);
    expect((await publicMenu()).find((p) => p.id === made.id)).toMatchObject({ name: changed.name, description: changed.description, price: 9_00, category: { id: pastry.id } });

    const removed = await call('DELETE', `admin/menu/products/${made.id}/`, undefined, admin.headers);
    expect(removed.statusCode).toBe(204);
    expect((await adminList()).some((p) => p.id === made.id)).toBe(false);
    expect((await publicMenu()).some((p) => p.id === made.id)).toBe(false);
    expect(await t.database.db.select().from(products).where(eq(products.id, made.id))).toEqual([]);
  });

  it('a hidden dish leaves the menu without being deleted, and comes back', async () => {
    const hidden = await call('PUT', `admin/menu/products/${menu.draniki}/`, { hidden: true }, admin.headers);
    expect(hidden.json<AdminProduct>().hidden).toBe(true);
    expect((await publicMenu()).some((p) => p.id === menu.draniki)).toBe(false);
    const all = (await call('GET', 'admin/menu/products/', undefined, admin.headers)).json() as AdminProduct[];
    expect(all.find((p) => p.id === menu.draniki)?.hidden).toBe(true);
    await call('PUT', `admin/menu/products/${menu.draniki}/`, { hidden: false }, admin.headers);
    expect((await publicMenu()).some((p) => p.id === menu.draniki)).toBe(true);
  });

  it('ADM-30: DELETE removes the dish', async () => {
    const made = (await call('POST', 'admin/menu/products/', { ...dish, category_id: categoryId }, admin.headers)).json<AdminProduct>();
    expect((await call('DELETE', `admin/menu/products/${made.id}/`, undefined, admin.headers)).statusCode).toBe(204);
    expect((await publicMenu()).some((p) => p.id === made.id)).toBe(false);
    expect((await call('DELETE', `admin/menu/products/${made.id}/`, undefined, admin.headers)).statusCode).toBe(404);
  });

  it('a picture that is not one is refused (415) and the dish keeps its own', async () => {
    const res = await sendForm(t, 'POST', `admin/menu/products/${menu.draniki}/`, { image: { bytes: Buffer.from('%PDF-1.7 not a picture'), filename: 'menu.jpg', type: 'image/jpeg' } }, admin.headers);
    expect(res.statusCode).toBe(415);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, menu.draniki));
    expect(row!.image?.file).toBe('draniki.webp');
  });
});

describe('admin/menu/categories/ (API-52, API-53)', () => {
  it('creates, renames and deletes a category; a title of spaces is refused', async () => {
    const created = await call('POST', 'admin/menu/categories/', { title: { ru: 'Десерты', en: 'Desserts' } }, admin.headers);
    expect(created.statusCode).toBe(201);
    const category = created.json<AdminCategory>();
    expect(category).toMatchObject({ title: { ru: 'Десерты', en: 'Desserts' }, product_count: 0 });

    expect((await call('POST', 'admin/menu/categories/', { title: '   ' }, admin.headers)).statusCode).toBe(422);
    expect((await call('PUT', `admin/menu/categories/${category.id}/`, { title: { ru: ' ', en: 'x' } }, admin.headers)).statusCode).toBe(422);

    const renamed = await call('PUT', `admin/menu/categories/${category.id}/`, { title: 'Сладкое' }, admin.headers);
    expect(renamed.json<AdminCategory>().title).toEqual({ ru: 'Сладкое', en: '' });
    const listed = (await call('GET', 'admin/menu/categories/', undefined, admin.headers)).json() as AdminCategory[];
    expect(listed.at(-1)?.id).toBe(category.id);

    expect((await call('DELETE', `admin/menu/categories/${category.id}/`, undefined, admin.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `admin/menu/categories/${category.id}/`, undefined, admin.headers)).statusCode).toBe(404);
  });

  it('refuses to delete a category that still has dishes (409), hidden ones too', async () => {
    const res = await call('DELETE', `admin/menu/categories/${categoryId}/`, undefined, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: CATEGORY_NOT_EMPTY_DETAIL });
  });
});
