import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { paymentMethodsKey } from './get-payment-methods';

/** DELETE account/payments/methods/{payment_method_id}/ (API-21). */
export function deleteCard(paymentMethodId: string) {
  return api(`account/payments/methods/${encodeURIComponent(paymentMethodId)}/`, { method: 'DELETE' });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: paymentMethodsKey }), queryClient.invalidateQueries({ queryKey: ['account'] })]),
  });
}
