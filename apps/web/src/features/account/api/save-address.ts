import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Address, addressInputSchema } from '@hotel/domain';
import { api } from '../../../shared/api/client';

export type AddressInput = z.output<typeof addressInputSchema>;

/** POST account/addresses/ (new) or PUT account/addresses/{id}/ (existing). */
export function saveAddress({ id, body }: { id?: number | undefined; body: AddressInput }) {
  return id === undefined
    ? api<Address>('account/addresses/', { method: 'POST', body })
    : api<Address>(`account/addresses/${id}/`, { method: 'PUT', body });
}

/** Creating, editing or making an address primary changes the list and the account's copy of it. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
