import { describe, expect, it } from 'vitest';
import { acceptMenuChanges, checkCart, checkedGoodsTotal, orderItemsOf } from './cart-check';
import {
  addToCart,
  cartCount,
  changeQuantity,
  emptyCart,
  fillCart,
  quantityInCart,
  readCartState,
  removeFromCart,
  type CartProduct,
} from './cart';

const soup: CartProduct = { id: 1, price: 12_50, name: { ru: 'Суп', en: 'Soup' }, image: null };
const draniki: CartProduct = { id: 2, price: 9_90, name: { ru: 'Драники', en: 'Potato pancakes' }, image: null };

describe('cart (DEL-12, DEL-13, DEL-14, DEL-22)', () => {
  it('adds a dish, and adding it again raises its quantity instead of adding a line', () => {
    let cart = addToCart(emptyCart(), soup);
    cart = addToCart(cart, draniki);
    cart = addToCart(cart, soup);
    expect(cart.items.map((l) => [l.product_id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(cartCount(cart)).toBe(3);
    expect(quantityInCart(cart, 1)).toBe(2);
    expect(quantityInCart(cart, 99)).toBe(0);
  });

  it('removes a line that goes down to zero, and never goes above 30 portions (DEL-14)', () => {
    let cart = addToCart(emptyCart(), soup);
    cart = changeQuantity(cart, 1, -1);
    expect(cart.items).toEqual([]);
    cart = changeQuantity(addToCart(emptyCart(), soup), 1, 500);
    expect(quantityInCart(cart, 1)).toBe(30);
    expect(removeFromCart(cart, 1).items).toEqual([]);
  });

  it('keeps the price the guest saw when adding, and says when the menu changed since (DEL-21)', () => {
    const cart = addToCart(addToCart(emptyCart(), soup), draniki);
    const today = [{ ...soup, price: 14_00 }];
    const checked = checkCart(cart.items, today);
    expect(checked.map((l) => l.state)).toEqual(['price_changed', 'unavailable']);
    expect(checked[0]!.total).toBe(14_00);
    expect(checkedGoodsTotal(checked)).toBe(14_00);
    const accepted = acceptMenuChanges(cart, today);
    expect(accepted.items).toEqual([{ product_id: 1, quantity: 1, price: 14_00, name: soup.name, image: null }]);
    expect(checkCart(accepted.items, today).map((l) => l.state)).toEqual(['ok']);
  });

  it('fills the cart from a repeated order, adding to lines already there', () => {
    const cart = fillCart(addToCart(emptyCart(), soup), [
      { product_id: 1, quantity: 2, price: soup.price, name: soup.name, image: null },
      { product_id: 2, quantity: 1, price: draniki.price, name: draniki.name, image: null },
    ]);
    expect(cart.items.map((l) => [l.product_id, l.quantity])).toEqual([
      [1, 3],
      [2, 1],
    ]);
  });

  it('sends product ids as text with their quantities (DEL-32)', () => {
    const cart = changeQuantity(addToCart(emptyCart(), soup), 1, 2);
    expect(orderItemsOf(cart.items)).toEqual([{ product_id: '1', quantity: 3, options: [] }]);
  });
});

describe('reading the cart from storage (DEL-15)', () => {
  it('reads back what was written', () => {
    const cart = { ...addToCart(emptyCart(), soup), selectedAddressId: 4, selectedPaymentMethodId: 'a-card', comment: 'Звонить' };
    expect(readCartState(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });

  it('drops what does not fit the shape instead of trusting it', () => {
    expect(readCartState(null)).toEqual(emptyCart());
    expect(readCartState('nonsense')).toEqual(emptyCart());
    const read = readCartState({
      items: [
        { product_id: 1, quantity: 0, price: 100, name: soup.name },
        { product_id: 2, quantity: 2, price: -1, name: soup.name },
        { product_id: '3', quantity: 1, price: 100, name: soup.name },
        { product_id: 4, quantity: 1, price: 100, name: 'Суп' },
        { product_id: 5, quantity: 100, price: 100, name: soup.name },
        { product_id: 6, quantity: 2, price: 100, name: soup.name, image: { src: 1 } },
        { product_id: 6, quantity: 3, price: 100, name: soup.name },
      ],
      selectedAddressId: 'home',
      selectedPaymentMethodId: 7,
      comment: 'x'.repeat(600),
    });
    expect(read.items).toEqual([{ product_id: 6, quantity: 2, price: 100, name: soup.name, image: null }]);
    expect(read.selectedAddressId).toBeNull();
    expect(read.selectedPaymentMethodId).toBeNull();
    expect(read.comment).toHaveLength(500);
  });
});
