import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayAtDoorOffer } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/**
 * GET delivery/pay-at-door/ (issue 46, decision 059): whether the guest may pay the courier, how,
 * and up to what total; the cart offers it only then, for delivery to an address. Under the
 * "orders" root: dropped on logout or any 401, and asked again once an order is placed.
 */
export const payAtDoorQuery = queryOptions({
  queryKey: ['orders', 'pay-at-door'],
  queryFn: ({ signal }) => api<PayAtDoorOffer>('delivery/pay-at-door/', { signal }),
});

export function usePayAtDoor() {
  return useQuery(payAtDoorQuery);
}
