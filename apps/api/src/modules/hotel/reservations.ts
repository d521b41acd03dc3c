/**
 * Reservations in the database: availability, booking, cancelling and moving. A room is never
 * booked twice because of the exclusion constraint `room_holds_no_overlap` (0008, which also holds
 * blocks and booking sites' events; reservations' own, 0001, gave way to it in 0032, decision 056):
 * this code inserts and lets the database refuse, and turns the refusal into a 409.
 */
import {
  BOOKING_NEEDS_CARD_DETAIL,
  BOOKING_PRICE_CHANGED_DETAIL,
  type Guarantee,
  type StaffChannel,
  NON_REFUNDABLE_HOLD_MINUTES,
  offersNonRefundable,
  priceStayAt,
  PROMO_ADJUSTMENT,
  promoDiscountOf,
  rateDiscountOf,
  type RateType,
  canCancelReservation,
  extraAdjustments,
  INT4_MAX,
  maxGuests,
  movedStayQuote,
  nightsBetween,
  eripOffered,
  hotelToday,
  priceRuns,
  priceStay,
  refundCreditDay,
  ROOM_TAKEN_DETAIL,
  stayRuleBreach,
  stayRuleDetail,
  type NewGuest,
  type PaymentMethodKind,
  type PaymentStatus,
  type RoomConflict,
  type RoomPrice,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { isDeadlock, isExclusionViolation } from '../../db/sql-state';
import { HttpError } from '../../plugins/errors';
import { ownSavedGuests, saveGuest } from '../account/saved-guests';
import { savedCard } from '../payments/saved-card';
import { priceBookingExtras, recountReservationExtras, reservationExtrasOf, saveReservationExtras, type ReservationExtraRow } from '../extras/extras';
import { takePromo } from '../promo/promo';
import type { BookingSiteCalendars } from './booking-site-calendars';
import { ratesOfRoom } from './rates';
import {
  cardsByIds,
  feeChargesOf,
  stayPaymentsOf,
  findReservationRow,
  findRoom,
  findUser,
  guestsOfReservations,
  insertReservation,
  insertReservationGuests,
  listRooms,
  lockRoom,
  overlappingHolds,
  type HoldOverlap,
  updateReservationWhile,
  userReservations,
  type ReservationGuestRow,
  type ReservationRow,
  type RoomRow,
  type RoomWithConveniences,
} from './repository';

export type { ReservationGuestRow, ReservationRow } from './repository';
/**
 * Whose reservation a call may touch: the signed-in guest's own (user id; another's answers 404,
 * as if it did not exist), or any (`'staff'`, the admin area's routes).
 */
export type ReservationOwner = number | 'staff';

export interface Stay {
  arrival: string;
  departure: string;
}

/** A stay as the half-open daterange the table stores: arrival night included, departure day not. */
export const stayRange = ({ arrival, departure }: Stay) => `[${arrival},${departure})`;

const RANGE = /^\[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})\)$/;

export function parseStay(range: string): Stay {
  const match = RANGE.exec(range);
  if (!match) throw new Error(`Unexpected daterange ${range}`);
  return { arrival: match[1]!, departure: match[2]! };
}

export const roomPrice = (room: Pick<RoomRow, 'price' | 'extraPrice' | 'primaryCapacity' | 'extraCapacity'>): RoomPrice => ({
  price: room.price,
  extraPrice: room.extraPrice,
  primaryCapacity: room.primaryCapacity,
  extraCapacity: room.extraCapacity,
});

/** The nights asked for are held by something else, or by a rival taking them at this very moment. */
export const isTakenNights = (error: unknown) => isExclusionViolation(error) || isDeadlock(error);

/** Taken nights are a 409; a deadlock with a rival booking is tried again, then counts as taken. */
async function refusingOverlap<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (isExclusionViolation(error) || (isDeadlock(error) && attempt === 3)) throw new HttpError(409, ROOM_TAKEN_DETAIL);
      if (!isDeadlock(error)) throw error;
    }
  }
}

export interface ReservationRecord {
  reservation: ReservationRow;
  stay: Stay;
  room: RoomWithConveniences;
  guests: ReservationGuestRow[];
  /** The card that guarantees the booking, if the guest still has it. */
  card: { publicId: string; cardLast4: string; brand: string } | null;
  /** Where the charge of a late cancellation's fee stands; null when there was none. */
  feeCharge: PaymentStatus | null;
  /** A non-refundable booking's payment as it stands (its latest attempt); null at the flexible rate. */
  prepayment: {
    payment_id: string;
    status: PaymentStatus;
    confirmation_url: string | null;
    method: PaymentMethodKind;
    /** An ERIP bill's number and expiry; the service's number and path come from the settings when shown. */
    erip: { bill_number: string; expires_at: string | null } | null;
  } | null;
  /** The extras taken with the stay, as priced at booking (decision 044). */
  extras: ReservationExtraRow[];
  /** Money given back for the booking (a payment that came after its hold ran out), with the day it is on the card at the latest. */
  refund: { amount: number; status: 'pending' | 'succeeded' | 'failed'; moneyBackBy: string } | null;
}

async function records(db: Db, rows: ReservationRow[]): Promise<ReservationRecord[]> {
  if (rows.length === 0) return [];
  const roomList = await listRooms(db, [...new Set(rows.map((row) => row.roomId))]);
  const ids = rows.map((row) => row.id);
  const guestRows = await guestsOfReservations(db, ids);
  const cards = await cardsByIds(db, [...new Set(rows.flatMap((row) => (row.paymentMethodId === null ? [] : [row.paymentMethodId])))]);
  const fees = await feeChargesOf(db, ids);
  const prepaid = rows.some((row) => row.rate === 'non_refundable') ? await stayPaymentsOf(db, ids) : [];
  const extras = await reservationExtrasOf(db, ids);
  return rows.map((reservation) => {
    const card = cards.find((c) => c.id === reservation.paymentMethodId);
    const stayPayment = prepaid.filter((payment) => payment.reservationId === reservation.id).at(-1);
    return {
      reservation,
      stay: parseStay(reservation.stay),
      room: roomList.find((room) => room.id === reservation.roomId)!,
      guests: guestRows.filter((guest) => guest.reservationId === reservation.id),
      card: card?.cardLast4 ? { publicId: card.publicId, cardLast4: card.cardLast4, brand: card.brand ?? 'card' } : null,
      feeCharge: fees.filter((fee) => fee.reservationId === reservation.id).at(-1)?.status ?? null,
      prepayment: stayPayment
        ? {
            payment_id: stayPayment.id,
            status: stayPayment.status,
            // The sandbox's page of an ERIP bill plays the bank's app; bePaid's bills are paid in the guest's own.
            confirmation_url: stayPayment.status === 'pending' ? stayPayment.confirmationUrl : null,
            method: stayPayment.method,
            erip: stayPayment.eripBill ? { bill_number: stayPayment.eripBill, expires_at: stayPayment.expiresAt?.toISOString() ?? null } : null,
          }
        : null,
      extras: extras.get(reservation.id) ?? [],
      refund: stayPayment?.refund
        ? { amount: stayPayment.refund.amount, status: stayPayment.refund.status, moneyBackBy: refundCreditDay(stayPayment.refund.createdAt) }
        : null,
    };
  });
}

/** The user's reservations, latest arrival first. */
export async function listReservations(db: Db, userId: number): Promise<ReservationRecord[]> {
  return records(db, await userReservations(db, userId));
}

/** One reservation of the user (another user's answers 404, as if it did not exist), or any for staff. */
export async function findReservation(db: Db, owner: ReservationOwner, id: number): Promise<ReservationRecord> {
  const row = await findReservationRow(db, id, owner === 'staff' ? undefined : owner);
  const [record] = await records(db, row ? [row] : []);
  if (!record) throw new HttpError(404, 'Reservation not found');
  return record;
}

/** The account that booked: the letters about the stay go to it, in its language. */
export async function reservationGuest(db: Db, reservation: Pick<ReservationRow, 'userId'>) {
  const user = await findUser(db, reservation.userId);
  if (!user) throw new Error(`The reservation's user ${reservation.userId} is missing`);
  return user;
}

/**
 * What holds nights of `stay` in the room besides the reservation itself, and which of them: the
 * answer to a 409, so staff see what to move first. Read after the refused write, so a hold that
 * went meanwhile is not named. A booking site's event is named by its calendar's name.
 */
export async function roomConflicts(
  db: Db | Tx,
  calendars: BookingSiteCalendars,
  roomId: number,
  stay: Stay,
  exceptReservationId: number | null = null,
): Promise<RoomConflict[]> {
  const [conflicts] = await roomConflictsOfEach(db, calendars, roomId, [stay], exceptReservationId);
  return conflicts!;
}

/** roomConflicts of each of several stays in one room, the calendars' names read once for them all. */
export async function roomConflictsOfEach(
  db: Db | Tx,
  calendars: BookingSiteCalendars,
  roomId: number,
  stays: readonly Stay[],
  exceptReservationId: number | null = null,
): Promise<RoomConflict[][]> {
  // One after the other: in a transaction the statements share its one connection.
  const found: HoldOverlap[][] = [];
  for (const stay of stays) found.push(await overlappingHolds(db, roomId, stayRange(stay), exceptReservationId));
  const feedIds = found.flat().flatMap((row) => (row.kind === 'import' && row.feed_id !== null ? [row.feed_id] : []));
  const names = await calendars.names(db, feedIds);
  return found.map((rows) =>
    rows.map((row) => ({
      kind: row.kind,
      first_night: row.first_night,
      last_night: row.last_night,
      reservation_id: row.reservation_id,
      note: row.kind === 'import' ? (names.get(row.feed_id!) ?? '') : row.kind === 'block' ? row.note : '',
    })),
  );
}

async function bookableRoom(db: Db, roomId: number, guestCount: number): Promise<RoomRow> {
  const room = await findRoom(db, roomId);
  if (!room) throw new HttpError(404, 'Room not found');
  const capacity = maxGuests(roomPrice(room));
  if (guestCount > capacity) {
    throw new HttpError(422, `This room holds at most ${capacity} guests; the booking names ${guestCount}`);
  }
  return room;
}

/**
 * Prices are int4 columns. The stay limits keep any real price far below it; a price table gone
 * wrong must still answer a 422, not an overflow.
 */
function priced<T extends { total: number; pricePerNight: number }>(quote: T): T {
  if (!Number.isSafeInteger(quote.total) || quote.total > INT4_MAX) {
    throw new HttpError(422, 'The price of this stay is out of range');
  }
  return quote;
}

export interface NewReservation extends Stay {
  userId: number;
  roomId: number;
  /** Saved guest ids of the user, or new guests to save. */
  guests: (number | NewGuest)[];
  specialRequests: string;
  /** The public id of the saved card that guarantees the booking; null only for a staff booking guaranteed otherwise. */
  paymentMethodId: string | null;
  /** The total the guest saw, extras included; another total today refuses the booking (409). */
  expectedTotal?: number | undefined;
  /** `non_refundable`: discounted, paid in full at booking, no refund (decision 045). Flexible when not given. */
  rate?: RateType | undefined;
  /** Extras with the stay (decision 044), priced here inside the booking's transaction. */
  extras?: readonly { id: number; quantity: number }[] | undefined;
  /** A promo code (upper case) to take off the stay's subtotal (decision 043). */
  promoCode?: string | undefined;
  now?: Date | undefined;
  /** A booking staff take (decision 056): the guests counted as staff say, and a guarantee other than a saved card allowed. */
  staff?: StaffSide | undefined;
  /**
   * A non-refundable stay paid by an ERIP bill (decision 058): offered more than `minDaysAhead` days
   * before arrival; the room is held for `billHours`, the bill's life, instead of the card's minutes.
   */
  erip?: { minDaysAhead: number; billHours: number } | undefined;
}

/** What a staff booking records beside the site's: who took it, through which channel, and its guarantee. */
export interface StaffSide {
  bookedBy: number;
  channel: StaffChannel;
  guarantee: Guarantee;
  guaranteeNote: string;
  guestCount: number;
  /** The guest's account, found or made in the booking's transaction (its id answered); `userId` otherwise. */
  account?: ((tx: Tx) => Promise<number>) | undefined;
}

/** A booking made: its id, and for a non-refundable one what to charge, to which card, and until when the room is held. */
export interface CreatedReservation {
  id: number;
  prepay: { amount: number; cardId: number; holdUntil: Date } | null;
}

export const NO_NON_REFUNDABLE_DETAIL = 'This room offers no non-refundable rate';
export const ERIP_RATE_DETAIL = 'ERIP pays a non-refundable stay only: choose that rate or pay by card';
export const eripTooSoonDetail = (days: number) => `ERIP takes time to pay: it is offered for a stay that starts more than ${days} days from today`;

/**
 * Books a room: the price is always worked out here, from the room, its prices by date and the
 * stay (the search's own function, rules/rates.ts), and a stay rule it breaks answers 422 naming it.
 * Extras are priced inside the transaction (extras/extras.ts) and added to the total as the stay's
 * adjustments; the first night's price, the fee of a late cancellation or a no-show, excludes them.
 */
export async function createReservation(db: Db, input: NewReservation, now: Date = new Date()): Promise<CreatedReservation> {
  const rate = input.rate ?? 'flexible';
  const savedIds = input.guests.filter((guest): guest is number => typeof guest === 'number');
  if (new Set(savedIds).size !== savedIds.length) throw new HttpError(422, 'The same guest is listed twice');
  // The booking user counts as one guest besides those named (HOT-22).
  const guestCount = input.staff?.guestCount ?? input.guests.length + 1;
  const room = await bookableRoom(db, input.roomId, guestCount);
  const rates = await ratesOfRoom(db, { ...roomPrice(room), id: room.id });
  const breach = stayRuleBreach(rates, input);
  if (breach) throw new HttpError(422, stayRuleDetail(breach), { stay_rule: breach });
  if (rate === 'non_refundable' && !offersNonRefundable(room.nonRefundablePercent)) throw new HttpError(422, NO_NON_REFUNDABLE_DETAIL);
  if (input.erip) {
    if (rate !== 'non_refundable') throw new HttpError(422, ERIP_RATE_DETAIL);
    if (!eripOffered(input.arrival, hotelToday(input.now ?? now), input.erip.minDaysAhead)) throw new HttpError(422, eripTooSoonDetail(input.erip.minDaysAhead));
  }
  const nights = priceStay(rates, guestCount, input);

  return refusingOverlap(() =>
    db.transaction(async (tx) => {
      // Bookings of one room take their turn on its row. Without it, rivals for the same nights
      // each wait on the other's check of the two exclusion constraints (reservations' and
      // room_holds'), and PostgreSQL finds the deadlock only after deadlock_timeout (1 s by
      // default): a guest waited seconds for a 409, and 40 at once took half a minute.
      await lockRoom(tx, room.id);
      // A desk booking finds or makes its guest's account here, so a refused booking leaves none behind.
      const userId = input.staff?.account ? await input.staff.account(tx) : input.userId;
      const extras = await priceBookingExtras(tx, room.id, { nights: nights.nights, guests: guestCount }, input.extras ?? []);
      // A promo code takes its line off the nights' sum (decision 043). Its row is locked after the
      // room's, always in this order, and its uses counted under the lock until this one is written.
      const promo = input.promoCode
        ? await takePromo(tx, { code: input.promoCode, userId, scope: 'rooms', amount: nights.subtotal, stay: input, now: input.now ?? now })
        : null;
      const promoLines = promo ? [{ kind: PROMO_ADJUSTMENT, amount: -promo.discount }] : [];
      // The rate's discount is of the nights; the promo code's (at most what the rate left) and the extras come after it.
      const quote = priced(priceStayAt(rates, guestCount, input, rate, room.nonRefundablePercent, [...promoLines, ...extraAdjustments(extras)]));
      const promoDiscount = promoDiscountOf(quote.adjustments);
      // A non-refundable stay that costs nothing has nothing to pay: booked as paid, never sent to the provider (issue 42).
      const prepaid = rate === 'non_refundable' && quote.total > 0;
      // Unpaid, a non-refundable booking holds the room only while its payment may still come (3-D Secure).
      // Paid by ERIP, it holds the room until the bill expires (decision 058).
      const holdMs = input.erip ? input.erip.billHours * 3_600_000 : NON_REFUNDABLE_HOLD_MINUTES * 60_000;
      const holdUntil = prepaid ? new Date(now.getTime() + holdMs) : null;
      if (input.expectedTotal !== undefined && input.expectedTotal !== quote.total) {
        throw new HttpError(409, BOOKING_PRICE_CHANGED_DETAIL, {
          total: quote.total,
          price_per_night: quote.pricePerNight,
          price_breakdown: priceRuns(input.arrival, quote.nightPrices),
          ...(rate === 'non_refundable' ? { subtotal: quote.subtotal } : {}),
        });
      }
      // The card guarantees the booking (CON-05): an active saved card of this user, 422 otherwise.
      const card = input.paymentMethodId === null ? null : await savedCard(tx, userId, input.paymentMethodId);
      if (!card && (!input.staff || rate === 'non_refundable')) throw new HttpError(422, BOOKING_NEEDS_CARD_DETAIL);
      const saved = await ownSavedGuests(tx, userId, savedIds);
      const unknown = savedIds.filter((id) => !saved.some((guest) => guest.id === id));
      if (unknown.length > 0) throw new HttpError(422, `Unknown guest: ${unknown.join(', ')} is not one of your guests`);

      const reservationId = await insertReservation(tx, {
        userId,
        roomId: room.id,
        stay: stayRange(input),
        guestCount,
        pricePerNight: quote.pricePerNight,
        price: quote.total,
        nightPrices: quote.nightPrices,
        specialRequests: input.specialRequests,
        paymentMethodId: card?.id ?? null,
        rate,
        rateDiscount: rateDiscountOf(quote.adjustments),
        holdUntil,
        paidAt: rate === 'non_refundable' && !prepaid ? now : null,
        promoCode: promo?.code ?? null,
        promoDiscount,
        ...(input.staff
          ? { channel: input.staff.channel, bookedBy: input.staff.bookedBy, guarantee: input.staff.guarantee, guaranteeNote: input.staff.guaranteeNote }
          : {}),
      });
      await promo?.record({ reservationId }, promoDiscount);

      const people = [];
      for (const guest of input.guests) {
        if (typeof guest === 'number') {
          const row = saved.find((s) => s.id === guest)!;
          people.push({ guestId: row.id, firstName: row.firstName, lastName: row.lastName, secondName: row.secondName });
        } else {
          // A guest named for the first time is kept among the user's guests for the next booking.
          const row = await saveGuest(tx, userId, {
            firstName: guest.first_name.trim(),
            lastName: guest.last_name.trim(),
            secondName: guest.second_name?.trim() || null,
          });
          people.push({ guestId: row.id, firstName: row.firstName, lastName: row.lastName, secondName: row.secondName });
        }
      }
      await insertReservationGuests(tx, reservationId, people);
      await saveReservationExtras(tx, reservationId, extras);
      return { id: reservationId, prepay: holdUntil && card ? { amount: quote.total, cardId: card.id, holdUntil } : null };
    }),
  );
}

export const STAY_PAYMENT_PENDING_DETAIL = 'The payment of this booking is still being confirmed: try again in a few minutes';

/** Runs in the transaction of a change, after it: the admin routes write their audit entry here. */
export type OnChange = (tx: Tx, before: ReservationRecord) => Promise<void>;

/**
 * Staff move a reservation not yet begun to other dates and/or another room, under the same
 * exclusion constraint as a booking; a taken night answers 409 with the spec's detail and what
 * takes it (`conflicts`). The price: see movedStayQuote (the agreed nightly price in the same
 * room, the new room's price in another).
 */
export async function moveReservation(
  db: Db,
  calendars: BookingSiteCalendars,
  id: number,
  target: Stay & { roomId?: number | undefined },
  now: Date,
  onMoved?: OnChange,
): Promise<ReservationRecord> {
  const record = await findReservation(db, 'staff', id);
  const { reservation, stay } = record;
  if (reservation.canceledAt) throw new HttpError(409, 'A cancelled reservation cannot be moved');
  if (reservation.status !== 'booked') throw new HttpError(409, 'A stay that has begun or ended cannot be moved');
  if (!canCancelReservation({ ...stay, canceled: false }, now)) {
    throw new HttpError(409, 'A stay that has begun or ended cannot be moved');
  }
  const room = await bookableRoom(db, target.roomId ?? reservation.roomId, reservation.guestCount);
  // A non-refundable stay was paid in full: a move keeps what was paid, so only its dates or room change, not its nights.
  const paidInFull = reservation.rate === 'non_refundable';
  if (paidInFull && nightsBetween(target.arrival, target.departure) !== nightsBetween(stay.arrival, stay.departure)) {
    throw new HttpError(409, 'A non-refundable stay was paid in full: it can move to other dates or another room, keeping its number of nights');
  }
  // Another room prices the stay by its prices by date; the same room keeps the agreed nightly price.
  const sameRoom = room.id === reservation.roomId;
  const quote = paidInFull
    ? { pricePerNight: reservation.pricePerNight, total: reservation.price, nightPrices: reservation.nightPrices }
    : sameRoom
    ? priced({ ...movedStayQuote(reservation, { ...roomPrice(room), id: room.id }, reservation.guestCount, target), nightPrices: null })
    : priced(priceStay(await ratesOfRoom(db, { ...roomPrice(room), id: room.id }), reservation.guestCount, target));
  try {
    await db.transaction(async (tx) => {
      // Nightly extras follow the new nights at their booked unit price; the others stay as they were.
      const extras = await recountReservationExtras(tx, id, { nights: nightsBetween(target.arrival, target.departure), guests: reservation.guestCount });
      // The promo code's discount stays as agreed, in kopecks (decision 043), never below a total of 0.
      const promoDiscount = paidInFull ? reservation.promoDiscount : Math.min(reservation.promoDiscount, quote.total);
      const change = {
        roomId: room.id,
        stay: stayRange(target),
        pricePerNight: quote.pricePerNight,
        // Paid in full, the price is what was paid (its nights, and so its extras, are the same).
        price: paidInFull ? reservation.price : priced({ ...quote, total: quote.total - promoDiscount + extras }).total,
        nightPrices: quote.nightPrices,
        promoDiscount,
      };
      if (!(await updateReservationWhile(tx, id, ['booked'], change))) throw new HttpError(409, 'A cancelled reservation cannot be moved');
      await onMoved?.(tx, record);
    });
  } catch (error) {
    if (!isTakenNights(error)) throw error;
    throw new HttpError(409, ROOM_TAKEN_DETAIL, { conflicts: await roomConflicts(db, calendars, room.id, target, id) });
  }
  return findReservation(db, 'staff', id);
}
