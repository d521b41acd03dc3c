/**
 * The bill of a stay (issue 45; docs/decisions/055-folio.md): the staff's bill with its writes,
 * the printable documents, and the guest's online check-in. Every write answers the bill as it
 * now stands, which replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  folioDocumentSchema,
  folioSchema,
  registrationCardSchema,
  stayRegistrationSchema,
  type Folio,
  type FolioChargeCreate,
  type FolioDocument,
  type FolioPaymentCreate,
  type RegistrationCard,
  type StayRegistration,
  type StayRegistrationInput,
} from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const folioKey = (id: number) => ['admin', 'folio', id] as const;

export const folioQuery = (id: number) =>
  queryOptions({
    queryKey: folioKey(id),
    queryFn: ({ signal }) => api<Folio>(`admin/reservations/${id}/folio/`, { schema: folioSchema, signal }),
  });

export const useFolio = (id: number) => useQuery(folioQuery(id));

function useFolioWrite<V>(id: number, write: (variables: V) => Promise<Folio>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (folio) => queryClient.setQueryData(folioKey(id), folio),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}

/** POST admin/reservations/{id}/folio/lines/: a charge, a fee or a discount. */
export const usePostCharge = (id: number) =>
  useFolioWrite(id, (body: FolioChargeCreate) => api<Folio>(`admin/reservations/${id}/folio/lines/`, { method: 'POST', body, schema: folioSchema }));

/** POST …/lines/{line}/correct/: takes back what the line still holds, as a new line. */
export const useCorrectLine = (id: number) =>
  useFolioWrite(id, ({ lineId, reason }: { lineId: number; reason: string }) =>
    api<Folio>(`admin/reservations/${id}/folio/lines/${lineId}/correct/`, { method: 'POST', body: { reason }, schema: folioSchema }),
  );

/** POST …/folio/payments/: the desk's payment, or the saved card charged once per intent (`attemptKey`). */
export const useTakePayment = (id: number) =>
  useFolioWrite(id, ({ body, attemptKey }: { body: FolioPaymentCreate; attemptKey: string }) =>
    api<Folio>(`admin/reservations/${id}/folio/payments/`, { method: 'POST', body, schema: folioSchema, headers: { 'idempotency-key': attemptKey } }),
  );

/** POST …/folio/invoice/: the bill or paid invoice to the guest by e-mail. */
export function useSendInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ sent_at: string; kind: 'bill' | 'invoice' }>(`admin/reservations/${id}/folio/invoice/`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: folioKey(id) }),
  });
}

/** The printable bill: staff read any stay's, a guest their own. */
export const useFolioDocument = (id: number, side: 'staff' | 'guest') =>
  useQuery({
    queryKey: ['folio-document', side, id],
    queryFn: ({ signal }) =>
      api<FolioDocument>(side === 'staff' ? `admin/reservations/${id}/folio/document/` : `hotel/reservations/${id}/folio/`, { schema: folioDocumentSchema, signal }),
  });

export const useRegistrationCard = (id: number) =>
  useQuery({
    queryKey: ['registration-card', id],
    queryFn: ({ signal }) => api<RegistrationCard>(`admin/reservations/${id}/registration-card/`, { schema: registrationCardSchema, signal }),
  });

const checkInKey = (id: number) => ['check-in', id] as const;

export const useCheckIn = (id: number) =>
  useQuery({
    queryKey: checkInKey(id),
    queryFn: ({ signal }) => api<StayRegistration>(`hotel/reservations/${id}/check-in/`, { schema: stayRegistrationSchema, signal }),
  });

export function useSaveCheckIn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StayRegistrationInput) => api<StayRegistration>(`hotel/reservations/${id}/check-in/`, { method: 'PUT', body, schema: stayRegistrationSchema }),
    onSuccess: (saved) => queryClient.setQueryData(checkInKey(id), saved),
  });
}
