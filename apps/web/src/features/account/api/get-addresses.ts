import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { addressSchema, type Address } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET account/addresses/. */
export function getAddresses() {
  return api<Address[]>('account/addresses/', { schema: z.array(addressSchema) });
}

export const addressesQuery = queryOptions({ queryKey: ['account', 'addresses'], queryFn: getAddresses });

export function useAddresses() {
  return useQuery(addressesQuery);
}
