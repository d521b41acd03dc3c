/** The rate calendar's API (GET/POST/DELETE admin/rates/…; issue 23). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  priceRuleSchema,
  ratesMonthSchema,
  stayRuleSchema,
  type PriceRuleCreate,
  type PriceRuleView,
  type RatesMonth,
  type StayRuleCreate,
  type StayRuleView,
} from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const ratesMonthQuery = (month: string) => ({
  queryKey: ['admin', 'rates', month],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<RatesMonth>('admin/rates/', { query: { month }, schema: ratesMonthSchema, signal }),
  staleTime: 0,
});

export const useRatesMonth = (month: string) => useQuery(ratesMonthQuery(month));

/** After a change: this calendar and every search the visitor screens keep are stale. */
function useRatesChanged() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'rates'] }), queryClient.invalidateQueries({ queryKey: ['hotel'] })]);
}

export function useSetPrice() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: (body: PriceRuleCreate) => api<PriceRuleView[]>('admin/rates/prices/', { method: 'POST', body, schema: z.array(priceRuleSchema) }),
    onSuccess: changed,
  });
}

export function useSetStayRule() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: (body: StayRuleCreate) => api<StayRuleView[]>('admin/rates/stay-rules/', { method: 'POST', body, schema: z.array(stayRuleSchema) }),
    onSuccess: changed,
  });
}

export function useRemoveRule() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'price' | 'stay'; id: number }) =>
      api<null>(`admin/rates/${kind === 'price' ? 'prices' : 'stay-rules'}/${id}/`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}
