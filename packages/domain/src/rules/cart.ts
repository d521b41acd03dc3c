/**
 * The cart of the browser (spec sections 3, 4): lines of dishes with quantities, the chosen address
 * and card, the courier comment. Pure functions, so the store, the screens and their tests share
 * one set of rules. No zod here: the cart is read on the first visit to the menu, which loads no zod.
 */
import type { Kopecks } from '../money';
import type { Image } from '../schemas/catalogue';
import type { LocalizedText } from '../schemas/common';
import { goodsTotal, ORDER_COMMENT_MAX, ORDER_LINES_MAX, ORDER_QUANTITY_MAX } from './order';

/** A dish as the menu offers it, with what the cart keeps of it. */
export interface CartProduct {
  id: number;
  price: Kopecks;
  name: LocalizedText;
  image: Image | null;
}

/**
 * One line of the cart. Price, name and picture are those the guest saw when adding the dish, so a
 * later change of the menu can be pointed out instead of passing unnoticed.
 */
export interface CartLine {
  product_id: number;
  quantity: number;
  price: Kopecks;
  name: LocalizedText;
  image: Image | null;
}

export interface CartState {
  items: CartLine[];
  selectedAddressId: number | null;
  selectedPaymentMethodId: string | null;
  comment: string;
}

export function emptyCart(): CartState {
  return { items: [], selectedAddressId: null, selectedPaymentMethodId: null, comment: '' };
}

function lineOf(product: CartProduct, quantity: number): CartLine {
  return { product_id: product.id, quantity, price: product.price, name: product.name, image: product.image };
}

/** Adds one of a dish; a dish already in the cart gets one more instead of a second line (DEL-13). */
export function addToCart(cart: CartState, product: CartProduct): CartState {
  if (cart.items.some((line) => line.product_id === product.id)) return changeQuantity(cart, product.id, 1);
  if (cart.items.length >= ORDER_LINES_MAX) return cart;
  return { ...cart, items: [...cart.items, lineOf(product, 1)] };
}

/** Changes a line by `delta`; at zero the line goes (DEL-14); never above ORDER_QUANTITY_MAX. */
export function changeQuantity(cart: CartState, productId: number, delta: number): CartState {
  const items = cart.items.flatMap((line) => {
    if (line.product_id !== productId) return [line];
    const quantity = Math.min(line.quantity + delta, ORDER_QUANTITY_MAX);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
  return { ...cart, items };
}

export function removeFromCart(cart: CartState, productId: number): CartState {
  return { ...cart, items: cart.items.filter((line) => line.product_id !== productId) };
}

/** The dishes of a past order put back in the cart (POST orders/{id}/repeat/ answers them). */
export function fillCart(cart: CartState, lines: readonly CartLine[]): CartState {
  let next = cart;
  for (const line of lines) {
    const existing = next.items.find((item) => item.product_id === line.product_id);
    next = existing
      ? changeQuantity(next, line.product_id, line.quantity)
      : next.items.length < ORDER_LINES_MAX
        ? { ...next, items: [...next.items, { ...line, quantity: Math.min(line.quantity, ORDER_QUANTITY_MAX) }] }
        : next;
  }
  return next;
}

/** How many dishes the cart holds (the header's badge). */
export function cartCount(cart: Pick<CartState, 'items'>): number {
  return cart.items.reduce((sum, line) => sum + line.quantity, 0);
}

export function quantityInCart(cart: Pick<CartState, 'items'>, productId: number): number {
  return cart.items.find((line) => line.product_id === productId)?.quantity ?? 0;
}

export type CartLineState = 'ok' | 'price_changed' | 'unavailable';

export interface CheckedCartLine {
  line: CartLine;
  /** The dish as today's menu has it; null when it left the menu. */
  product: CartProduct | null;
  state: CartLineState;
  /** What the line costs today (0 for a dish no longer on the menu). */
  total: Kopecks;
}

/** Compares the cart with today's menu: a dish that left it or changed price is said so. */
export function checkCart(lines: readonly CartLine[], menu: readonly CartProduct[]): CheckedCartLine[] {
  const byId = new Map(menu.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.product_id) ?? null;
    if (!product) return { line, product, state: 'unavailable', total: 0 };
    return {
      line,
      product,
      state: product.price === line.price ? 'ok' : 'price_changed',
      total: product.price * line.quantity,
    };
  });
}

/** The guest has seen the changes: lines take today's price and name, dishes no longer served go. */
export function acceptMenuChanges(cart: CartState, menu: readonly CartProduct[]): CartState {
  const byId = new Map(menu.map((product) => [product.id, product]));
  const items = cart.items.flatMap((line) => {
    const product = byId.get(line.product_id);
    return product ? [lineOf(product, line.quantity)] : [];
  });
  return { ...cart, items };
}

/** Goods total of the checked cart at today's prices (DEL-23). */
export function checkedGoodsTotal(lines: readonly CheckedCartLine[]): Kopecks {
  return goodsTotal(lines.filter((l) => l.product).map((l) => ({ price: l.product!.price, quantity: l.line.quantity })));
}

/** The items of POST orders/: product ids as text (spec section 7), with their quantities. */
export function orderItemsOf(lines: readonly CartLine[]): { product_id: string; quantity: number }[] {
  return lines.map((line) => ({ product_id: String(line.product_id), quantity: line.quantity }));
}

// ─── Reading the cart back from storage ─────────────────────────────────────────────────────────

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is LocalizedText => isObject(value) && typeof value.ru === 'string' && typeof value.en === 'string';
const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function readImage(value: unknown): Image | null {
  if (!isObject(value) || typeof value.src !== 'string' || !Array.isArray(value.widths) || !isText(value.alt)) return null;
  return { src: value.src, widths: value.widths.filter((w): w is number => isWhole(w, 1, 10_000)), alt: value.alt };
}

function readLine(value: unknown): CartLine | null {
  if (!isObject(value)) return null;
  const { product_id, quantity, price, name } = value;
  if (!isWhole(product_id, 1, 2 ** 31 - 1) || !isWhole(quantity, 1, ORDER_QUANTITY_MAX) || !isWhole(price, 0, 10 ** 9) || !isText(name)) {
    return null;
  }
  return { product_id, quantity, price, name, image: readImage(value.image) };
}

/**
 * The cart as another tab or an earlier visit left it in local storage. Storage is the visitor's to
 * edit, so whatever does not fit the shape is dropped rather than trusted.
 */
export function readCartState(value: unknown): CartState {
  const cart = emptyCart();
  if (!isObject(value)) return cart;
  const seen = new Set<number>();
  const items = Array.isArray(value.items) ? value.items : [];
  for (const raw of items.slice(0, ORDER_LINES_MAX)) {
    const line = readLine(raw);
    if (line && !seen.has(line.product_id)) {
      seen.add(line.product_id);
      cart.items.push(line);
    }
  }
  if (isWhole(value.selectedAddressId, 1, 2 ** 31 - 1)) cart.selectedAddressId = value.selectedAddressId;
  if (typeof value.selectedPaymentMethodId === 'string' && value.selectedPaymentMethodId.length <= 64) {
    cart.selectedPaymentMethodId = value.selectedPaymentMethodId;
  }
  if (typeof value.comment === 'string') cart.comment = value.comment.slice(0, ORDER_COMMENT_MAX);
  return cart;
}
