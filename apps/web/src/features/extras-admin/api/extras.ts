/** Extras with the stay in the admin area (decision 044): list, create, change, a picture. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminExtraSchema, type AdminExtra, type ExtraCreate, type ExtraUpdate } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const adminExtrasQuery = queryOptions({
  queryKey: ['admin', 'extras'],
  queryFn: ({ signal }) => api<AdminExtra[]>('admin/extras/', { schema: z.array(adminExtraSchema), signal }),
});

export const useAdminExtras = () => useQuery(adminExtrasQuery);

export interface ExtraSave {
  id?: number;
  /** On create, every field; on edit, only the changed ones. */
  fields: ExtraCreate | ExtraUpdate;
  /** Uploaded after the extra is saved. */
  image?: File | null;
}

export async function saveExtra({ id, fields, image }: ExtraSave): Promise<AdminExtra | undefined> {
  let extra =
    id === undefined
      ? await api<AdminExtra>('admin/extras/', { method: 'POST', body: fields, schema: adminExtraSchema })
      : Object.keys(fields).length
        ? await api<AdminExtra>(`admin/extras/${id}/`, { method: 'PUT', body: fields, schema: adminExtraSchema })
        : undefined;
  const extraId = id ?? extra!.id;
  if (image) {
    const form = new FormData();
    form.append('image', image);
    extra = await api<AdminExtra>(`admin/extras/${extraId}/`, { method: 'POST', body: form, schema: adminExtraSchema });
  }
  return extra;
}

/** The staff's list and what the guests step offers both change with any write. */
export function useSaveExtra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExtra,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'extras'] }), queryClient.invalidateQueries({ queryKey: ['hotel', 'extras'] })]),
  });
}
