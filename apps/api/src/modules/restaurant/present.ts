import { canGuestCancelTable, tableEmailState, tableEnds, clockOfMinutes, type TableReservation } from '@hotel/domain';
import type { TableRow } from './repository';

export function presentTable(row: TableRow, now: Date): TableReservation {
  const time = clockOfMinutes(row.startMinute);
  return {
    id: row.id,
    date: row.day,
    time,
    ends: tableEnds(time),
    party: row.party,
    name: row.name,
    phone: row.phone,
    email: row.email,
    wishes: row.wishes,
    status: row.status,
    source: row.source,
    email_state: tableEmailState(row.emailConfirmedAt, row.holdUntil, now),
    hold_until: row.emailConfirmedAt ? null : (row.holdUntil?.toISOString() ?? null),
    can_cancel: row.userId !== null && canGuestCancelTable(row.status, row.day, time, now),
    created_at: row.createdAt.toISOString(),
  };
}
