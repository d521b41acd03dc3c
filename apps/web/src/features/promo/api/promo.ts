/**
 * Promo codes (issue 23, point 4; decision 043): the guest's check (POST promo/check/) and the
 * staff's list, create and change (admin/promo/).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { promoCheckAnswerSchema, promoCodeSchema, type PromoCheck, type PromoCheckAnswer, type PromoCodeInput, type PromoCodeView, type PromoRefusal } from '@hotel/domain';
import { api, ApiError } from '../../../shared/api/client';

export const checkPromo = (body: PromoCheck) => api<PromoCheckAnswer>('promo/check/', { method: 'POST', body, schema: promoCheckAnswerSchema });

/** Why the server refused a code (a check, a booking or an order), or null for another error. */
export function promoRefusalOf(error: unknown): { reason: PromoRefusal; minAmount: number | null } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { promo_refusal?: PromoRefusal; promo_min_amount?: number } | undefined;
  return body?.promo_refusal ? { reason: body.promo_refusal, minAmount: body.promo_min_amount ?? null } : null;
}

export const adminPromoKey = ['admin', 'promo'] as const;

export const adminPromoQuery = queryOptions({
  queryKey: adminPromoKey,
  queryFn: ({ signal }) => api<PromoCodeView[]>('admin/promo/', { schema: z.array(promoCodeSchema), signal }),
});

export const useAdminPromoCodes = () => useQuery(adminPromoQuery);

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PromoCodeInput }) =>
      api<PromoCodeView>(id === null ? 'admin/promo/' : `admin/promo/${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema: promoCodeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPromoKey }),
  });
}
