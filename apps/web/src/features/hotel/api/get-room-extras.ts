import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StayExtra } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET hotel/rooms/{id}/extras/: what the room offers with the stay (decision 044). */
export function getRoomExtras(roomId: number) {
  return api<StayExtra[]>(`hotel/rooms/${roomId}/extras/`);
}

export const roomExtrasQuery = (roomId: number) => queryOptions({ queryKey: ['hotel', 'extras', roomId], queryFn: () => getRoomExtras(roomId) });

/** Waits while there is no room (a draft without one is sent back to the results). */
export function useRoomExtras(roomId: number | undefined) {
  return useQuery({ ...roomExtrasQuery(roomId ?? 0), enabled: roomId !== undefined });
}
