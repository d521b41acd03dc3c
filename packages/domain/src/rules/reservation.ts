/**
 * Rules of a booked stay: when it begins and ends in the hotel's time, what a cancellation costs,
 * and the figures the guest sees (spec sections 4 and 9).
 */
import { CHECK_IN_TIME, CHECK_OUT_TIME, FREE_CANCELLATION_HOURS, HOTEL_TIME_ZONE } from '../constants';
import type { Kopecks } from '../money';
import { extraPlaces, nightsBetween, parseIsoDate, pricePerNight, stayTotal, type RoomPrice, type Stay } from './stay';
import type { ReservationTimes } from './status';
import type { StayStatus } from './stay-life';

const HOUR_MS = 3_600_000;

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter of wall-clock fields in an IANA zone, made once; null when the runtime does not know the zone. */
function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  if (!zoneFormats.has(zone)) {
    let format: Intl.DateTimeFormat | null;
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    zoneFormats.set(zone, format);
  }
  return zoneFormats.get(zone)!;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(format: Intl.DateTimeFormat, instant: number): number {
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which a zone's clock shows a wall-clock time, given as the UTC milliseconds of
 * its fields (`Date.UTC(year, month - 1, day, hours, …)`); when a clock change skips or repeats
 * that time, the instant after the offset before it. Null for a zone the runtime does not know.
 */
export function zonedInstant(zone: string, wall: number): Date | null {
  const format = zoneFormat(zone);
  if (!format) return null;
  const first = wall - offsetMs(format, wall);
  return new Date(wall - offsetMs(format, first));
}

/**
 * The instant at which the hotel's clock shows `time` ("HH:MM") on `date` ("YYYY-MM-DD").
 * Minsk has kept +03:00 all year since 2011, but the zone database is asked anyway, so a change of
 * the law is a data update, not a code change.
 */
export function hotelMoment(date: string, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  return zonedInstant(HOTEL_TIME_ZONE, parseIsoDate(date) + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000)!;
}

/** Check-in from 14:00 hotel time on the arrival day. */
export function checkInAt(arrival: string): Date {
  return hotelMoment(arrival, CHECK_IN_TIME);
}

/** Check-out until 12:00 hotel time on the departure day. */
export function checkOutAt(departure: string): Date {
  return hotelMoment(departure, CHECK_OUT_TIME);
}

/** A booked stay as room service asks about it (issue 24): its days and how it ended, if it did. */
export interface StayOfGuest extends Stay {
  canceled: boolean;
  /** Staff marked that the guest never came. */
  noShow: boolean;
  /** Where the desk has it (issue 45): checked in, the room is the guest's; checked out, no longer. */
  status?: StayStatus;
}

/**
 * Whether the guest lives in the room now (room service, issue 24; docs/decisions/042): from
 * check-in (14:00) on the arrival day, inclusive, until check-out (12:00) on the departure day,
 * exclusive, on the hotel's clock. A cancelled stay or a no-show is never in progress. Before
 * 14:00 on the arrival day the room is still the last guest's, unless the desk checked the guest
 * in early (issue 45); after 12:00 on the departure day it is the next one's, and after the
 * desk's check-out it is no longer the guest's at all.
 */
export function stayInProgress(stay: StayOfGuest, now: Date): boolean {
  if (stay.canceled || stay.noShow) return false;
  if (stay.status !== undefined && stay.status !== 'booked' && stay.status !== 'checked_in') return false;
  const at = now.getTime();
  // Checked in at the desk (issue 45), an early arrival before 14:00 too, the guest is in the room from then on.
  const from = stay.status === 'checked_in' ? Number.NEGATIVE_INFINITY : checkInAt(stay.arrival).getTime();
  return at >= from && at < checkOutAt(stay.departure).getTime();
}

/** The moments the display status is worked out from (see reservationDisplayStatus). */
export function reservationTimes(stay: Stay & { canceled: boolean }): ReservationTimes {
  return { canceled: stay.canceled, arrivalAt: checkInAt(stay.arrival), departureAt: checkOutAt(stay.departure) };
}

/** Cancellation is free until 24 hours before check-in (CON-04). */
export function freeCancellationUntil(arrival: string): Date {
  return new Date(checkInAt(arrival).getTime() - FREE_CANCELLATION_HOURS * HOUR_MS);
}

export function isFreeCancellation(arrival: string, now: Date): boolean {
  return now.getTime() <= freeCancellationUntil(arrival).getTime();
}

/**
 * A booking made already inside the 24 hours before check-in never had a free cancellation: the
 * payment step and the confirmation letter say so instead of promising one.
 */
export function isLateBooking(bookedAt: Date, arrival: string): boolean {
  return !isFreeCancellation(arrival, bookedAt);
}

/** A stay can be cancelled (or moved) until check-in; after that it is under way or a no-show. */
export function canCancelReservation(stay: Stay & { canceled: boolean }, now: Date): boolean {
  return !stay.canceled && checkInAt(stay.arrival).getTime() > now.getTime();
}

/**
 * Staff mark a no-show from the arrival day on (hotel calendar days), until the departure day: the
 * guest never came, the nights are freed and the first night is owed, as for a late cancellation.
 */
export function canMarkNoShow(stay: Stay & { canceled: boolean }, today: string): boolean {
  return !stay.canceled && today >= stay.arrival && today <= stay.departure;
}

/**
 * The price of a stay staff move (docs/decisions/018-reservations-board.md): in the same room the
 * nightly price agreed at booking stays, whatever the room costs today, over the new number of
 * nights; in another room that room's own price for the guests applies.
 */
export function movedStayQuote(
  agreed: { roomId: number; pricePerNight: Kopecks },
  room: RoomPrice & { id: number },
  guests: number,
  stay: Stay,
): StayQuote {
  if (room.id !== agreed.roomId) return stayQuote(room, guests, stay);
  const nights = nightsBetween(stay.arrival, stay.departure);
  return { nights, guests, extraPlaces: extraPlaces(room, guests), pricePerNight: agreed.pricePerNight, total: nights * agreed.pricePerNight };
}

/** Free before the deadline; later, the first night is due (CON-05). */
export function cancellationFee(stay: { arrival: string; pricePerNight: Kopecks }, now: Date): Kopecks {
  return isFreeCancellation(stay.arrival, now) ? 0 : stay.pricePerNight;
}

/** What one guest pays for one night: the reservation's own price shared out (ACC-26). */
export function pricePerPersonPerNight(price: Kopecks, nights: number, guests: number): Kopecks {
  if (nights <= 0 || guests <= 0) return 0;
  return Math.round(price / nights / guests);
}

export interface StayQuote {
  nights: number;
  guests: number;
  extraPlaces: number;
  pricePerNight: Kopecks;
  total: Kopecks;
}

/** The price of a stay in a room, as the search, the summary and the server all work it out. */
export function stayQuote(room: RoomPrice, guests: number, stay: Stay): StayQuote {
  const nights = nightsBetween(stay.arrival, stay.departure);
  return {
    nights,
    guests,
    extraPlaces: extraPlaces(room, guests),
    pricePerNight: pricePerNight(room, guests),
    total: stayTotal(room, guests, nights),
  };
}

/** The spec's details of a search that finds nothing (ERR-21, ERR-22); the web maps them to texts. */
export const NO_ROOMS_DETAIL = 'No available rooms found for the given dates';
export const PARTIAL_AVAILABILITY_DETAIL = 'Not all room types are available for the entire period';
export const NO_ROOM_FITS_DETAIL = 'Error calculating total price';
export const BOOKING_NEEDS_CARD_DETAIL = 'A booking needs a saved card that guarantees it: give payment_method_id';
export const BOOKING_PRICE_CHANGED_DETAIL = 'The price of the stay has changed since you saw it: check the new total and confirm the booking again';
/** The answer (409) when the exclusion constraint refuses a second booking of the same nights. */
export const ROOM_TAKEN_DETAIL = 'Room is no longer available for these dates';
/** A booking by an account whose e-mail is not confirmed yet (403). */
export const ACCOUNT_NOT_ACTIVE_DETAIL = 'Activate your account to book';
