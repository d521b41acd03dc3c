/**
 * The life of a stay (issue 45, point 1; docs/decisions/054-stay-life.md): the one place its status
 * changes, as orders/lifecycle.ts is the order's. Every change is checked against the transition
 * table of packages/domain (rules/stay-life.ts) under the reservation's row lock, so two desks (or
 * a desk and a guest) acting at once take turns and the second is told what happened; it is
 * written by repository.writeStayStatus, which nothing else calls (test/hotel/stay-one-writer.test.ts).
 * What follows a change follows from here: the fee charged to the guaranteeing card and the
 * guest's letter (cancel, no-show), the room made dirty (check-out), the freed nights (trigger
 * `reservations_hold`) and the live desk, housekeeping and board (trigger `reservations_front_desk`).
 *
 * Who moves a stay: the guest and staff (cancel), staff at the desk (check in, check out, no-show),
 * a prepayment that never came (release). A move to other dates or another room keeps the status
 * and is for a booked stay only.
 */
import type { FastifyRequest } from 'fastify';
import {
  canCancelReservation,
  cancellationFee,
  cancellationTerms,
  canChangeStayStatus,
  canMarkNoShow,
  checkInRefusal,
  checkOutRefusal,
  earlyCheckOutDeparture,
  hotelToday,
  isReadyForGuest,
  STAY_MESSAGES,
  type Language,
  type StayMessageKey,
  type StayStatus,
} from '@hotel/domain';
import type { Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import type { MoneyEntry } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import { latestFeeEntry } from '../payments/ledger';
import { chargeReservationFee, unpaidFee } from '../payments/service';
import { releasePromo } from '../promo/promo';
import { bookingSiteCalendarsOf } from './booking-site-calendars';
import { markRoomDirty, roomState } from './housekeeping';
import { sendReservationMail } from './reservation-mail';
import { tellReception } from './reservation-notice';
import {
  findReservation,
  moveReservation,
  parseStay,
  reservationGuest,
  STAY_PAYMENT_PENDING_DETAIL,
  type OnChange,
  type ReservationOwner,
  type ReservationRecord,
  type Stay,
} from './reservations';
import { lockReservationRow, takeLinkedCard, writeStayStatus, type ReservationRow, type StayStatusChange } from './repository';

/** A refusal of the desk in the language asked for, its key as `code` for the page's own words. */
export function stayRefusal(status: number, key: StayMessageKey, language: Language, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, STAY_MESSAGES[key][language], { code: key, ...extra });
}

/**
 * Moves the stay to `to` under its row lock, if the transition table allows it from the status it is
 * in now; `refuse` says why not (the caller's words), else the row as it was before.
 */
async function moveStayStatus(
  tx: Tx,
  id: number,
  to: StayStatus,
  change: Omit<StayStatusChange, 'status'>,
  refuse: (row: ReservationRow) => HttpError | null,
): Promise<ReservationRow> {
  // The lock is what makes two desks checking in one stay take turns: the second reads the first's status.
  const row = await lockReservationRow(tx, id);
  if (!row) throw new HttpError(404, 'Reservation not found');
  const refusal = refuse(row);
  if (refusal) throw refusal;
  if (!canChangeStayStatus(row.status, to)) throw new HttpError(409, `A stay that is ${row.status} cannot become ${to}`);
  await writeStayStatus(tx, id, { status: to, ...change });
  return row;
}

// ─── Cancel and no-show ─────────────────────────────────────────────────────────────────────────

const alreadyCancelled = (row: ReservationRow) => (row.status === 'booked' ? null : new HttpError(409, row.canceledAt ? 'Reservation is already cancelled' : 'A stay that has begun or ended cannot be cancelled'));

/**
 * Cancels a reservation not yet begun; a late one records the first night as the fee (CON-05),
 * charged to the guaranteeing card, and the guest gets the cancellation letter. The guest's own
 * cancellation and staff's on the guest's behalf are this one function.
 */
export async function cancelStay(request: FastifyRequest, owner: ReservationOwner, id: number, now: Date, onCancelled?: OnChange): Promise<ReservationRecord> {
  const db = request.server.db;
  // A booking guaranteed by a link takes the card the guest saved since (decision 056).
  await takeLinkedCard(db, id);
  const record = await findReservation(db, owner, id);
  const { reservation, stay } = record;
  if (reservation.canceledAt) throw new HttpError(409, 'Reservation is already cancelled');
  if (reservation.status !== 'booked' || !canCancelReservation({ ...stay, canceled: false }, now)) {
    throw new HttpError(409, 'A stay that has begun or ended cannot be cancelled');
  }
  // A non-refundable booking's payment may still be approved (3-D Secure): it cannot be cancelled meanwhile.
  if (reservation.rate === 'non_refundable' && reservation.paidAt === null) throw new HttpError(409, STAY_PAYMENT_PENDING_DETAIL);
  const { fee } = cancellationTerms(reservation.rate, reservation.price, cancellationFee({ arrival: stay.arrival, pricePerNight: reservation.pricePerNight }, now));
  await db.transaction(async (tx) => {
    await moveStayStatus(tx, id, 'cancelled', { canceledAt: now, cancellationFee: fee }, alreadyCancelled);
    // A cancelled booking gives its promo code's use back (decision 043); a no-show does not.
    await releasePromo(tx, { reservationId: id }, now);
    await onCancelled?.(tx, record);
  });
  const cancelled = await findReservation(db, owner, id);
  const guest = await reservationGuest(db, cancelled.reservation);
  // Staff act for the guest: the charge is described in the guest's language, not the front desk's.
  const charge = await chargeReservationFee(request, cancelled.reservation, owner === 'staff' ? { language: guest.language } : {});
  const after = charge ? await findReservation(db, owner, id) : cancelled;
  await sendReservationMail(request, guest, after, 'cancelled', charge);
  tellReception(db, after, 'cancellation', owner === 'staff' ? 'staff' : 'guest', request.log);
  return after;
}

/**
 * Staff mark that the guest never came (spec section 9: a no-show costs the first night): from the
 * arrival day on, until the departure day. It frees the nights, records the first night as the
 * fee, charges it to the guaranteeing card and tells the guest.
 */
export async function markStayNoShow(request: FastifyRequest, id: number, now: Date, onMarked?: OnChange): Promise<ReservationRecord> {
  const db = request.server.db;
  await takeLinkedCard(db, id);
  const record = await findReservation(db, 'staff', id);
  const { reservation, stay } = record;
  if (reservation.noShowAt) throw new HttpError(409, 'The guest is already marked as a no-show');
  if (reservation.canceledAt) throw new HttpError(409, 'Reservation is already cancelled');
  if (reservation.status !== 'booked') throw new HttpError(409, 'The guest came: a stay checked in cannot be marked as a no-show');
  const today = hotelToday(now);
  if (!canMarkNoShow({ ...stay, canceled: false }, today)) {
    throw new HttpError(
      409,
      today < stay.arrival ? 'A no-show can be marked from the arrival day on' : 'The stay has ended: it can no longer be marked as a no-show',
    );
  }
  const { fee } = cancellationTerms(reservation.rate, reservation.price, reservation.pricePerNight);
  await db.transaction(async (tx) => {
    await moveStayStatus(tx, id, 'no_show', { canceledAt: now, noShowAt: now, cancellationFee: fee }, alreadyCancelled);
    await onMarked?.(tx, record);
  });
  const marked = await findReservation(db, 'staff', id);
  const guest = await reservationGuest(db, marked.reservation);
  const charge = await chargeReservationFee(request, marked.reservation, { reason: 'no_show', language: guest.language });
  const after = charge ? await findReservation(db, 'staff', id) : marked;
  await sendReservationMail(request, guest, after, 'no_show', charge);
  return after;
}

/**
 * A non-refundable booking whose payment failed, was declined or expired lets its room go: it is
 * cancelled and marked as a failed payment, and its promo code's use is given back (decision 043):
 * nothing was booked. False when it was paid or cancelled meanwhile.
 */
export async function releaseUnpaidBooking(tx: Tx, reservationId: number, now: Date): Promise<boolean> {
  const row = await lockReservationRow(tx, reservationId);
  if (!row || row.status !== 'booked' || row.rate !== 'non_refundable' || row.paidAt !== null) return false;
  await moveStayStatus(tx, reservationId, 'cancelled', { canceledAt: now, paymentFailedAt: now, holdUntil: null }, () => null);
  await releasePromo(tx, { reservationId }, now);
  return true;
}

// ─── Check-in and check-out ─────────────────────────────────────────────────────────────────────

export interface DeskOptions {
  /** Who is at the desk (the room's state records them). */
  by: number;
  now: Date;
  /** The language of the refusals (the desk's). */
  language: Language;
  record?: OnChange | undefined;
}

/**
 * Checks the guest in, from the arrival day (the hotel's date) until the day before departure. A
 * room not clean (dirty, out of order) is refused with 409 `desk:refused.notClean` and its state,
 * unless the desk confirms it (`confirmNotClean`). Refused as the table says otherwise, nothing written.
 */
export async function checkInStay(request: FastifyRequest, id: number, confirmNotClean: boolean, options: DeskOptions): Promise<ReservationRecord> {
  const db = request.server.db;
  const today = hotelToday(options.now);
  const record = await findReservation(db, 'staff', id);
  await db.transaction(async (tx) => {
    await moveStayStatus(tx, id, 'checked_in', { checkedInAt: options.now }, (row) => {
      const key = checkInRefusal(row.status, parseStay(row.stay), today);
      return key ? stayRefusal(409, key, options.language) : null;
    });
    // Read under the lock of the stay: the room is the one the stay holds now.
    const state = await roomState(tx, record.reservation.roomId);
    if (!isReadyForGuest(state) && !confirmNotClean) throw stayRefusal(409, 'desk:refused.notClean', options.language, { room_state: state });
    await options.record?.(tx, record);
  });
  return findReservation(db, 'staff', id);
}

/**
 * A check-out before the booked departure day is refused (409 `desk:refused.stayNotOver`, with the
 * booked `departure` and the `shorten_to` the desk shortens the stay to first, stay-edits.shortenStay):
 * the unused nights would otherwise stay sold and billed (decision 054). Null for a guest leaving on
 * the booked day or later, or not in the house (the transition table answers that).
 */
export function earlyCheckOutRefusal(row: Pick<ReservationRow, 'status' | 'stay'>, now: Date, language: Language): HttpError | null {
  if (row.status !== 'checked_in') return null;
  const stay = parseStay(row.stay);
  const shortenTo = earlyCheckOutDeparture(stay, hotelToday(now));
  if (!shortenTo) return null;
  const detail = STAY_MESSAGES['desk:refused.stayNotOver'][language].replace('{{date}}', stay.departure);
  return new HttpError(409, detail, { code: 'desk:refused.stayNotOver', departure: stay.departure, shorten_to: shortenTo });
}

/**
 * Checks the guest out, once, on the booked departure day or later (an earlier one is refused:
 * earlyCheckOutRefusal): records the moment, and the room becomes dirty for housekeeping.
 */
export async function checkOutStay(request: FastifyRequest, id: number, options: DeskOptions): Promise<ReservationRecord> {
  const db = request.server.db;
  const record = await findReservation(db, 'staff', id);
  await db.transaction(async (tx) => {
    const before = await moveStayStatus(tx, id, 'checked_out', { checkedOutAt: options.now }, (row) => {
      const key = checkOutRefusal(row.status);
      return key ? stayRefusal(409, key, options.language) : earlyCheckOutRefusal(row, options.now, options.language);
    });
    await markRoomDirty(tx, before.roomId, options.by, options.now);
    await options.record?.(tx, record);
  });
  return findReservation(db, 'staff', id);
}

// ─── Moves and fees (the status stays) ──────────────────────────────────────────────────────────

/** Moves a booked stay to other dates or another room and sends the guest a letter with the new dates. */
export async function moveStay(
  request: FastifyRequest,
  id: number,
  target: Stay & { roomId?: number | undefined },
  now: Date,
  onMoved?: OnChange,
): Promise<ReservationRecord> {
  const db = request.server.db;
  let before: ReservationRecord | undefined;
  const moved = await moveReservation(db, bookingSiteCalendarsOf(request.server), id, target, now, async (tx, record) => {
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
