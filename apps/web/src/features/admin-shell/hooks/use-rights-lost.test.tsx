import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { useRightsLost } from './use-rights-lost';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onLost = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  renderHook(() => useRightsLost(onLost), { wrapper });
  return { queryClient, onLost };
}

describe('useRightsLost', () => {
  it('an admin removed meanwhile: the first refused call (403, insufficient rights) tells the layout, once', async () => {
    const { queryClient, onLost } = setup();
    await queryClient.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError(403, 'Insufficient rights to perform the operation')) }).catch(() => {});
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(new ApiError(403, 'Insufficient rights to perform the operation')) })
      .execute(undefined)
      .catch(() => {});
    await waitFor(() => expect(onLost).toHaveBeenCalledTimes(1));
  });

  it('other failures, a 403 of another kind included, are not a loss of rights', async () => {
    const { queryClient, onLost } = setup();
    await queryClient.fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new ApiError(403, 'A superuser cannot be removed')) }).catch(() => {});
    await queryClient.fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(new ApiError(500, 'Internal server error')) }).catch(() => {});
    expect(onLost).not.toHaveBeenCalled();
  });
});
