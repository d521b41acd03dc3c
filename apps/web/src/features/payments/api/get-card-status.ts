import type { PaymentStatusAnswer } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET payments/methods/{payment_method_id}/status/ (API-23). */
export function getCardStatus(paymentMethodId: string, signal?: AbortSignal) {
  return api<PaymentStatusAnswer>(`payments/methods/${encodeURIComponent(paymentMethodId)}/status/`, { signal });
}
