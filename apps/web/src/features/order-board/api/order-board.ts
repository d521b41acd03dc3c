/** The order board's calls: the open orders and today's finished ones, moving one on, cancelling with a reason. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  kitchenSettingsSchema,
  orderingStateSchema,
  staffOrderListSchema,
  staffOrderSchema,
  type DoorSettlement,
  type KitchenSettings,
  type KitchenSettingsInput,
  type OrderingState,
  type OrderStatus,
  type StaffOrder,
} from '@hotel/domain';
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
    // `door`: what the courier took for an order paid at the door, with the step "delivered" (decision 059).
    mutationFn: ({ id, from, door }: { id: number; from: OrderStatus; door?: DoorSettlement }) =>
      api<StaffOrder>(`admin/orders/${id}/next/`, { method: 'POST', body: door ? { from, door } : { from }, schema: staffOrderSchema }),
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

export const kitchenKey = ['admin', 'orders', 'kitchen'] as const;

/** GET admin/orders/kitchen/: whether guests can order now, and whether staff closed ordering for today. */
export const useKitchen = () =>
  useQuery({ queryKey: kitchenKey, queryFn: ({ signal }) => api<OrderingState>('admin/orders/kitchen/', { schema: orderingStateSchema, signal }), refetchInterval: 60_000 });

/** PUT admin/orders/kitchen/: close ordering for the rest of today (a full or closed kitchen), or open it again. */
export function useCloseKitchen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closed: boolean) => api<OrderingState>('admin/orders/kitchen/', { method: 'PUT', body: { closed_today: closed }, schema: orderingStateSchema }),
    onSuccess: (state) => queryClient.setQueryData(kitchenKey, state),
  });
}

export const kitchenSettingsKey = ['admin', 'orders', 'kitchen', 'settings'] as const;

/** GET admin/orders/kitchen/settings/: lead time, orders per slot, minimum order, free delivery from (issue 24). */
export const useKitchenSettings = () =>
  useQuery({
    queryKey: kitchenSettingsKey,
    queryFn: ({ signal }) => api<KitchenSettings>('admin/orders/kitchen/settings/', { schema: kitchenSettingsSchema, signal }),
  });

/** PUT admin/orders/kitchen/settings/: the fields sent change. */
export function useSaveKitchenSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KitchenSettingsInput) => api<KitchenSettings>('admin/orders/kitchen/settings/', { method: 'PUT', body, schema: kitchenSettingsSchema }),
    onSuccess: (settings) => {
      queryClient.setQueryData(kitchenSettingsKey, settings);
      void queryClient.invalidateQueries({ queryKey: kitchenKey });
    },
  });
}
