import type { PaymentCreate, PaymentCreated } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** POST payments/create/ (API-40): answers the payment id, and where to confirm it if the card needs it. */
export function createPayment(body: PaymentCreate) {
  return api<PaymentCreated>('payments/create/', { method: 'POST', body });
}
