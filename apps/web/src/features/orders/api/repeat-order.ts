import { useMutation } from '@tanstack/react-query';
import type { OrderRepeat } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** POST orders/{id}/repeat/ (API-38): the order's dishes at today's prices, for the cart. */
export function repeatOrder(id: number) {
  return api<OrderRepeat>(`orders/${id}/repeat/`, { method: 'POST' });
}

export function useRepeatOrder() {
  return useMutation({ mutationFn: repeatOrder });
}
