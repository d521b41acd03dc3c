import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** DELETE account/addresses/{id}/. */
export function deleteAddress(id: number) {
  return api(`account/addresses/${id}/`, { method: 'DELETE' });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
