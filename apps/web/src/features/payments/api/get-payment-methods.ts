import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// Under the "payments" root: dropped on logout or any 401 (shared/session/user-data.ts).
export const paymentMethodsKey = ['payments', 'methods'] as const;

/** GET account/payments/methods/: the saved cards, primary first (API-19). */
export function getPaymentMethods(signal?: AbortSignal) {
  return api<PaymentMethod[]>('account/payments/methods/', { signal });
}

export const paymentMethodsQuery = queryOptions({ queryKey: paymentMethodsKey, queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQuery);
}
