/**
 * The audit entry of a staff change to a stay (cancel, no-show, move): written in the change's own
 * transaction, with the fields that changed, read back from the row as the change left it.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@hotel/domain';
import { parseStay, type OnChange, type ReservationRow } from './reservations';
import { findReservationRow } from './repository';
import { audit, changedFields } from '../../change-log/audit';

function auditedFields(row: ReservationRow) {
  const stay = parseStay(row.stay);
  return {
    room_id: row.roomId,
    arrival: stay.arrival,
    departure: stay.departure,
    price_per_night: row.pricePerNight,
    price: row.price,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    no_show_at: row.noShowAt?.toISOString() ?? null,
    cancellation_fee: row.cancellationFee,
    status: row.status,
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
    checked_out_at: row.checkedOutAt?.toISOString() ?? null,
  };
}

export function auditStayChange(request: FastifyRequest, action: Extract<AuditAction, `reservation.${string}`>): OnChange {
  return async (tx, before) => {
    const after = await findReservationRow(tx, before.reservation.id);
    const change = changedFields(auditedFields(before.reservation), auditedFields(after!));
    await audit(tx, request, { action, target: `reservation ${before.reservation.id}`, before: change?.before ?? null, after: change?.after ?? null });
  };
}
