import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reservation, ReservationCreate } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/**
 * POST hotel/reservations/ (API-29, HOT-36). The server works the price out itself. `attemptKey`
 * (the Idempotency-Key) names the guest's one decision to book: a request sent again with it, its
 * answer lost, gets the same booking back instead of "the room is taken" by that very booking.
 */
export function createReservation(body: ReservationCreate, attemptKey: string) {
  return api<Reservation>('hotel/reservations/', { method: 'POST', body, headers: { 'idempotency-key': attemptKey } });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, attemptKey }: { body: ReservationCreate; attemptKey: string }) => createReservation(body, attemptKey),
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
