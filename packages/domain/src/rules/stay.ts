/** Pure rules of a stay: nights, guests, extra places and price (spec sections 3, 4, 9). */
import type { Kopecks } from '../money';

const DAY_MS = 86_400_000;

/** A stay: the nights from arrival to departure, calendar days "YYYY-MM-DD" in the hotel's time zone. */
export interface Stay {
  arrival: string;
  departure: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Dates met before, with their times: every search reads its two dates some ten times (the
 * query's checks, the calendars, the prices), and the same few hundred dates come again and again.
 * Only real dates are kept, and at most DATES_KEPT (then all are forgotten at once), so odd input
 * cannot grow it for ever.
 */
const DATES_KEPT = 4096;
const parsedDates = new Map<string, number>();

/** Parses a calendar date "YYYY-MM-DD" as a UTC midnight, so that day arithmetic ignores DST. */
export function parseIsoDate(date: string): number {
  const time = parsedDates.get(date) ?? remembered(date);
  if (time === undefined) throw new RangeError(`Not a calendar date: ${date}`);
  return time;
}

/** A calendar date as whole days since 1970-01-01. */
export const dayNumberOf = (date: string): number => parseIsoDate(date) / DAY_MS;

export function isIsoDate(date: string): boolean {
  return parsedDates.has(date) || remembered(date) !== undefined;
}

function remembered(date: string): number | undefined {
  const time = readIsoDate(date);
  if (time === undefined) return undefined;
  if (parsedDates.size >= DATES_KEPT) parsedDates.clear();
  parsedDates.set(date, time);
  return time;
}

function readIsoDate(date: string): number | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  const day = Number(match[3]);
  const time = Date.UTC(year, month, day);
  // Date.UTC rolls 31 April over into May and reads years below 100 as 19xx: a date that does
  // not come back as written was not one.
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month && back.getUTCDate() === day ? time : undefined;
}

/** Nights between arrival and departure: the day difference, rounded up. */
export function nightsBetween(arrival: string, departure: string): number {
  return Math.ceil((parseIsoDate(departure) - parseIsoDate(arrival)) / DAY_MS);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Adds whole days to a calendar date. */
export function addDays(date: string, days: number): string {
  const moved = new Date(parseIsoDate(date) + days * DAY_MS);
  return `${String(moved.getUTCFullYear()).padStart(4, '0')}-${two(moved.getUTCMonth() + 1)}-${two(moved.getUTCDate())}`;
}

/** The booking user always counts as one guest besides the guests they select. */
export function guestCount(selectedGuests: number): number {
  return selectedGuests + 1;
}

export interface RoomCapacity {
  primaryCapacity: number;
  extraCapacity: number;
}

export function maxGuests(room: RoomCapacity): number {
  return room.primaryCapacity + room.extraCapacity;
}

/** Guests beyond the room's primary capacity take extra places. */
export function extraPlaces(room: RoomCapacity, guests: number): number {
  return Math.max(0, guests - room.primaryCapacity);
}

export interface RoomPrice extends RoomCapacity {
  price: Kopecks;
  extraPrice: Kopecks | null;
}

/** The extra price applies when extra places are used and the room has one; otherwise the room price. */
export function pricePerNight(room: RoomPrice, guests: number): Kopecks {
  if (extraPlaces(room, guests) > 0 && room.extraPrice != null) return room.extraPrice;
  return room.price;
}

export function stayTotal(room: RoomPrice, guests: number, nights: number): Kopecks {
  return nights * pricePerNight(room, guests);
}
