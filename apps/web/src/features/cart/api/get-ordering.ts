import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderingState } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET delivery/ordering/: whether the kitchen takes orders now, and when ordering opens if not. */
export const orderingQuery = queryOptions({
  queryKey: ['delivery', 'ordering'],
  queryFn: () => api<OrderingState>('delivery/ordering/'),
  // The hours turn on the clock: asked again each minute while the cart is open.
  refetchInterval: 60_000,
});

export function useOrdering() {
  return useQuery(orderingQuery);
}
