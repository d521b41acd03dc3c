import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FORBIDDEN_DETAIL } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';

const lostRights = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && (error.detail === FORBIDDEN_DETAIL.en || error.detail === FORBIDDEN_DETAIL.ru);

/**
 * A member of staff whose roles changed while the admin area is open learns it from the next call, which the
 * server refuses (403): then `onLost` runs once (the layout asks who is signed in again, and the
 * guard sends a mere user to /account).
 */
export function useRightsLost(onLost: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let told = false;
    const check = (error: unknown) => {
      if (told || !lostRights(error)) return;
      told = true;
      onLost();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, onLost]);
}
