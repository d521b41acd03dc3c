/**
 * The front desk's changes to a stay under way (issue 45, point 3; decision 056): an early
 * departure, an extension, a room change from a given night. Each one locks the rooms it touches
 * and the reservation, writes the stay's room segments (room_holds, where room_holds_no_overlap
 * refuses a taken night), then the reservation's own nights, room and price, and its change-log
 * entry, in one transaction. The stay keeps one reservation; a stay that changed rooms holds one
 * room_holds row per room, and `reservations.room_id` is the last one's.
 */
import {
  addDays,
  hotelToday,
  MAX_STAY_NIGHTS,
  nightsBetween,
  priceStay,
  STAFF_DETAILS,
  type StaySegment,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { isDeadlock, isExclusionViolation } from '../../db/sql-state';
import { HttpError } from '../../plugins/errors';
import { recountReservationExtras } from '../extras/extras';
import type { BookingSiteCalendars } from './booking-site-calendars';
import { ratesOfRoom } from './rates';
import { findRoom, lockReservation, lockRoom, staySegmentsOf, updateReservationWhile, writeStaySegments, type ReservationRow } from './repository';
import { findReservation, parseStay, roomConflicts, roomPrice, stayRange, type ReservationRecord, type Stay } from './reservations';
import { refuse } from './staff-bookings';
import { maxGuests } from '@hotel/domain';

/** What a change writes to the change log, in its transaction: the fields before and after. */
export type OnEdit = (tx: Tx, before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>;

interface Segment {
  roomId: number;
  arrival: string;
  departure: string;
}

/** The stay's rooms in order, read from its holds. */
export async function segmentsOf(db: Db | Tx, reservationId: number): Promise<Segment[]> {
  return (await staySegmentsOf(db, [reservationId])).map((row) => ({ roomId: row.roomId, ...parseStay(row.stay) }));
}

export const presentSegments = (segments: Segment[]): StaySegment[] => segments.map((s) => ({ room_id: s.roomId, arrival: s.arrival, departure: s.departure }));

/** Adjacent nights in one room are one segment. */
function merged(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    if (last && last.roomId === segment.roomId && last.departure === segment.arrival) last.departure = segment.departure;
    else out.push({ ...segment });
  }
  return out;
}

/** The first night that may still change: today, and never the arrival night. */
/** The stays the desk may still change: booked, or the guest in the house. */
const OPEN = ['booked', 'checked_in'] as const;

const firstChangeableNight = (stay: Stay, today: string) => (today > stay.arrival ? today : addDays(stay.arrival, 1));

/** What the desk may do with a stay now (the same rules the changes apply). */
export function deskActions(reservation: Pick<ReservationRow, 'status' | 'paidAt' | 'rate'>, stay: Stay, now: Date) {
  const today = hotelToday(now);
  const live = (OPEN as readonly string[]).includes(reservation.status) && !(reservation.rate === 'non_refundable' && reservation.paidAt === null);
  const shorter = firstChangeableNight(stay, today) < stay.departure;
  return { shorten: live && shorter, extend: live && stay.departure >= today, change_room: live && shorter };
}

/** The agreed price of each night (bookings before prices by date have one price for all). */
function agreedNights(reservation: ReservationRow, stay: Stay): number[] {
  return reservation.nightPrices ?? Array.from({ length: nightsBetween(stay.arrival, stay.departure) }, () => reservation.pricePerNight);
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The fields of a stay the change log shows. */
const logged = (row: ReservationRow, segments: Segment[]) => {
  const stay = parseStay(row.stay);
  return { arrival: stay.arrival, departure: stay.departure, room_id: row.roomId, price: row.price, rooms: presentSegments(segments) };
};

/** A taken night is a 409 naming what holds it; a deadlock with a rival is tried again, then counts as taken. */
async function refusingTaken<T>(db: Db, calendars: BookingSiteCalendars, roomId: () => number, nights: () => Stay, id: number, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const taken = isExclusionViolation(error) || (isDeadlock(error) && attempt === 3);
      if (taken) throw refuse(409, STAFF_DETAILS.roomTaken, { conflicts: await roomConflicts(db, calendars, roomId(), nights(), id) });
      if (!isDeadlock(error)) throw error;
    }
  }
}

/** The reservation locked, live, with its stay and rooms; refused when cancelled or still being paid. */
async function lockedLive(tx: Tx, id: number): Promise<{ row: ReservationRow; stay: Stay; segments: Segment[] }> {
  const row = await lockReservation(tx, id);
  if (!row) throw new HttpError(404, 'Reservation not found');
  if (!(OPEN as readonly string[]).includes(row.status)) throw refuse(409, STAFF_DETAILS.notLive);
  if (row.rate === 'non_refundable' && row.paidAt === null) throw refuse(409, STAFF_DETAILS.paymentPending);
  const segments = await segmentsOf(tx, id);
  return { row, stay: parseStay(row.stay), segments };
}

/**
 * An early departure: the guest leaves on `departure`, before the booked day and after the first
 * night, not before today. The nights after it are free for sale at once. Flexible: the price is
 * the nights kept at their agreed prices, less the promo code's agreed discount (at most their
 * sum), plus the extras counted again; there is no prepayment to give back. Non-refundable: what
 * was paid is kept, the price does not change.
 */
export async function shortenStay(db: Db, id: number, departure: string, now: Date, onEdit: OnEdit): Promise<ReservationRecord> {
  await db.transaction(async (tx) => {
    const { row, stay, segments } = await lockedLive(tx, id);
    const today = hotelToday(now);
    if (departure >= stay.departure) throw refuse(422, STAFF_DETAILS.departureNotEarlier);
    if (departure <= stay.arrival) throw refuse(422, STAFF_DETAILS.departureBeforeArrival);
    if (departure < today) throw refuse(422, STAFF_DETAILS.departurePast);
    const kept = segments.filter((s) => s.arrival < departure).map((s) => ({ ...s, departure: s.departure < departure ? s.departure : departure }));
    const nights = nightsBetween(stay.arrival, departure);
    const nightPrices = agreedNights(row, stay).slice(0, nights);
    const lastRoom = kept.at(-1)!.roomId;
    const change: Parameters<typeof updateReservationWhile>[3] = { stay: stayRange({ arrival: stay.arrival, departure }), roomId: lastRoom, nightPrices };
    if (row.rate === 'flexible') {
      const extras = await recountReservationExtras(tx, id, { nights, guests: row.guestCount });
      const subtotal = sum(nightPrices);
      const promoDiscount = Math.min(row.promoDiscount, subtotal);
      Object.assign(change, { price: subtotal - promoDiscount + extras, promoDiscount });
    }
    await writeStaySegments(tx, id, kept.map((s) => ({ roomId: s.roomId, stay: stayRange(s) })));
    if (!(await updateReservationWhile(tx, id, OPEN, change))) throw refuse(409, STAFF_DETAILS.notLive);
    const after = (await lockReservation(tx, id))!;
    await onEdit(tx, logged(row, segments), { ...logged(after, kept), kept_paid: row.rate === 'non_refundable' ? row.price : 0 });
  });
  return findReservation(db, 'staff', id);
}

/**
 * An extension: the guest stays until `departure`, in the room of the stay's last night, which must
 * be free (409 naming what holds it otherwise). The nights added are priced by the room's prices by
 * date for the guests, as the site prices them; the agreed nights keep their prices. Flexible: the
 * promo code's agreed discount stays, the extras are counted again. Non-refundable: the price paid
 * stays, and the nights added (and the extras they add) are owed on top, at the flexible prices.
 */
export async function extendStay(db: Db, calendars: BookingSiteCalendars, id: number, departure: string, now: Date, onEdit: OnEdit): Promise<ReservationRecord> {
  const current = await findReservation(db, 'staff', id);
  const roomId = current.reservation.roomId;
  const room = await findRoom(db, roomId);
  if (!room) throw refuse(404, STAFF_DETAILS.unknownRoom);
  const rates = await ratesOfRoom(db, { ...roomPrice(room), id: room.id });
  return refusingTaken(db, calendars, () => roomId, () => ({ arrival: current.stay.departure, departure }), id, async () => {
    await db.transaction(async (tx) => {
      await lockRoom(tx, roomId);
      const { row, stay, segments } = await lockedLive(tx, id);
      if (row.roomId !== roomId) throw refuse(409, STAFF_DETAILS.roomTaken);
      if (departure <= stay.departure) throw refuse(422, STAFF_DETAILS.extensionNotLater);
      if (stay.departure < hotelToday(now)) throw refuse(409, STAFF_DETAILS.notLive);
      if (nightsBetween(stay.arrival, departure) > MAX_STAY_NIGHTS) throw refuse(422, STAFF_DETAILS.stayTooLong);
      const added = priceStay(rates, row.guestCount, { arrival: stay.departure, departure }).nightPrices;
      const nightPrices = [...agreedNights(row, stay), ...added];
      const before = sum(current.extras.map((extra) => extra.total));
      const extras = await recountReservationExtras(tx, id, { nights: nightPrices.length, guests: row.guestCount });
      const subtotal = sum(nightPrices);
      const price = row.rate === 'flexible' ? subtotal - Math.min(row.promoDiscount, subtotal) + extras : row.price + sum(added) + extras - before;
      const grown = segments.map((s, i) => (i === segments.length - 1 ? { ...s, departure } : s));
      await writeStaySegments(tx, id, grown.map((s) => ({ roomId: s.roomId, stay: stayRange(s) })));
      if (!(await updateReservationWhile(tx, id, OPEN, { stay: stayRange({ arrival: stay.arrival, departure }), nightPrices, price }))) throw refuse(409, STAFF_DETAILS.notLive);
      const after = (await lockReservation(tx, id))!;
      await onEdit(tx, logged(row, segments), { ...logged(after, grown), added_nights: added.length, added_price: sum(added) });
    });
    return findReservation(db, 'staff', id);
  });
}

/**
 * A room change from the night of `from` on (after the first night, from today): the stay keeps
 * one reservation and its price (the hotel moves the guest), the nights before stay in their
 * rooms and the rest go to `roomId`, which must hold the guests and be free for them (409 naming
 * what holds it otherwise).
 */
export async function changeRoom(db: Db, calendars: BookingSiteCalendars, id: number, target: { roomId: number; from: string }, now: Date, onEdit: OnEdit): Promise<ReservationRecord> {
  const current = await findReservation(db, 'staff', id);
  const room = await findRoom(db, target.roomId);
  if (!room) throw refuse(404, STAFF_DETAILS.unknownRoom);
  if (current.reservation.guestCount > maxGuests(roomPrice(room))) throw refuse(422, STAFF_DETAILS.tooManyGuests);
  return refusingTaken(db, calendars, () => target.roomId, () => ({ arrival: target.from, departure: current.stay.departure }), id, async () => {
    await db.transaction(async (tx) => {
      // The rooms in the order of their ids, as every booking takes them.
      const rooms = [...new Set([target.roomId, ...(await segmentsOf(tx, id)).map((s) => s.roomId)])].sort((a, b) => a - b);
      for (const roomId of rooms) await lockRoom(tx, roomId);
      const { row, stay, segments } = await lockedLive(tx, id);
      if (target.from < firstChangeableNight(stay, hotelToday(now)) || target.from >= stay.departure) throw refuse(422, STAFF_DETAILS.changeNightOutside);
      const tonight = segments.find((s) => s.arrival <= target.from && target.from < s.departure);
      if (tonight?.roomId === target.roomId) throw refuse(422, STAFF_DETAILS.sameRoom);
      const before = segments.filter((s) => s.arrival < target.from).map((s) => ({ ...s, departure: s.departure < target.from ? s.departure : target.from }));
      const next = merged([...before, { roomId: target.roomId, arrival: target.from, departure: stay.departure }]);
      await writeStaySegments(tx, id, next.map((s) => ({ roomId: s.roomId, stay: stayRange(s) })));
      if (!(await updateReservationWhile(tx, id, OPEN, { roomId: target.roomId }))) throw refuse(409, STAFF_DETAILS.notLive);
      const after = (await lockReservation(tx, id))!;
      await onEdit(tx, logged(row, segments), { ...logged(after, next), from: target.from });
    });
    return findReservation(db, 'staff', id);
  });
}
