import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomServiceStays } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/**
 * GET delivery/room-service/ (issue 24): the guest's stays in progress, whose rooms the cart offers
 * as "to my room". Under the "orders" root: dropped on logout or any 401 (shared/session/user-data.ts).
 */
export const roomServiceQuery = queryOptions({
  queryKey: ['orders', 'room-service'],
  queryFn: ({ signal }) => api<RoomServiceStays>('delivery/room-service/', { signal }),
  // A stay begins at check-in and ends at check-out: asked again each minute while the cart is open.
  refetchInterval: 60_000,
});

export function useRoomService() {
  return useQuery(roomServiceQuery);
}
