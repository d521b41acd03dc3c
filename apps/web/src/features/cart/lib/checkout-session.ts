/**
 * What checkout keeps in session storage: the payment being tracked (it survives the trip to a
 * confirmation page and back), and the order last created, so paying again after a declined card
 * pays that order instead of placing a second one.
 */
const PAYMENT_KEY = 'checkoutPayment';
const ORDER_KEY = 'checkoutOrder';

export interface PlacedOrder {
  id: number;
  /** The dishes it was placed with: another cart needs another order. */
  items: string;
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage, tracking stops on leaving the page; the order shows in the account anyway.
  }
}

export const trackedPayment = () => {
  const value = read<unknown>(PAYMENT_KEY);
  return typeof value === 'string' ? value : null;
};
export const trackPayment = (paymentId: string | null) => write(PAYMENT_KEY, paymentId);

export function placedOrder(): PlacedOrder | null {
  const value = read<Partial<PlacedOrder>>(ORDER_KEY);
  return value && typeof value.id === 'number' && typeof value.items === 'string' ? { id: value.id, items: value.items } : null;
}
export const rememberOrder = (order: PlacedOrder | null) => write(ORDER_KEY, order);
