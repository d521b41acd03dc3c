import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tableBoardSchema,
  tableClearedSchema,
  tableReservationSchema,
  tableSettingsSchema,
  type StaffTableInput,
  type TableBoard,
  type TableSettings,
  type TableStepInput,
} from '@hotel/domain';
import { api } from '../../../shared/api/client';

const boardKey = (date: string) => ['admin', 'restaurant', date] as const;

/** GET admin/restaurant/day/: the day's tables, the load per slot and the settings. */
export function useTableBoard(date: string) {
  return useQuery({
    queryKey: boardKey(date),
    queryFn: ({ signal }): Promise<TableBoard> => api('admin/restaurant/day/', { query: { date }, schema: tableBoardSchema, signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'restaurant'] });
}

export type TableStep = TableStepInput['step'];

/** POST admin/restaurant/tables/{id}/step/ */
export function useTableStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: TableStep }) =>
      api(`admin/restaurant/tables/${id}/step/`, { method: 'POST', body: { step }, schema: tableReservationSchema }),
    onSettled: refresh,
  });
}

/** POST admin/restaurant/tables/{id}/move/ */
export function useMoveTable() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, date, time }: { id: number; date: string; time: string }) =>
      api(`admin/restaurant/tables/${id}/move/`, { method: 'POST', body: { date, time }, schema: tableReservationSchema }),
    onSettled: refresh,
  });
}

/** POST admin/restaurant/tables/: a phone call or a walk-in. */
export function useAddTable() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: StaffTableInput) => api('admin/restaurant/tables/', { method: 'POST', body: input, schema: tableReservationSchema }),
    onSettled: refresh,
  });
}

/** PUT admin/restaurant/settings/ */
export function useSaveSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (settings: TableSettings) => api('admin/restaurant/settings/', { method: 'PUT', body: settings, schema: tableSettingsSchema }),
    onSettled: refresh,
  });
}

/** POST admin/restaurant/unconfirmed/clear/: cancels every table whose e-mail is not confirmed, from today on. */
export function useClearUnconfirmed() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api<{ cleared: number }>('admin/restaurant/unconfirmed/clear/', { method: 'POST', body: {}, schema: tableClearedSchema }),
    onSettled: refresh,
  });
}
