/**
 * What the extras module needs to know of the hotel's rooms: whether a room a guest asks about is
 * one, and which of the rooms staff offer an extra in exist. Rooms are the hotel module's rows, read
 * by its SQL; hotel registers this when the app starts (hotel/extra-rooms.ts). Hotel calls extras
 * (a stay's extras and their prices), so extras never import hotel
 * (docs/decisions/061-modules-one-way.md).
 */
import type { Db, Tx } from '../../db/client';

export interface ExtraRooms {
  /** Which of the ids are rooms; in the caller's transaction when it passes one. */
  existingRoomIds(db: Db | Tx, ids: number[]): Promise<number[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hotel's rooms as the extras module asks about them (registered by hotel/extra-rooms.ts). */
    extraRooms: ExtraRooms;
  }
}
