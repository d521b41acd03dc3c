/**
 * The rooms that exist, registered with the extras module, which checks the room a guest asks for
 * extras of and the rooms staff offer an extra in. The rooms are this module's rows and read by its
 * SQL, the same query the rate calendar checks its rooms with; extras never import hotel
 * (docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ExtraRooms } from '../extras/rooms';
import { existingRoomIds } from './repository';

export const extraRooms: ExtraRooms = { existingRoomIds };

/** Registers the hotel's rooms with the extras module (its slot first). */
export const extraRoomsPlugin = fp(
  async (app: FastifyInstance) => {
    app.extraRooms.register(extraRooms);
  },
  { name: 'extra-rooms', dependencies: ['extraRooms-slot'] },
);
