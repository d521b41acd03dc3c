import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// The room list is on the first page a visitor sees, so it is not parsed with zod at run time:
// that would put zod into the first download (see scripts/bench-bundle.mjs). The type still
// comes from the domain schema the server validates its answer with.
export function getRooms() {
  return api<Room[]>('hotel/rooms/');
}

export const roomsQuery = queryOptions({ queryKey: ['hotel', 'rooms'], queryFn: getRooms });

/** `enabled: false` waits (pending) until the caller wants the list, e.g. once it is in view. */
export function useRooms({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...roomsQuery, enabled });
}
