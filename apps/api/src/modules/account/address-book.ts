/**
 * Delivery addresses (API-24, API-25). At most one is primary (a partial unique index says so):
 * the first address becomes primary, making one primary clears the others in the same
 * transaction, and deleting the primary one promotes the oldest remaining. Another user's address
 * is not found (404), as if it did not exist.
 */
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { lockUser } from '../auth/account-rows';
import { clearPrimary, deleteAddress, hasAddress, insertAddress, promoteOldestAddress, updateAddress, type AddressFields, type AddressRow } from './repository';

export const ADDRESS_NOT_FOUND = 'Not found';

export async function addAddress(db: Db, userId: number, fields: AddressFields, isPrimary: boolean | undefined): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await hasAddress(tx, userId);
    const primary = !existing || isPrimary === true;
    if (primary && existing) await clearPrimary(tx, userId);
    return insertAddress(tx, userId, fields, primary);
  });
}

export async function changeAddress(db: Db, userId: number, id: number, fields: AddressFields, isPrimary: boolean | undefined): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (isPrimary === true) await clearPrimary(tx, userId, id);
    const updated = await updateAddress(tx, userId, id, { ...fields, ...(isPrimary === undefined ? {} : { isPrimary }) });
    // Throwing rolls back the cleared flags too.
    if (!updated) throw new HttpError(404, ADDRESS_NOT_FOUND);
    return updated;
  });
}

export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const deleted = await deleteAddress(tx, userId, id);
    if (!deleted) throw new HttpError(404, ADDRESS_NOT_FOUND);
    if (deleted.isPrimary) await promoteOldestAddress(tx, userId);
  });
}
