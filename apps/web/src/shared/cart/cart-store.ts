/**
 * The cart (spec section 4; DEL-12..18, DEL-22): a small store of what the browser owns, kept in
 * local storage under "cartState", written at most once a second, and followed across tabs through
 * the storage event. Removing the key (in another tab, or by hand) empties the cart.
 *
 * The store starts empty and reads storage when a component first asks for it (in an effect), so
 * the first render in the browser equals the prerendered page, which knows no cart.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import {
  addToCart,
  CART_SAVE_THROTTLE_MS,
  CART_STORAGE_KEY,
  changeQuantity,
  emptyCart,
  fillCart,
  readCartState,
  removeFromCart,
  type CartLine,
  type CartOption,
  type CartProduct,
  type CartState,
} from '@hotel/domain';
import { onSignedOut } from '../session/session-store';

interface CartStore extends CartState {
  /** One of a dish with these options (issue 24): the same options add to their line, others make a new one. */
  add(product: CartProduct, options?: readonly CartOption[]): void;
  /** A line named by its key (lineKey), or by the dish's id for a line without options. */
  change(key: number | string, delta: number): void;
  remove(key: number | string): void;
  fill(lines: readonly CartLine[]): void;
  /**
   * The lines as the cart page worked them out (today's prices, dishes gone): the rules live in
   * the cart page's code, so a first visit does not load them.
   */
  setItems(items: CartLine[]): void;
  selectAddress(id: number | null): void;
  selectPaymentMethod(id: string | null): void;
  setComment(comment: string): void;
  /** Empties the items, the address, the card and the comment (DEL-22). */
  clear(): void;
}

const stateOf = ({ items, selectedAddressId, selectedPaymentMethodId, comment }: CartState): CartState => ({
  items,
  selectedAddressId,
  selectedPaymentMethodId,
  comment,
});

export const useCart = create<CartStore>((set, get) => ({
  ...emptyCart(),
  add: (product, options = []) => set(addToCart(stateOf(get()), product, options)),
  change: (key, delta) => set(changeQuantity(stateOf(get()), key, delta)),
  remove: (key) => set(removeFromCart(stateOf(get()), key)),
  fill: (lines) => set(fillCart(stateOf(get()), lines)),
  setItems: (items) => set({ items }),
  selectAddress: (id) => set({ selectedAddressId: id }),
  selectPaymentMethod: (id) => set({ selectedPaymentMethodId: id }),
  setComment: (comment) => set({ comment }),
  clear: () => set(emptyCart()),
}));

// ─── Local storage ──────────────────────────────────────────────────────────────────────────────

let loaded = false;
/** What storage holds as far as this tab knows: a change coming from there is not written back. */
let stored: string | null = null;
let lastWrite = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let unsubscribe: (() => void) | undefined;

function readStorage(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(text: string | null): CartState {
  if (text === null) return emptyCart();
  try {
    return readCartState(JSON.parse(text));
  } catch {
    return emptyCart();
  }
}

function write() {
  timer = undefined;
  const text = JSON.stringify(stateOf(useCart.getState()));
  if (text === stored) return;
  try {
    localStorage.setItem(CART_STORAGE_KEY, text);
    stored = text;
  } catch {
    // Storage full or forbidden (private mode): the cart lives for this page only.
  }
  lastWrite = Date.now();
}

/** At most one write per CART_SAVE_THROTTLE_MS (DEL-16): the first change at once, the last one at the end. */
function scheduleWrite() {
  if (timer !== undefined) return;
  const wait = lastWrite + CART_SAVE_THROTTLE_MS - Date.now();
  if (wait <= 0) write();
  else timer = setTimeout(write, wait);
}

function flush() {
  if (timer === undefined) return;
  clearTimeout(timer);
  write();
}

function onStorage(event: StorageEvent) {
  // `key` is null when another tab cleared the whole storage.
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  const text = event.key === null ? null : event.newValue;
  stored = text;
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  useCart.setState(parse(text));
}

/** Reads the saved cart once and starts keeping storage and the other tabs in step. */
export function loadCart(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  stored = readStorage();
  useCart.setState(parse(stored));
  unsubscribe = useCart.subscribe(scheduleWrite);
  window.addEventListener('storage', onStorage);
  // A change made less than a second before leaving the page is written as it goes.
  window.addEventListener('pagehide', flush);
}

/** For components that show the cart: loads it after the first render (see the file's header). */
export function useCartLoaded(): void {
  useEffect(loadCart, []);
}

// The cart's dishes outlive a sign-out (a guest fills it before signing in), but the address and
// card belong to the account that chose them.
onSignedOut(() => {
  useCart.setState({ selectedAddressId: null, selectedPaymentMethodId: null });
});

/** Tests start from a fresh store. */
export function resetCartForTests(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  unsubscribe?.();
  unsubscribe = undefined;
  if (loaded && typeof window !== 'undefined') {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pagehide', flush);
  }
  loaded = false;
  stored = null;
  lastWrite = 0;
  useCart.setState(emptyCart());
}
