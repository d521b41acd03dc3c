/**
 * The cart of the browser (spec sections 3, 4): lines of dishes with quantities, the chosen address
 * and card, the courier comment. Pure functions, so the store, the screens and their tests share
 * one set of rules. No zod here: the cart is read on the first visit to the menu, which loads no zod.
 */
import type { Kopecks } from '../money';
import type { Image } from '../schemas/catalogue';
import type { LocalizedText } from '../schemas/common';
import { CHOSEN_OPTIONS_MAX, ORDER_COMMENT_MAX, ORDER_LINES_MAX, ORDER_QUANTITY_MAX } from './order';
import type { OptionGroup } from './options';

/** A dish as the menu offers it, with what the cart keeps of it. */
export interface CartProduct {
  id: number;
  price: Kopecks;
  name: LocalizedText;
  image: Image | null;
  /** The dish's option groups (issue 24); none for most dishes. */
  option_groups?: readonly OptionGroup[] | undefined;
}

/** A chosen option as the cart keeps it: named and priced as the guest saw it. */
export interface CartOption {
  id: number;
  name: LocalizedText;
  price: Kopecks;
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
  /** The chosen options: the same dish with other options is another line. */
  options?: CartOption[] | undefined;
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

/** A line of one dish with these options, as the menu has them now. */
export function cartLineOf(product: CartProduct, quantity: number, options: CartOption[] = []): CartLine {
  return { product_id: product.id, quantity, price: product.price, name: product.name, image: product.image, ...(options.length > 0 ? { options } : {}) };
}

/** A line's identity in the cart: the dish and its chosen options ("12", "12:3:7"). */
export function lineKey(line: { product_id: number; options?: readonly Pick<CartOption, 'id'>[] | undefined }): string {
  return [line.product_id, ...(line.options ?? []).map((option) => option.id).sort((a, b) => a - b)].join(':');
}


/**
 * Adds one of a dish with these options (the dish's dialog chose them from its groups); the same
 * dish with the same options gets one more instead of a second line (DEL-13).
 */
export function addToCart(cart: CartState, product: CartProduct, options: readonly CartOption[] = []): CartState {
  const key = lineKey({ product_id: product.id, options });
  if (cart.items.some((line) => lineKey(line) === key)) return changeQuantity(cart, key, 1);
  if (cart.items.length >= ORDER_LINES_MAX) return cart;
  return { ...cart, items: [...cart.items, cartLineOf(product, 1, [...options])] };
}

/** Changes a line by `delta`; at zero the line goes (DEL-14); never above ORDER_QUANTITY_MAX. */
export function changeQuantity(cart: CartState, key: number | string, delta: number): CartState {
  const items = cart.items.flatMap((line) => {
    if (lineKey(line) !== String(key)) return [line];
    const quantity = Math.min(line.quantity + delta, ORDER_QUANTITY_MAX);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
  return { ...cart, items };
}

export function removeFromCart(cart: CartState, key: number | string): CartState {
  return { ...cart, items: cart.items.filter((line) => lineKey(line) !== String(key)) };
}

/** The dishes of a past order put back in the cart (POST orders/{id}/repeat/ answers them). */
export function fillCart(cart: CartState, lines: readonly CartLine[]): CartState {
  let next = cart;
  for (const line of lines) {
    const existing = next.items.find((item) => lineKey(item) === lineKey(line));
    next = existing
      ? changeQuantity(next, lineKey(line), line.quantity)
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

/** How many of a dish the cart holds, whatever its options. */
export function quantityInCart(cart: Pick<CartState, 'items'>, productId: number): number {
  return cart.items.filter((line) => line.product_id === productId).reduce((sum, line) => sum + line.quantity, 0);
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
  // A line whose options do not fit the shape is dropped whole: it would be another dish.
  const options = Array.isArray(value.options) ? value.options.slice(0, CHOSEN_OPTIONS_MAX) : [];
  if (!options.every((o) => isObject(o) && isWhole(o.id, 1, 2 ** 31 - 1) && isWhole(o.price, 0, 10 ** 9) && isText(o.name))) return null;
  const line: CartLine = { product_id, quantity, price, name, image: readImage(value.image) };
  if (options.length > 0) line.options = (options as CartOption[]).map(({ id, name, price }) => ({ id, name, price }));
  return new Set(line.options?.map((o) => o.id)).size === options.length ? line : null;
}

/**
 * The cart as another tab or an earlier visit left it in local storage. Storage is the visitor's to
 * edit, so whatever does not fit the shape is dropped rather than trusted.
 */
export function readCartState(value: unknown): CartState {
  const cart = emptyCart();
  if (!isObject(value)) return cart;
  const seen = new Set<string>();
  const items = Array.isArray(value.items) ? value.items : [];
  for (const raw of items.slice(0, ORDER_LINES_MAX)) {
    const line = readLine(raw);
    if (line && !seen.has(lineKey(line))) {
      seen.add(lineKey(line));
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
