import type { PaymentStatusAnswer } from '@hotel/domain';
import { api } from './client';

/** GET payments/{id}/status/ (API-41). */
export function getPaymentStatus(paymentId: string, signal?: AbortSignal) {
  return api<PaymentStatusAnswer>(`payments/${encodeURIComponent(paymentId)}/status/`, { signal });
}
