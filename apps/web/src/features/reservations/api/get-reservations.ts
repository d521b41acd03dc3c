import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reservation } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// Under the 'reservations' root, so sign-out drops it (shared/session/user-data.ts).
export const reservationsKey = ['reservations'] as const;

/** GET hotel/reservations/: the signed-in user's reservations, latest arrival first. */
export function getReservations(signal?: AbortSignal) {
  return api<Reservation[]>('hotel/reservations/', { signal });
}

export const reservationsQuery = queryOptions({
  queryKey: reservationsKey,
  queryFn: ({ signal }) => getReservations(signal),
});

export function useReservations() {
  return useQuery(reservationsQuery);
}
