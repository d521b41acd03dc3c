/**
 * The cart compared with today's menu, and what is sent to place the order: the cart page's rules,
 * apart from cart.ts, which a first visit loads for the header's count.
 */
import type { Kopecks } from '../money';
import { cartLineOf, type CartLine, type CartOption, type CartProduct, type CartState } from './cart';
import { goodsTotal } from './order';

/** What the chosen options add to one portion. */
export function optionsPrice(options: readonly { price: Kopecks }[]): Kopecks {
  return options.reduce((sum, option) => sum + option.price, 0);
}

/** The options of `ids` as the dish has them now, in the dish's order; null when one is no longer the dish's. */
function optionsOf(product: CartProduct, ids: readonly number[]): CartOption[] | null {
  const all = (product.option_groups ?? []).flatMap((group) => group.options);
  const chosen = all.filter((option) => ids.includes(option.id)).map(({ id, name, price }) => ({ id, name, price }));
  return chosen.length === ids.length ? chosen : null;
}

/** What one portion of the line costs as the guest saw it: the dish and its options. */
export function unitPrice(line: Pick<CartLine, 'price' | 'options'>): Kopecks {
  return line.price + optionsPrice(line.options ?? []);
}

export type CartLineState = 'ok' | 'price_changed' | 'unavailable';

export interface CheckedCartLine {
  line: CartLine;
  /** The dish as today's menu has it; null when it left the menu. */
  product: CartProduct | null;
  state: CartLineState;
  /** What the line costs today (0 for a dish no longer on the menu). */
  total: Kopecks;
  /** One portion with its options today (the line's own when the dish left the menu). */
  unit: Kopecks;
}

/** Compares the cart with today's menu: a dish that left it or changed price is said so. */
export function checkCart(lines: readonly CartLine[], menu: readonly CartProduct[]): CheckedCartLine[] {
  const byId = new Map(menu.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.product_id) ?? null;
    const options = product ? optionsOf(product, (line.options ?? []).map((option) => option.id)) : null;
    if (!product || !options) return { line, product: null, state: 'unavailable', total: 0, unit: unitPrice(line) };
    const unit = product.price + optionsPrice(options);
    return { line, product, state: unit === unitPrice(line) ? 'ok' : 'price_changed', total: unit * line.quantity, unit };
  });
}

/** The guest has seen the changes: lines take today's price and name, dishes no longer served go. */
export function acceptMenuChanges(cart: CartState, menu: readonly CartProduct[]): CartState {
  const byId = new Map(menu.map((product) => [product.id, product]));
  const items = cart.items.flatMap((line) => {
    const product = byId.get(line.product_id);
    const options = product ? optionsOf(product, (line.options ?? []).map((option) => option.id)) : null;
    return product && options ? [cartLineOf(product, line.quantity, options)] : [];
  });
  return { ...cart, items };
}

/** Goods total of the checked cart at today's prices (DEL-23). */
export function checkedGoodsTotal(lines: readonly CheckedCartLine[]): Kopecks {
  return goodsTotal(lines.filter((l) => l.product).map((l) => ({ price: l.unit, quantity: l.line.quantity })));
}

/** The items of POST orders/: product ids as text (spec section 7), with their quantities and options. */
export function orderItemsOf(lines: readonly CartLine[]): { product_id: string; quantity: number; options: number[] }[] {
  return lines.map((line) => ({ product_id: String(line.product_id), quantity: line.quantity, options: (line.options ?? []).map((option) => option.id) }));
}

