import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomFilter, RoomVariant } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET hotel/reservations/variants/ (API-26): the rooms free for the stay, priced by the server. */
export function getVariants(filter: RoomFilter, signal?: AbortSignal) {
  return api<RoomVariant[]>('hotel/reservations/variants/', {
    query: { arrival: filter.arrival, departure: filter.departure, guest_count: filter.guests },
    signal,
  });
}

export const variantsQuery = (filter: RoomFilter) =>
  queryOptions({
    queryKey: ['hotel', 'variants', filter.arrival, filter.departure, filter.guests],
    queryFn: ({ signal }) => getVariants(filter, signal),
    // Availability changes with every booking: a minute-old answer may offer a taken room.
    staleTime: 0,
  });

export function useVariants(filter: RoomFilter | null) {
  return useQuery({ ...variantsQuery(filter ?? { arrival: '', departure: '', guests: 1 }), enabled: filter !== null });
}
