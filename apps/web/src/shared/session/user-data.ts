/**
 * Server data that belongs to the signed-in user lives in the TanStack Query cache under one of
 * these key roots. On logout or any 401 it is dropped at once, so nothing of the previous user
 * stays visible (spec section 4, AUTH-36). A feature with user data of its own keys its queries
 * under one of these roots (or adds its root here).
 */
import type { QueryClient } from '@tanstack/react-query';

export const USER_DATA_QUERY_ROOTS = ['account', 'reservations', 'orders', 'guests', 'payments'] as const;

function isUserData(queryKey: readonly unknown[]): boolean {
  return (USER_DATA_QUERY_ROOTS as readonly unknown[]).includes(queryKey[0]);
}

export function clearUserData(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (query) => isUserData(query.queryKey) });
  queryClient.removeQueries({ predicate: (query) => isUserData(query.queryKey) });
  queryClient.getMutationCache().clear();
}
