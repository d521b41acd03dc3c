/**
 * "Import every calendar now" on the reservations board. Whatever an import changes is in the
 * room's holds and in each room's calendar (the room dialog's), so both are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { boardKey } from './reservations-board';

/**
 * POST hotel/reservations/sync/: called by staff, the server reads every room's calendars before
 * it answers. The answer is the caller's own reservation list, of no use to the board, which is
 * refetched instead: how each calendar went is in its `calendar_feeds`.
 */
export function useImportAllCalendars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('hotel/reservations/sync/', { method: 'POST', body: {} }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'calendar'] }),
      ]),
  });
}
