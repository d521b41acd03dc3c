import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSchema, type Account } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET account/: the profile with the addresses and cards checkout needs. */
export function getAccount() {
  return api<Account>('account/', { schema: accountSchema });
}

// Under the "account" root: dropped on logout or any 401 (shared/session/user-data.ts).
export const accountQuery = queryOptions({ queryKey: ['account'], queryFn: getAccount });

export function useAccount() {
  return useQuery(accountQuery);
}
