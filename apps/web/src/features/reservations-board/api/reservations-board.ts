/**
 * The reservations board's calls: the board over a window of days, a stay's details, and the
 * staff's actions. Every action makes the board and the stay's details stale; the move goes to the
 * spec's route, POST hotel/reservation/move/{id}/.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  blockSchema,
  boardSchema,
  reservationSchema,
  roomConflictSchema,
  staffReservationSchema,
  type Block,
  type BlockCreate,
  type Board,
  type Reservation,
  type ReservationMove,
  type RoomConflict,
  type StaffReservation,
} from '@hotel/domain';
import { z } from 'zod';
import { ApiError, api } from '../../../shared/api/client';

/** Every window of the board; what changes a room's holds makes them all stale. */
export const boardKey = ['admin', 'reservations', 'board'] as const;

export const boardQuery = (from: string, days: number) =>
  queryOptions({
    queryKey: [...boardKey, from, days],
    queryFn: ({ signal }) => api<Board>('admin/reservations/board/', { query: { from, days }, schema: boardSchema, signal }),
    // Staff act on the board while guests book on the site: keep it fresh, and keep the last
    // window on screen while the next one loads.
    staleTime: 15_000,
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });

export const stayQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'reservations', 'stay', id],
    queryFn: ({ signal }) => api<StaffReservation>(`admin/reservations/${id}/`, { schema: staffReservationSchema, signal }),
    staleTime: 0,
  });

export const useBoard = (from: string, days: number) => useQuery(boardQuery(from, days));
export const useStay = (id: number | null) => useQuery({ ...stayQuery(id ?? 0), enabled: id !== null });

function useBoardChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'reservations'] });
}

/** POST admin/reservations/{id}/cancel/: on the guest's behalf. */
export function useCancelStay() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: (id: number) => api<StaffReservation>(`admin/reservations/${id}/cancel/`, { method: 'POST', body: {}, schema: staffReservationSchema }),
    onSuccess: changed,
  });
}

/** POST admin/reservations/{id}/no_show/. */
export function useMarkNoShow() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: (id: number) => api<StaffReservation>(`admin/reservations/${id}/no_show/`, { method: 'POST', body: {}, schema: staffReservationSchema }),
    onSuccess: changed,
  });
}

/** POST hotel/reservation/move/{id}/ (API-32). */
export function useMoveStay() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: ReservationMove }) =>
      api<Reservation>(`hotel/reservation/move/${id}/`, { method: 'POST', body: move, schema: reservationSchema }),
    onSuccess: changed,
  });
}

/** POST admin/blocks/. */
export function useCreateBlock() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: (block: BlockCreate) => api<Block>('admin/blocks/', { method: 'POST', body: block, schema: blockSchema }),
    onSuccess: changed,
  });
}

/** DELETE admin/blocks/{id}/. */
export function useDeleteBlock() {
  const changed = useBoardChanged();
  return useMutation({
    mutationFn: (id: number) => api<void>(`admin/blocks/${id}/`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** What holds the nights a move or a block asked for, from a 409 answer; empty for any other error. */
export function conflictsOf(error: unknown): RoomConflict[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const parsed = z.object({ conflicts: z.array(roomConflictSchema) }).safeParse(error.body);
  return parsed.success ? parsed.data.conflicts : [];
}
