import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { ordersKey } from './get-orders';

/** POST orders/{id}/cancel/ (API-39): a paid order cancelled before cooking is refunded. */
export function cancelOrder(id: number) {
  return api<Order>(`orders/${id}/cancel/`, { method: 'POST' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (cancelled) => queryClient.setQueryData<Order[]>(ordersKey, (list) => list?.map((o) => (o.id === cancelled.id ? cancelled : o))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
