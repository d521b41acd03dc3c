/** Staff and their roles (issue 49): admin/staff/, the superuser's. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { staffMemberSchema, type StaffMember, type StaffRole } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export const staffQuery = queryOptions({
  queryKey: ['admin', 'staff'],
  queryFn: ({ signal }) => api<StaffMember[]>('admin/staff/', { schema: z.array(staffMemberSchema), signal }),
});

export const useStaff = () => useQuery(staffQuery);

function useStaffChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
}

/** POST admin/staff/ {email, roles}. */
export function useInviteStaff() {
  return useMutation({
    mutationFn: (input: { email: string; roles: StaffRole[] }) => api<StaffMember>('admin/staff/', { method: 'POST', body: input, schema: staffMemberSchema }),
    onSuccess: useStaffChanged(),
  });
}

/** PUT admin/staff/{id}/ {roles}. */
export function useChangeRoles() {
  return useMutation({
    mutationFn: ({ id, roles }: { id: number; roles: StaffRole[] }) =>
      api<StaffMember>(`admin/staff/${id}/`, { method: 'PUT', body: { roles }, schema: staffMemberSchema }),
    onSuccess: useStaffChanged(),
  });
}

/** POST admin/staff/{id}/deactivate/. */
export function useDeactivate() {
  return useMutation({
    mutationFn: (id: number) => api(`admin/staff/${id}/deactivate/`, { method: 'POST' }),
    onSuccess: useStaffChanged(),
  });
}
