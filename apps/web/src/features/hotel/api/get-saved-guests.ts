import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Guest } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET account/guests/: the people the user has booked for before, to pick from (HOT-20). */
export function getSavedGuests() {
  return api<Guest[]>('account/guests/');
}

export const savedGuestsQuery = queryOptions({ queryKey: ['account', 'guests'], queryFn: getSavedGuests });

export function useSavedGuests() {
  return useQuery(savedGuestsQuery);
}
