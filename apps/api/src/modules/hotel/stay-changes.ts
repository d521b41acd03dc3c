/**
 * A change to a booked stay and what follows it outside the database: the fee charged to the card
 * that guarantees the booking, and the letter to the guest. The guest's own cancellation and the
 * staff's actions on the reservations board go through these, so the terms (CON-04, CON-05; a
 * no-show costs the first night) and the letters are the same whoever acts.
 */
import type { FastifyRequest } from 'fastify';
import type { MoneyEntry } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import { HttpError } from '../../plugins/errors';
import { latestFeeEntry } from '../payments/ledger';
import { chargeReservationFee, unpaidFee } from '../payments/service';
import { sendReservationMail } from './reservation-mail';
import {
  cancelReservation,
  findReservation,
  markNoShow,
  moveReservation,
  reservationGuest,
  type OnChange,
  type ReservationOwner,
  type ReservationRecord,
  type Stay,
} from './reservations';

/** Cancels, charges a late cancellation's first night, and sends the usual cancellation letter. */
export async function cancelStay(request: FastifyRequest, owner: ReservationOwner, id: number, now: Date, onCancelled?: OnChange): Promise<ReservationRecord> {
  const db = request.server.db;
  const cancelled = await cancelReservation(db, owner, id, now, onCancelled);
  const guest = await reservationGuest(db, cancelled.reservation);
  // Staff act for the guest: the charge is described in the guest's language, not the front desk's.
  const charge = await chargeReservationFee(request, cancelled.reservation, owner === 'staff' ? { language: guest.language } : {});
  const record = charge ? await findReservation(db, owner, id) : cancelled;
  await sendReservationMail(request, guest, record, 'cancelled', charge);
  return record;
}

/** Marks a no-show (which frees the nights), charges the first night, and tells the guest. */
export async function markStayNoShow(request: FastifyRequest, id: number, now: Date, onMarked?: OnChange): Promise<ReservationRecord> {
  const db = request.server.db;
  const marked = await markNoShow(db, id, now, onMarked);
  const guest = await reservationGuest(db, marked.reservation);
  const charge = await chargeReservationFee(request, marked.reservation, { reason: 'no_show', language: guest.language });
  const record = charge ? await findReservation(db, 'staff', id) : marked;
  await sendReservationMail(request, guest, record, 'no_show', charge);
  return record;
}

/** Moves the stay to other dates or another room and sends the guest a letter with the new dates. */
export async function moveStay(
  request: FastifyRequest,
  id: number,
  target: Stay & { roomId?: number | undefined },
  now: Date,
  onMoved?: OnChange,
): Promise<ReservationRecord> {
  const db = request.server.db;
  let before: ReservationRecord | undefined;
  const moved = await moveReservation(db, id, target, now, async (tx, record) => {
    before = record;
    await onMoved?.(tx, record);
  });
  const guest = await reservationGuest(db, moved.reservation);
  const previous = before && { roomName: before.room.name[guest.language], arrival: before.stay.arrival, departure: before.stay.departure };
  await sendReservationMail(request, guest, moved, 'moved', null, previous);
  return moved;
}

/**
 * Charges a booking's unpaid fee again (staff, from the payments page, after the guest's bank
 * declined it) and, when the bank asks the guest to confirm it, sends them the letter with the link.
 */
async function chargeStayFeeAgain(request: FastifyRequest, id: number) {
  const db = request.server.db;
  const record = await findReservation(db, 'staff', id);
  const guest = await reservationGuest(db, record.reservation);
  const noShow = record.reservation.noShowAt !== null;
  const charge = await chargeReservationFee(request, record.reservation, { reason: noShow ? 'no_show' : 'late_cancellation', language: guest.language });
  if (charge?.status === 'pending' && charge.confirmationUrl) {
    await sendReservationMail(request, guest, record, noShow ? 'no_show' : 'cancelled', charge);
  }
  return charge;
}

/**
 * Staff charge a booking's unpaid fee (a late cancellation's or a no-show's) again, by one of its
 * attempts' ids; written to the change log. Answers the new attempt as the payments page shows it.
 */
export async function retryStayFee(request: FastifyRequest, paymentId: string): Promise<MoneyEntry> {
  const db = request.server.db;
  const fee = await unpaidFee(db, paymentId);
  if (fee.status === 'pending') throw new HttpError(409, "This fee is still waiting for the guest's confirmation or the provider's answer");
  const charge = await chargeStayFeeAgain(request, fee.reservationId!);
  if (!charge) throw new HttpError(409, 'The booking has no saved card to charge');
  await audit(db, request, { action: 'fee.retry', target: `payment ${fee.id}`, before: { status: 'failed' }, after: { status: charge.status } });
  return (await latestFeeEntry(db, fee.reservationId!))!;
}
