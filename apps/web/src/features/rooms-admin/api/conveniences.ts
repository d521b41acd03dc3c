/** Amenities in the admin area (API-46, API-47). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminConvenienceSchema, CONVENIENCES_STALE_SECONDS, type AdminConvenience, type LocalizedText } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** Read again only when older than 300 seconds (CON-10); this screen's own changes invalidate it at once. */
export const conveniencesQuery = queryOptions({
  queryKey: ['admin', 'conveniences'],
  queryFn: ({ signal }) => api<AdminConvenience[]>('admin/conveniences/', { schema: z.array(adminConvenienceSchema), signal }),
  staleTime: CONVENIENCES_STALE_SECONDS * 1000,
});

export const useConveniences = () => useQuery(conveniencesQuery);

export interface ConvenienceInput {
  id?: number;
  description: LocalizedText;
  file?: File | null;
}

/** POST admin/conveniences/ (new) or PUT admin/conveniences/{id}/, multipart description and file. */
export function saveConvenience({ id, description, file }: ConvenienceInput) {
  const form = new FormData();
  form.append('description', description.ru);
  form.append('description_en', description.en);
  if (file) form.append('file', file);
  return id === undefined
    ? api<AdminConvenience>('admin/conveniences/', { method: 'POST', body: form, schema: adminConvenienceSchema })
    : api<AdminConvenience>(`admin/conveniences/${id}/`, { method: 'PUT', body: form, schema: adminConvenienceSchema });
}

/** Amenities show on the rooms too: a change syncs the rooms again (ADM-24). */
function useAmenitiesChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin'] }),
      queryClient.invalidateQueries({ queryKey: ['hotel'] }),
    ]);
}

export function useSaveConvenience() {
  return useMutation({ mutationFn: saveConvenience, onSuccess: useAmenitiesChanged() });
}

/** DELETE admin/conveniences/{id}/: the server takes it off every room in the same transaction. */
export function useDeleteConvenience() {
  return useMutation({
    mutationFn: (id: number) => api(`admin/conveniences/${id}/`, { method: 'DELETE' }),
    onSuccess: useAmenitiesChanged(),
  });
}
