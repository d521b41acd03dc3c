/** Pure rules of a stay: nights, guests, extra places and price (spec sections 3, 4, 9). */
import type { Kopecks } from '../money';

const DAY_MS = 86_400_000;

/** Parses a calendar date "YYYY-MM-DD" as a UTC midnight, so that day arithmetic ignores DST. */
export function parseIsoDate(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  const [, y, m, d] = match;
  const time = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const back = new Date(time).toISOString().slice(0, 10);
  if (back !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return time;
}

export function isIsoDate(date: string): boolean {
  try {
    parseIsoDate(date);
    return true;
  } catch {
    return false;
  }
}

/** Nights between arrival and departure: the day difference, rounded up. */
export function nightsBetween(arrival: string, departure: string): number {
  return Math.ceil((parseIsoDate(departure) - parseIsoDate(arrival)) / DAY_MS);
}

/** Adds whole days to a calendar date. */
export function addDays(date: string, days: number): string {
  return new Date(parseIsoDate(date) + days * DAY_MS).toISOString().slice(0, 10);
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
