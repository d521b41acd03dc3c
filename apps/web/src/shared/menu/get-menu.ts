import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@hotel/domain';
import { api } from '../api/client';

// Shared because two features read it (the marketing pages' highlights and the delivery
// catalogue) and features do not import each other: one query key, so a visit to /restaurant
// and then /delivery fetches the menu once. Like the home page's rooms, the answer is not parsed
// with zod here, to keep zod out of these pages' download.
export function getMenu() {
  return api<Product[]>('delivery/products/');
}

export const menuQuery = queryOptions({ queryKey: ['delivery', 'products'], queryFn: getMenu, staleTime: 5 * 60_000 });

export function useMenu() {
  return useQuery(menuQuery);
}
