/** The staff's payments page: GET admin/payments/ with its filters, its CSV, and closing what needs a person. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moneyEntrySchema, moneyPageSchema, type MoneyEntry, type MoneyKind, type MoneyPage, type MoneyStatus } from '@hotel/domain';
import { api, apiFile } from '../../../shared/api/client';

export interface MoneyFilter {
  from: string;
  to: string;
  status?: MoneyStatus | undefined;
  kind?: MoneyKind | undefined;
}

export const moneyKey = ['admin', 'payments'] as const;

export const moneyQuery = (filter: MoneyFilter) =>
  queryOptions({
    queryKey: [...moneyKey, filter],
    queryFn: ({ signal }) => api<MoneyPage>('admin/payments/', { query: { ...filter }, schema: moneyPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useMoneyPage = (filter: MoneyFilter) => useQuery(moneyQuery(filter));

/** Saves the CSV of the filtered entries, for the accountant. */
export async function downloadMoneyCsv(filter: MoneyFilter): Promise<void> {
  const file = await apiFile('admin/payments/csv/', { ...filter });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `payments-${filter.from}-${filter.to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

export type MoneyAction = { kind: 'refund'; id: number } | { kind: 'fee'; id: string };

const actionPath = (action: MoneyAction) => `admin/payments/${action.kind === 'refund' ? 'refunds' : 'fees'}/${action.id}/`;

/** POST admin/payments/{refunds|fees}/{id}/retry/: the provider is asked once more. */
export function useRetryMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MoneyAction) => api<MoneyEntry>(`${actionPath(action)}retry/`, { method: 'POST', body: {}, schema: moneyEntrySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}

/** POST admin/payments/{refunds|fees}/{id}/resolve/: settled outside the provider, with a note. */
export function useResolveMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, note }: { action: MoneyAction; note: string }) =>
      api<MoneyEntry>(`${actionPath(action)}resolve/`, { method: 'POST', body: { note }, schema: moneyEntrySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}
