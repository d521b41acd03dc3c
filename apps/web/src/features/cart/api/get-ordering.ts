import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DELIVERY_FEE_KOPECKS, type OrderingState } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { isHydrating, whenHydrated } from '../../../shared/hydration/hydration';

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

/**
 * The delivery fee staff set (issue 48, point 13) for the pages that state it. Pages drawn before
 * the request (decision 008) carry the house's default; the setting is asked only once the page
 * has hydrated, so the first render matches the markup, and replaces the default then.
 */
export function useDeliveryFee(): number {
  const [live, setLive] = useState(() => !isHydrating());
  useEffect(() => {
    if (!live) void whenHydrated().then(() => setLive(true));
  }, [live]);
  const ordering = useQuery({ ...orderingQuery, enabled: live, refetchInterval: false, select: (state) => state.delivery_fee });
  return live ? (ordering.data ?? DELIVERY_FEE_KOPECKS) : DELIVERY_FEE_KOPECKS;
}
