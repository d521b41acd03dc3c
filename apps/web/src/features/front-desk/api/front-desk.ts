/**
 * The front desk's calls (issue 45; docs/decisions/054-stay-life.md): today at the desk, the rooms
 * for housekeeping, check-in, check-out (shortening a stay first when the guest leaves early) and a room's state. Every change makes both lists stale,
 * and so does every event of the live stream (another desk, a maid's phone, a guest's cancel).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deskDaySchema, housekeepingSchema, staffReservationSchema, type DeskDay, type Housekeeping, type RoomStateChange, type StaffReservation } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { useLiveStream } from '../../../shared/live/live-stream';

const frontDeskKey = ['admin', 'front-desk'] as const;

export const deskQuery = queryOptions({
  queryKey: [...frontDeskKey, 'desk'],
  queryFn: ({ signal }) => api<DeskDay>('admin/desk/', { schema: deskDaySchema, signal }),
  // The live stream says when something changed; the clock (a guest becoming late) every minute.
  refetchInterval: 60_000,
});

export const housekeepingQuery = queryOptions({
  queryKey: [...frontDeskKey, 'housekeeping'],
  queryFn: ({ signal }) => api<Housekeeping>('admin/housekeeping/', { schema: housekeepingSchema, signal }),
  refetchInterval: 60_000,
});

export const useDeskDay = () => useQuery(deskQuery);
export const useHousekeeping = () => useQuery(housekeepingQuery);

function useFrontDeskChanged() {
  const queryClient = useQueryClient();
  // The reservations board shows the same stays.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: frontDeskKey }), queryClient.invalidateQueries({ queryKey: ['admin', 'reservations'] })]);
}

/** Keeps the desk's lists current while the page is open: any stay or room changed anywhere. */
export function useLiveFrontDesk() {
  const changed = useFrontDeskChanged();
  useLiveStream('admin/front-desk/events/', { events: { front_desk: () => void changed() }, onResync: () => void changed() });
}

/** POST admin/reservations/{id}/check-in/; `confirmNotClean` after the desk was warned. */
export function useCheckIn() {
  const changed = useFrontDeskChanged();
  return useMutation({
    mutationFn: ({ id, confirmNotClean }: { id: number; confirmNotClean: boolean }) =>
      api<StaffReservation>(`admin/reservations/${id}/check-in/`, {
        method: 'POST',
        body: confirmNotClean ? { confirm_not_clean: true } : {},
        schema: staffReservationSchema,
      }),
    onSuccess: changed,
  });
}

/** POST admin/reservations/{id}/check-out/. */
export function useCheckOut() {
  const changed = useFrontDeskChanged();
  return useMutation({
    // With a balance still due, staff write why the guest leaves with it (409 desk:refused.balanceDue otherwise).
    mutationFn: ({ id, balanceReason }: { id: number; balanceReason?: string }) =>
      api<StaffReservation>(`admin/reservations/${id}/check-out/`, {
        method: 'POST',
        body: balanceReason ? { balance_reason: balanceReason } : {},
        schema: staffReservationSchema,
      }),
    onSuccess: changed,
  });
}

/**
 * POST admin/reservations/{id}/shorten/: the guest leaves on `departure`, before the booked day
 * (decision 056); the desk does it before an early check-out (409 desk:refused.stayNotOver otherwise).
 */
export function useShortenStay() {
  const changed = useFrontDeskChanged();
  return useMutation({
    mutationFn: ({ id, departure }: { id: number; departure: string }) =>
      api<StaffReservation>(`admin/reservations/${id}/shorten/`, { method: 'POST', body: { departure }, schema: staffReservationSchema }),
    onSuccess: changed,
  });
}

/** PUT admin/housekeeping/rooms/{id}/: one tap, one state. */
export function useSetRoomState() {
  const queryClient = useQueryClient();
  const changed = useFrontDeskChanged();
  return useMutation({
    mutationFn: ({ roomId, change }: { roomId: number; change: RoomStateChange }) =>
      api<Housekeeping>(`admin/housekeeping/rooms/${roomId}/`, { method: 'PUT', body: change, schema: housekeepingSchema }),
    onSuccess: (list) => {
      queryClient.setQueryData(housekeepingQuery.queryKey, list);
      return changed();
    },
  });
}
