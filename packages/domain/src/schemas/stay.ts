/**
 * The stay (spec sections 3, 4, 9): the nights from `arrival` to `departure`, calendar days
 * "YYYY-MM-DD". One schema checks it wherever a stay is typed or read: the room-search form, the
 * /hotel/rooms address, the booking draft and the API's variants, booking and move requests.
 */
import { z } from 'zod';
import { BOOKING_HORIZON_DAYS, MAX_STAY_NIGHTS } from '../constants';
import { hotelToday } from '../hotel-today';
import { dayNumberOf, isIsoDate, type Stay } from '../rules/stay';

/** A calendar date that must be given: empty is `requiredKey`, anything but a real date is invalid. */
export const isoDateSchema = (requiredKey: string) =>
  z.string(requiredKey).min(1, { message: requiredKey, abort: true }).refine(isIsoDate, 'common:validation.invalid');

/** The most guests one booking may name; the rooms themselves hold far fewer. */
export const MAX_BOOKING_GUESTS = 20;

/** The stay's two fields, for request schemas that carry other fields around them (their order is the order of the checks). */
export const stayShape = {
  arrival: isoDateSchema('hotel:roomsFilter.checkInRequired'),
  departure: isoDateSchema('hotel:roomsFilter.checkOutRequired'),
};

/**
 * The stay rules, with the spec's message keys: arrival not before today, departure after arrival
 * (at least one night), arrival within the booking horizon and at most MAX_STAY_NIGHTS nights.
 * Besides being the hotel's terms, the two bounds limit what one search or booking costs.
 * `today` is read at the moment of parsing: the hotel's day on the server, the visitor's local day
 * in the browser's form (HOT-10).
 */
export function refineStay(today: () => string = hotelToday) {
  return (stay: Stay, ctx: z.RefinementCtx) => {
    const arrival = isIsoDate(stay.arrival);
    const departure = isIsoDate(stay.departure);
    const day = today();
    if (arrival && stay.arrival < day) {
      ctx.addIssue({ code: 'custom', path: ['arrival'], message: 'hotel:roomsFilter.checkInPast' });
    }
    if (arrival && departure && stay.departure <= stay.arrival) {
      ctx.addIssue({ code: 'custom', path: ['departure'], message: 'hotel:roomsFilter.checkOutBeforeCheckIn' });
    }
    if (!arrival || !isIsoDate(day)) return;
    // In day numbers, not dates added to: no string is built for a check every search makes.
    const arrivalDay = dayNumberOf(stay.arrival);
    if (arrivalDay > dayNumberOf(day) + BOOKING_HORIZON_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['arrival'], message: 'hotel:roomsFilter.checkInTooFar' });
    }
    if (departure && dayNumberOf(stay.departure) > arrivalDay + MAX_STAY_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['departure'], message: 'hotel:roomsFilter.stayTooLong' });
    }
  };
}

/** A stay on its own (the booking draft's, the staff's move dialog's). */
export function staySchema(today: () => string = hotelToday) {
  return z.strictObject(stayShape).superRefine(refineStay(today));
}

/** Everyone staying, the booking user included; the query string's number is read from its text. */
export const guestCountSchema = z.coerce
  .number('hotel:roomsFilter.guestsRequired')
  .int('hotel:roomsFilter.guestsRequired')
  .min(1, 'hotel:roomsFilter.guestsMin')
  .max(MAX_BOOKING_GUESTS, 'hotel:roomsFilter.guestsMax');

/**
 * The room search (spec 3 "Search form", HOT-06..11): the stay and the number of guests. The
 * browser checks it against the visitor's local day; the address /hotel/rooms carries it as
 * checkIn, checkOut and guests (HOT-13).
 */
export function roomFilterSchema(today: () => string = hotelToday) {
  return z.strictObject({ ...stayShape, guests: guestCountSchema }).superRefine(refineStay(today));
}
export type RoomFilter = z.infer<ReturnType<typeof roomFilterSchema>>;

const filterSchemasByDay = new Map<string, ReturnType<typeof roomFilterSchema>>();

/**
 * The room search's schema checked against a given day, made once per day: building a zod schema
 * costs many times more than parsing with it, and the search form and the server's search page
 * parse on every change and every request.
 */
export function roomFilterSchemaOn(day: string) {
  let schema = filterSchemasByDay.get(day);
  if (!schema) {
    // Two or three days are in use at once (the hotel's, a visitor's around midnight); older ones go.
    if (filterSchemasByDay.size >= 4) filterSchemasByDay.clear();
    schema = roomFilterSchema(() => day);
    filterSchemasByDay.set(day, schema);
  }
  return schema;
}
