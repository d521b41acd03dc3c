/** Administrators (API-43..45). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema, type AdminUser } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const adminsQuery = queryOptions({
  queryKey: ['admin', 'admins'],
  queryFn: ({ signal }) => api<AdminUser[]>('admin/admins/', { schema: z.array(adminUserSchema), signal }),
});

export const useAdmins = () => useQuery(adminsQuery);

function useAdminsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] });
}

/** POST admin/admins/add/ {email}. */
export function useAddAdmin() {
  return useMutation({
    mutationFn: (email: string) => api<AdminUser>('admin/admins/add/', { method: 'POST', body: { email }, schema: adminUserSchema }),
    onSuccess: useAdminsChanged(),
  });
}

/** POST admin/admins/delete/ {email} (superuser only). */
export function useRemoveAdmin() {
  return useMutation({
    mutationFn: (email: string) => api('admin/admins/delete/', { method: 'POST', body: { email } }),
    onSuccess: useAdminsChanged(),
  });
}
