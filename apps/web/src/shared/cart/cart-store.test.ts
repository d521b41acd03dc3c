import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_SAVE_THROTTLE_MS, CART_STORAGE_KEY, type CartProduct } from '@hotel/domain';
import { useSession } from '../session/session-store';
import { loadCart, resetCartForTests, useCart } from './cart-store';

const soup: CartProduct = { id: 1, price: 12_50, name: { ru: 'Суп', en: 'Soup' }, image: null };
const tea: CartProduct = { id: 2, price: 4_00, name: { ru: 'Чай', en: 'Tea' }, image: null };

const saved = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { items: { product_id: number; quantity: number }[] } | null;

/** What another tab's write looks like to this one. */
function fromAnotherTab(value: string | null) {
  if (value === null) localStorage.removeItem(CART_STORAGE_KEY);
  else localStorage.setItem(CART_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value, storageArea: localStorage }));
}

beforeEach(() => {
  localStorage.clear();
  resetCartForTests();
});
afterEach(() => {
  vi.useRealTimers();
  resetCartForTests();
});

describe('the cart in local storage (DEL-15, DEL-16, DEL-17, DEL-18)', () => {
  it('DEL-15: keeps items, address, card and comment under "cartState", and reads them back', () => {
    loadCart();
    useCart.getState().add(soup);
    useCart.getState().selectAddress(3);
    useCart.getState().selectPaymentMethod('card-1');
    useCart.getState().setComment('Позвонить');
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual({
      items: [{ product_id: 1, quantity: 1, price: 12_50, name: soup.name, image: null }],
      selectedAddressId: 3,
      selectedPaymentMethodId: 'card-1',
      comment: 'Позвонить',
    });
    resetCartForTests();
    expect(useCart.getState().items).toEqual([]);
    loadCart();
    expect(useCart.getState()).toMatchObject({ selectedAddressId: 3, comment: 'Позвонить', items: [expect.objectContaining({ product_id: 1 })] });
  });

  it('DEL-16: writes at most once a second: the first change at once, the last at the end of the second', () => {
    vi.useFakeTimers();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    loadCart();
    useCart.getState().add(soup);
    expect(setItem).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) useCart.getState().add(tea);
    expect(setItem).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CART_SAVE_THROTTLE_MS - 1);
    expect(setItem).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(saved()!.items).toEqual([expect.objectContaining({ product_id: 1, quantity: 1 }), expect.objectContaining({ product_id: 2, quantity: 5 })]);
    setItem.mockRestore();
  });

  it('DEL-17: follows a change made in another tab, without writing it back', () => {
    loadCart();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    fromAnotherTab(JSON.stringify({ items: [{ product_id: 2, quantity: 3, price: 4_00, name: tea.name, image: null }], selectedAddressId: null, selectedPaymentMethodId: null, comment: '' }));
    expect(useCart.getState().items).toEqual([expect.objectContaining({ product_id: 2, quantity: 3 })]);
    // Only the other tab's own write: this tab did not echo it.
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
  });

  it('DEL-18: removing the key empties the cart', () => {
    loadCart();
    useCart.getState().add(soup);
    useCart.getState().setComment('x');
    fromAnotherTab(null);
    expect(useCart.getState()).toMatchObject({ items: [], comment: '' });
  });

  it('ignores what another tab left that is not a cart', () => {
    loadCart();
    useCart.getState().add(soup);
    fromAnotherTab('{"items": "lots"}');
    expect(useCart.getState().items).toEqual([]);
    fromAnotherTab('not json');
    expect(useCart.getState().items).toEqual([]);
  });

  it('a sign-out forgets the chosen address and card, not the dishes', () => {
    loadCart();
    useCart.getState().add(soup);
    useCart.getState().selectAddress(4);
    useCart.getState().selectPaymentMethod('card-1');
    useSession.setState({ status: 'authenticated' });
    useSession.getState().signedOut();
    expect(useCart.getState()).toMatchObject({ selectedAddressId: null, selectedPaymentMethodId: null, items: [expect.objectContaining({ product_id: 1 })] });
  });
});
