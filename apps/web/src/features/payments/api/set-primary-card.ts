import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { paymentMethodsKey } from './get-payment-methods';

/** POST account/payments/methods/{payment_method_id}/set_primary/ (API-20). */
export function setPrimaryCard(paymentMethodId: string) {
  return api<PaymentMethod>(`account/payments/methods/${encodeURIComponent(paymentMethodId)}/set_primary/`, { method: 'POST' });
}

export function useSetPrimaryCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryCard,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: paymentMethodsKey }), queryClient.invalidateQueries({ queryKey: ['account'] })]),
  });
}
