/**
 * The user's saved guests as a booking uses them (modules/hotel): the account module writes its
 * guests, a booking asks it in the booking's transaction (docs/decisions/050-every-table-has-one-owner.md).
 */
import type { Tx } from '../../db/client';
import { guestsAmong, insertGuest, type GuestName, type GuestRow } from './repository';

export type { GuestRow } from './repository';

/** Those of these guests that are the user's; the others are not named. */
export function ownSavedGuests(tx: Tx, userId: number, ids: number[]): Promise<GuestRow[]> {
  return guestsAmong(tx, userId, ids);
}

/** A guest named for the first time, kept among the user's guests for the next booking. */
export function saveGuest(tx: Tx, userId: number, name: GuestName): Promise<GuestRow> {
  return insertGuest(tx, userId, name);
}
