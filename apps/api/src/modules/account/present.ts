import type { Address, Guest } from '@hotel/domain';
import type { addresses, guests } from './tables';

export function presentGuest(row: typeof guests.$inferSelect): Guest {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    second_name: row.secondName,
    user_id: row.userId,
  };
}

export function presentAddress(row: typeof addresses.$inferSelect): Address {
  return {
    id: row.id,
    label: row.label,
    address: row.address,
    entrance: row.entrance,
    floor: row.floor,
    apartment: row.apartment,
    intercom: row.intercom,
    comment: row.comment,
    is_primary: row.isPrimary,
  };
}
