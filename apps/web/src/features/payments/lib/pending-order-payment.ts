/**
 * The payment of an unpaid order that sent the guest to 3-D Secure from /account/orders waits in
 * session storage across the trip: back on that page, it is asked about until the provider has
 * settled it. Apart from the cart's own (features/cart/lib/checkout-session.ts), so the cart never
 * takes this payment for its new order.
 */
const KEY = 'orderPayment';

export function rememberOrderPayment(paymentId: string): void {
  try {
    sessionStorage.setItem(KEY, paymentId);
  } catch {
    // Without storage the order's state still shows once the provider has settled the payment.
  }
}

export function pendingOrderPayment(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetOrderPayment(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
