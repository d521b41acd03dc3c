/** A small menu, addresses and saved cards for the order and payment tests, written straight into the database. */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { chooseOptions, KITCHEN_SETTINGS_DEFAULTS, optionsPrice, orderSummary } from '@hotel/domain';
import { addresses, categories, kitchenSettings, paymentMethods, products } from '../src/db/schema';
import type { TestApp } from './app';
import type { Caller } from './support/http';
import { createUser, type TestUser } from './users';

export interface TestMenu {
  /** 12.50 BYN */
  soup: number;
  /** 9.90 BYN, with a picture */
  draniki: number;
  /** 4.00 BYN */
  tea: number;
}

export async function insertMenu(t: TestApp): Promise<TestMenu> {
  const [category] = await t.database.db
    .insert(categories)
    .values({ title: { ru: 'Горячее', en: 'Mains' }, position: 1 })
    .returning({ id: categories.id });
  const dish = (slug: string, ru: string, en: string, price: number, withImage = false) => ({
    categoryId: category!.id,
    name: { ru, en },
    description: { ru: `Описание: ${ru}`, en: `About ${en}` },
    price,
    image: withImage ? { file: `${slug}.webp`, alt: { ru, en } } : null,
  });
  const rows = await t.database.db
    .insert(products)
    .values([dish('soup', 'Суп', 'Soup', 12_50), dish('draniki', 'Драники', 'Potato pancakes', 9_90, true), dish('tea', 'Чай', 'Tea', 4_00)])
    .returning({ id: products.id });
  return { soup: rows[0]!.id, draniki: rows[1]!.id, tea: rows[2]!.id };
}

/**
 * An order's body with the `expected_total` the guest would have been shown (required since issue 42):
 * the dishes at the menu's prices with their options, the delivery fee by the kitchen's settings, no
 * promo code. A body that names its own `expected_total` keeps it.
 */
export async function withExpectedTotal<T extends Record<string, unknown>>(t: TestApp, body: T): Promise<T & { expected_total: unknown }> {
  if ('expected_total' in body) return body as T & { expected_total: unknown };
  const items = Array.isArray(body.items) ? (body.items as { product_id?: unknown; quantity?: unknown; options?: unknown }[]) : [];
  const ids = items.map((item) => Number(item.product_id)).filter(Number.isSafeInteger);
  const menu = ids.length ? await t.database.db.select().from(products).where(inArray(products.id, ids)) : [];
  const lines = items.flatMap((item) => {
    const product = menu.find((row) => row.id === Number(item.product_id));
    if (!product) return [];
    const chosen = chooseOptions(product.optionGroups, Array.isArray(item.options) ? (item.options as number[]) : []);
    return [{ price: product.price + (chosen.ok ? optionsPrice(chosen.chosen) : 0), quantity: Number(item.quantity) || 1 }];
  });
  const [settings] = await t.database.db.select().from(kitchenSettings);
  const thresholds = settings ? { min_order: settings.minOrder, free_delivery_from: settings.freeDeliveryFrom, delivery_fee: settings.deliveryFee } : KITCHEN_SETTINGS_DEFAULTS;
  const total = orderSummary(lines, thresholds, body.destination === undefined ? 'address' : 'room').total;
  return { ...body, expected_total: total };
}

export async function setPrice(t: TestApp, productId: number, price: number) {
  await t.database.db.update(products).set({ price }).where(eq(products.id, productId));
}

export async function insertAddress(t: TestApp, userId: number, label = 'Дом', address = 'ул. Советская, 1') {
  const [row] = await t.database.db
    .insert(addresses)
    .values({ userId, label, address, entrance: 2, floor: 3, apartment: 14, intercom: '14K', comment: 'Позвонить заранее' })
    .returning({ id: addresses.id });
  return row!.id;
}

export interface TestCard {
  id: number;
  publicId: string;
}

/** A card saved with the sandbox gateway; `token` decides how the sandbox treats charges. */
export async function insertCard(
  t: TestApp,
  userId: number,
  options: { last4?: string; status?: 'pending' | 'succeeded' | 'canceled'; primary?: boolean; token?: string } = {},
): Promise<TestCard> {
  const status = options.status ?? 'succeeded';
  const [row] = await t.database.db
    .insert(paymentMethods)
    .values({
      userId,
      provider: 'sandbox',
      status,
      token: status === 'succeeded' ? (options.token ?? `sandbox_approve_${options.last4 ?? '4242'}_${randomBytes(8).toString('hex')}`) : null,
      cardLast4: status === 'succeeded' ? (options.last4 ?? '4242') : null,
      brand: 'visa',
      expMonth: 12,
      expYear: 2030,
      isPrimary: options.primary ?? false,
    })
    .returning({ id: paymentMethods.id, publicId: paymentMethods.publicId });
  return row!;
}

/** A signed-in guest who can order: a delivery address and a saved card. */
export interface OrderingGuest {
  user: TestUser;
  address: number;
  card: TestCard;
}

export async function insertOrderingGuest(t: TestApp, options: { firstName?: string } = {}): Promise<OrderingGuest> {
  const user = await createUser(t, options);
  return { user, address: await insertAddress(t, user.id), card: await insertCard(t, user.id) };
}

/** POST orders/ as the web sends it: with the total the guest was shown (`withExpectedTotal`). */
export async function postOrder(t: TestApp, call: Caller, body: Record<string, unknown>, headers?: Record<string, string>) {
  return call('POST', 'orders/', await withExpectedTotal(t, body), headers);
}
