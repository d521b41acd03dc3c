/**
 * The front desk's calls (issue 45, points 2 and 3): a booking taken for a guest, its price before
 * it is taken, the saved cards of the guest's e-mail, and the stay changes (early departure,
 * extension, room change). Each change makes the board and the stay's details stale.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminExtraSchema,
  guestCardsSchema,
  STAFF_DETAILS,
  staffQuoteAnswerSchema,
  staffReservationSchema,
  type AdminExtra,
  type GuestCards,
  type StaffQuoteAnswer,
  type StaffReservation,
} from '@hotel/domain';
import type { TFunction } from '../../../shared/i18n';
import { ApiError, api } from '../../../shared/api/client';

/** The refusal in the screen's language: the server sends its detail in English and Russian. */
export function deskRefusal(error: unknown, language: 'ru' | 'en'): string | undefined {
  if (!(error instanceof ApiError) || error.body === undefined) return undefined;
  const ru = (error.body as { detail_ru?: unknown }).detail_ru;
  return language === 'ru' && typeof ru === 'string' ? ru : error.detail;
}

/**
 * A staff form's schema refusal in the screen's language: the booking schema's own details carry
 * both languages (as the server answers them), a key is the translation files', anything else is
 * the plain "invalid input".
 */
export function deskIssue(message: string | undefined, language: 'ru' | 'en', t: TFunction): string {
  const detail = Object.values(STAFF_DETAILS).find((known) => known.detail === message);
  if (detail) return language === 'ru' ? detail.detail_ru : detail.detail;
  const text = message ? t(message, { defaultValue: '' }) : '';
  if (text) return text;
  return language === 'ru' ? STAFF_DETAILS.invalid.detail_ru : STAFF_DETAILS.invalid.detail;
}

function useChanged() {
  const queryClient = useQueryClient();
  // A stay's nights, room or price changed: so did its bill (the bill's nights are the stay's), open beside it.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'reservations'] }), queryClient.invalidateQueries({ queryKey: ['admin', 'folio'] })]);
}

/** The extras staff may add (every one; the form offers a room's own). */
export const useDeskExtras = () =>
  useQuery({
    queryKey: ['admin', 'extras'],
    queryFn: ({ signal }) => api<AdminExtra[]>('admin/extras/', { schema: z.array(adminExtraSchema), signal }),
    staleTime: 60_000,
  });

/** GET admin/guests/cards/: the account of a typed e-mail and its saved cards. */
export const useGuestCards = (email: string | null) =>
  useQuery({
    queryKey: ['admin', 'guests', 'cards', email],
    queryFn: ({ signal }) => api<GuestCards>('admin/guests/cards/', { query: { email: email ?? '' }, schema: guestCardsSchema, signal }),
    enabled: email !== null,
    staleTime: 10_000,
  });

export interface QuoteBody {
  room_id: number;
  arrival: string;
  departure: string;
  guest_count: number;
  rate: 'flexible' | 'non_refundable';
  extras: { id: number; quantity: number }[];
  promo_code?: string | undefined;
  email?: string | undefined;
}

/** POST admin/reservations/quote/: the booking's total by the site's rules, nothing written. */
export const useStaffQuote = (body: QuoteBody | null) =>
  useQuery({
    queryKey: ['admin', 'reservations', 'quote', body],
    queryFn: ({ signal }) => api<StaffQuoteAnswer>('admin/reservations/quote/', { method: 'POST', body, schema: staffQuoteAnswerSchema, signal }),
    enabled: body !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** POST admin/reservations/. */
export function useStaffBook() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<StaffReservation>('admin/reservations/', { method: 'POST', body, schema: staffReservationSchema }),
    onSuccess: changed,
  });
}

type StayChange = { id: number; kind: 'shorten' | 'extend'; departure: string } | { id: number; kind: 'room'; room_id: number; from: string };

/** POST admin/reservations/{id}/shorten/ | extend/ | room/. */
export function useStayChange() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (change: StayChange) => {
      const { id, kind, ...body } = change;
      return api<StaffReservation>(`admin/reservations/${id}/${kind}/`, { method: 'POST', body, schema: staffReservationSchema });
    },
    onSuccess: changed,
  });
}
