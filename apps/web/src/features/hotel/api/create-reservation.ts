import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reservation, ReservationCreate } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** POST hotel/reservations/ (API-29, HOT-36). The server works the price out itself. */
export function createReservation(body: ReservationCreate) {
  return api<Reservation>('hotel/reservations/', { method: 'POST', body });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSettled: async () => {
      // The account's list, the saved guests (new ones were saved) and availability all changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
        queryClient.invalidateQueries({ queryKey: ['hotel', 'variants'] }),
        queryClient.invalidateQueries({ queryKey: ['account', 'guests'] }),
      ]);
    },
  });
}
