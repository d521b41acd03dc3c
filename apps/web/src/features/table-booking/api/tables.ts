import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tableDaySchema, tableReservationSchema, type TableBooking, type TableDay, type TableReservation } from '@hotel/domain';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

/** Under the 'reservations' root, so sign-out drops the guest's tables (shared/session/user-data.ts). */
export const myTablesKey = ['reservations', 'tables'] as const;
const dayKey = (date: string, party: number) => ['restaurant', 'tables', 'day', date, party] as const;

/** GET restaurant/tables/day/: the day's start times, free or full for the party. */
export function tableDayQuery(date: string, party: number) {
  return queryOptions({
    queryKey: dayKey(date, party),
    queryFn: ({ signal }): Promise<TableDay> => api('restaurant/tables/day/', { query: { date, party }, schema: tableDaySchema, signal }),
  });
}

export function useTableDay(date: string, party: number, enabled: boolean) {
  return useQuery({ ...tableDayQuery(date, party), enabled });
}

/** POST restaurant/tables/ */
export function useBookTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: TableBooking) => api<TableReservation>('restaurant/tables/', { method: 'POST', body: booking, schema: tableReservationSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['restaurant', 'tables'] }), queryClient.invalidateQueries({ queryKey: myTablesKey })]),
  });
}

/** GET restaurant/tables/: the signed-in guest's tables, latest first. */
export function useMyTables() {
  return useQuery({
    queryKey: myTablesKey,
    queryFn: ({ signal }): Promise<TableReservation[]> => api('restaurant/tables/', { schema: z.array(tableReservationSchema), signal }),
  });
}

/** POST restaurant/tables/{id}/cancel/ */
export function useCancelTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TableReservation>(`restaurant/tables/${id}/cancel/`, { method: 'POST', body: {}, schema: tableReservationSchema }),
    onSuccess: (cancelled) => queryClient.setQueryData<TableReservation[]>(myTablesKey, (list) => list?.map((row) => (row.id === cancelled.id ? cancelled : row))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTablesKey }),
  });
}

/** POST restaurant/tables/confirm/: the secret from the letter's link proves the e-mail the booker's. */
export function useConfirmTableEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<TableReservation>('restaurant/tables/confirm/', { method: 'POST', body: { token }, schema: tableReservationSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['restaurant', 'tables'] }),
  });
}
