import type { PaymentCreate, PaymentCreated } from '@hotel/domain';
import { api } from './client';

/**
 * POST payments/create/ (API-40): answers the payment id, and where to confirm it if the card needs
 * it. `attemptKey` names the guest's one decision to pay: sent again (a lost answer), it answers the
 * same attempt instead of trying the card again. Shared: the cart pays a new order, the account
 * pays one left unpaid.
 */
export function createPayment(body: PaymentCreate, attemptKey: string) {
  return api<PaymentCreated>('payments/create/', { method: 'POST', body, headers: { 'idempotency-key': attemptKey } });
}

/**
 * A new key for each decision to pay (docs/decisions/025-payments-hardening.md). crypto.randomUUID
 * exists only on secure pages (https, localhost); elsewhere random digits serve.
 */
export const newAttemptKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16)).join('-');
