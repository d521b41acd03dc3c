import type { PaymentCreate, PaymentCreated } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/**
 * POST payments/create/ (API-40): answers the payment id, and where to confirm it if the card needs
 * it. `attemptKey` names the guest's one decision to pay: sent again (a lost answer), it answers the
 * same attempt instead of trying the card again.
 */
export function createPayment(body: PaymentCreate, attemptKey: string) {
  return api<PaymentCreated>('payments/create/', { method: 'POST', body, headers: { 'idempotency-key': attemptKey } });
}
