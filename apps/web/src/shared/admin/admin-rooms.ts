/**
 * GET admin/rooms/: the rooms with their texts as written, for the room dialog and for the change
 * log, which names the rooms its entries are about. After a room changes, `['admin', 'rooms']` is
 * made stale, this query with it.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminRoomSchema, type AdminRoom } from '@hotel/domain';
import { api } from '../api/client';

export const adminRoomsQuery = queryOptions({
  queryKey: ['admin', 'rooms', 'as-written'],
  queryFn: ({ signal }) => api<AdminRoom[]>('admin/rooms/', { schema: z.array(adminRoomSchema), signal }),
});
