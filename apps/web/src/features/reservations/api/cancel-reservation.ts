import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reservation } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { reservationsKey } from './get-reservations';

/** POST hotel/reservations/cancel/{id}/ (API-31). */
export function cancelReservation(id: number) {
  return api<Reservation>(`hotel/reservations/cancel/${id}/`, { method: 'POST' });
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSuccess: (cancelled) => {
      queryClient.setQueryData<Reservation[]>(reservationsKey, (list) => list?.map((r) => (r.id === cancelled.id ? cancelled : r)));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationsKey }),
        // A cancelled stay frees its room for searches.
        queryClient.invalidateQueries({ queryKey: ['hotel', 'variants'] }),
      ]),
  });
}
