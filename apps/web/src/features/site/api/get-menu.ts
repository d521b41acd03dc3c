import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// The marketing pages show a few dishes from the real delivery menu. Like the home page's rooms,
// the answer is not parsed with zod here, to keep zod out of these pages' download.
export function getMenu() {
  return api<Product[]>('delivery/products/');
}

export const menuQuery = queryOptions({ queryKey: ['site', 'menu'], queryFn: getMenu, staleTime: 5 * 60_000 });

export function useMenu() {
  return useQuery(menuQuery);
}
