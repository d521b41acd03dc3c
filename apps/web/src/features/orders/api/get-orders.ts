import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// Under the 'orders' root, so sign-out drops it (shared/session/user-data.ts).
export const ordersKey = ['orders', 'list'] as const;

/** GET delivery/orders/ (API-35): the signed-in user's orders, newest first. */
export function getOrders(signal?: AbortSignal) {
  return api<Order[]>('delivery/orders/', { signal });
}

export const ordersQuery = queryOptions({ queryKey: ordersKey, queryFn: ({ signal }) => getOrders(signal) });

export function useOrders() {
  return useQuery(ordersQuery);
}
