/**
 * What the extras module needs to know of the hotel's rooms: whether a room a guest asks about is
 * one, and which of the rooms staff offer an extra in exist. Rooms are the hotel module's rows, read
 * by its SQL; hotel registers this when the app starts (hotel/extra-rooms.ts). Hotel calls extras
 * (a stay's extras and their prices), so extras never import hotel
 * (docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { slotPlugin, type Registration } from '../../registration';

export interface ExtraRooms {
  /** Which of the ids are rooms; in the caller's transaction when it passes one. */
  existingRoomIds(db: Db | Tx, ids: number[]): Promise<number[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hotel's rooms as the extras module asks about them (registered by hotel/extra-rooms.ts). */
    extraRooms: Registration<ExtraRooms>;
  }
}

/** The empty slot, for hotel to fill (before the routes are called). */
export const extraRoomsSlot = slotPlugin('extraRooms', "The hotel's rooms for the extras");

export const extraRoomsOf = (app: FastifyInstance): ExtraRooms => app.extraRooms.get();
