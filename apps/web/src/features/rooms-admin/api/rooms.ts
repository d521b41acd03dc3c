/** Rooms in the admin area: the spec's sync, their texts as written, PATCH and photos. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminRoomSchema, roomSchema, type AdminRoom, type Room, type RoomPatch } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { adminRoomsQuery } from '../../../shared/admin/admin-rooms';

/**
 * POST hotel/rooms/sync/: the room list, fetched when the screen opens and again after every save
 * (ADM-11, ADM-12). Public rooms carry the English or the Russian for an empty English; the edit
 * dialog reads the texts as written from GET admin/rooms/.
 */
export const roomSyncQuery = queryOptions({
  queryKey: ['admin', 'rooms', 'sync'],
  queryFn: ({ signal }) => api<Room[]>('hotel/rooms/sync/', { method: 'POST', body: {}, schema: z.array(roomSchema), signal }),
  staleTime: 0,
});

export const useRoomSync = () => useQuery(roomSyncQuery);
export const useAdminRooms = () => useQuery(adminRoomsQuery);

/** After a room changes: sync again, and every public list of rooms is stale too. */
function useRoomsChanged() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'rooms'] }), queryClient.invalidateQueries({ queryKey: ['hotel', 'rooms'] })]);
}

/** PATCH admin/rooms/{room_id}/ (API-48). */
export function useUpdateRoom() {
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: RoomPatch }) =>
      api<AdminRoom>(`admin/rooms/${id}/`, { method: 'PATCH', body: patch, schema: adminRoomSchema }),
    onSuccess: changed,
  });
}

/** POST admin/rooms/{room_id}/images/ (multipart file). */
export function useUploadRoomPhoto() {
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api<AdminRoom>(`admin/rooms/${id}/images/`, { method: 'POST', body: form, schema: adminRoomSchema });
    },
    onSuccess: changed,
  });
}

/** PUT admin/rooms/{room_id}/images/: the photos in a new order, the first the cover. */
export function useOrderRoomPhotos() {
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: string[] }) =>
      api<AdminRoom>(`admin/rooms/${id}/images/`, { method: 'PUT', body: { files }, schema: adminRoomSchema }),
    onSuccess: changed,
  });
}

/** DELETE admin/rooms/{room_id}/images/{file}/. */
export function useDeleteRoomPhoto() {
  const changed = useRoomsChanged();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: string }) =>
      api<AdminRoom>(`admin/rooms/${id}/images/${encodeURIComponent(file)}/`, { method: 'DELETE', schema: adminRoomSchema }),
    onSuccess: changed,
  });
}

/** The stored file name of a picture URL: what the photo routes name it by. */
export const photoFile = (src: string) => src.split('/').pop()!.split('?')[0]!;
