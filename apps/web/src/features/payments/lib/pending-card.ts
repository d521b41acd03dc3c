/**
 * The card being added waits in session storage across the trip to the provider's page (ACC-45):
 * the screen the guest comes back to finds it there and asks about it.
 */
const KEY = 'pendingPaymentMethodId';

export function rememberPendingCard(paymentMethodId: string): void {
  try {
    sessionStorage.setItem(KEY, paymentMethodId);
  } catch {
    // Without storage the new card still appears in the list once the provider has saved it.
  }
}

export function pendingCard(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetPendingCard(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
