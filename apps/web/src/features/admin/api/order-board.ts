/** The order board's calls: the open orders and today's finished ones, moving one on, cancelling with a reason. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffOrderListSchema, staffOrderSchema, type OrderStatus, type StaffOrder } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const orderBoardKey = ['admin', 'orders'] as const;

export const orderBoardQuery = queryOptions({
  queryKey: orderBoardKey,
  queryFn: ({ signal }) => api<StaffOrder[]>('admin/orders/', { schema: staffOrderListSchema, signal }),
  // Live events keep it fresh; this only covers a stream that cannot be opened at all.
  refetchInterval: 120_000,
});

export const useOrderBoard = () => useQuery(orderBoardQuery);

function useBoardChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderBoardKey });
}

/** POST admin/orders/{id}/next/: from the status the board showed, so a second click never moves it twice. */
export function useNextStep() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: ({ id, from }: { id: number; from: OrderStatus }) =>
      api<StaffOrder>(`admin/orders/${id}/next/`, { method: 'POST', body: { from }, schema: staffOrderSchema }),
    onSettled: changed,
  });
}

/** POST admin/orders/{id}/cancel/. */
export function useCancelOrder() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api<StaffOrder>(`admin/orders/${id}/cancel/`, { method: 'POST', body: { reason }, schema: staffOrderSchema }),
    onSettled: changed,
  });
}
