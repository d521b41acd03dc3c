/** Room search and booking contract (spec sections 3, 4, 5, 7 Hotel). */
import { z } from 'zod';
import { BOOKING_HORIZON_DAYS, HOTEL_TIME_ZONE, MAX_STAY_NIGHTS } from '../constants';
import { addDays, isIsoDate } from '../rules/stay';
import { roomSchema } from './catalogue';
import { idSchema, kopecksSchema } from './common';
import { guestInputSchema } from './identity';
import { PAYMENT_STATUSES } from './payments';

let hotelDateFormat: Intl.DateTimeFormat | undefined;
/** The last answer and the stretch of time it is known to hold for: every search asks. */
let known = { from: 0, to: 0, date: '' };
const KNOWN_FOR_MS = 60_000;

/** Today's calendar date in the hotel's time zone (Europe/Minsk), "YYYY-MM-DD". */
export function hotelToday(now: Date = new Date()): string {
  const at = now.getTime();
  if (at >= known.from && at < known.to) return known.date;
  // Made once: constructing a formatter costs far more than formatting with it.
  hotelDateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: HOTEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const date = hotelDateFormat.format(at);
  // Calendar days only move forward: the same date a minute later holds for all of that minute.
  const later = hotelDateFormat.format(at + KNOWN_FOR_MS);
  known = later === date ? { from: at, to: at + KNOWN_FOR_MS, date } : { from: 0, to: 0, date: '' };
  return date;
}

const isoDate = (requiredKey: string) =>
  z.string(requiredKey).min(1, { message: requiredKey, abort: true }).refine(isIsoDate, 'common:validation.invalid');

/**
 * The room filter (search form) with the spec's message keys. `today` is the visitor's local date
 * in the browser and the hotel's date on the server.
 */
export function roomFilterSchema(today: string) {
  return z
    .object({
      checkIn: isoDate('hotel:roomsFilter.checkInRequired'),
      checkOut: isoDate('hotel:roomsFilter.checkOutRequired'),
      guests: z
        .number('hotel:roomsFilter.guestsRequired')
        .int('hotel:roomsFilter.guestsRequired')
        .min(1, 'hotel:roomsFilter.guestsMin')
        .max(20, 'hotel:roomsFilter.guestsMax'),
    })
    .superRefine((filter, ctx) => {
      if (isIsoDate(filter.checkIn) && filter.checkIn < today) {
        ctx.addIssue({ code: 'custom', path: ['checkIn'], message: 'hotel:roomsFilter.checkInPast' });
      }
      if (isIsoDate(filter.checkIn) && isIsoDate(filter.checkOut) && filter.checkOut <= filter.checkIn) {
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'hotel:roomsFilter.checkOutBeforeCheckIn' });
      }
      stayBounds({ arrival: filter.checkIn, departure: filter.checkOut }, today, ctx, { arrival: 'checkIn', departure: 'checkOut' });
    });
}
export type RoomFilter = z.infer<ReturnType<typeof roomFilterSchema>>;

// ─── Availability and reservations (API-26, API-29..32) ─────────────────────────────────────────

/** The most guests one booking may name; the rooms themselves hold far fewer. */
export const MAX_BOOKING_GUESTS = 20;
export const SPECIAL_REQUESTS_MAX = 1000;

/** The spec's details of a search that finds nothing (ERR-21, ERR-22); the web maps them to texts. */
export const NO_ROOMS_DETAIL = 'No available rooms found for the given dates';
export const PARTIAL_AVAILABILITY_DETAIL = 'Not all room types are available for the entire period';
export const NO_ROOM_FITS_DETAIL = 'Error calculating total price';
export const BOOKING_NEEDS_CARD_DETAIL = 'A booking needs a saved card that guarantees it: give payment_method_id';
export const BOOKING_PRICE_CHANGED_DETAIL = 'The price of the stay has changed since you saw it: check the new total and confirm the booking again';
/** The answer (409) when the exclusion constraint refuses a second booking of the same nights. */
export const ROOM_TAKEN_DETAIL = 'Room is no longer available for these dates';

const stayDate = (requiredKey: string) =>
  z.string(requiredKey).min(1, { message: requiredKey, abort: true }).refine(isIsoDate, 'common:validation.invalid');

/**
 * How long and how far ahead a stay may be (MAX_STAY_NIGHTS, BOOKING_HORIZON_DAYS). Besides being
 * the hotel's terms, they bound what one search or booking costs the database and the price.
 */
function stayBounds(
  stay: { arrival: string; departure: string },
  today: string,
  ctx: z.RefinementCtx,
  fields: { arrival: string; departure: string },
) {
  if (!isIsoDate(stay.arrival) || !isIsoDate(today)) return;
  if (stay.arrival > addDays(today, BOOKING_HORIZON_DAYS)) {
    ctx.addIssue({ code: 'custom', path: [fields.arrival], message: 'hotel:roomsFilter.checkInTooFar' });
  }
  if (isIsoDate(stay.departure) && stay.departure > addDays(stay.arrival, MAX_STAY_NIGHTS)) {
    ctx.addIssue({ code: 'custom', path: [fields.departure], message: 'hotel:roomsFilter.stayTooLong' });
  }
}

/**
 * The stay rules of the room filter, checked against the hotel's today at the moment of parsing:
 * arrival not in the past, departure after arrival (at least one night).
 */
function refineStay(stay: { arrival: string; departure: string }, ctx: z.RefinementCtx) {
  if (!isIsoDate(stay.arrival) || !isIsoDate(stay.departure)) return;
  const today = hotelToday();
  if (stay.arrival < today) {
    ctx.addIssue({ code: 'custom', path: ['arrival'], message: 'hotel:roomsFilter.checkInPast' });
  }
  if (stay.departure <= stay.arrival) {
    ctx.addIssue({ code: 'custom', path: ['departure'], message: 'hotel:roomsFilter.checkOutBeforeCheckIn' });
  }
  stayBounds(stay, today, ctx, { arrival: 'arrival', departure: 'departure' });
}

const guestCountField = z.coerce
  .number('hotel:roomsFilter.guestsRequired')
  .int('hotel:roomsFilter.guestsRequired')
  .min(1, 'hotel:roomsFilter.guestsMin')
  .max(MAX_BOOKING_GUESTS, 'hotel:roomsFilter.guestsMax');

/** GET hotel/reservations/variants/ (API-26). Dates are calendar days in Europe/Minsk. */
export const variantsQuerySchema = z
  .strictObject({
    arrival: stayDate('hotel:roomsFilter.checkInRequired'),
    departure: stayDate('hotel:roomsFilter.checkOutRequired'),
    guest_count: guestCountField,
  })
  .superRefine(refineStay);
export type VariantsQuery = z.infer<typeof variantsQuerySchema>;

/** A room free for the whole stay that holds the guests, with the price worked out by the server. */
export const roomVariantSchema = z.object({
  room: roomSchema,
  /** The room's price per night and its extra-place price (spec: Room variant). */
  price: kopecksSchema,
  extra_price: kopecksSchema.nullable(),
  guest_count: z.number().int().positive(),
  nights: z.number().int().positive(),
  extra_places: z.number().int().nonnegative(),
  /** The price that applies to these guests: the extra price when extra places are used and it is set. */
  price_per_night: kopecksSchema,
  total: kopecksSchema,
});
export type RoomVariant = z.infer<typeof roomVariantSchema>;

/** A new guest named at booking time; the server saves it among the user's guests too. */
export const newGuestSchema = z.strictObject({
  first_name: guestInputSchema.shape.first_name,
  last_name: guestInputSchema.shape.last_name,
  second_name: guestInputSchema.shape.second_name,
});
export type NewGuest = z.input<typeof newGuestSchema>;

/** POST hotel/reservations/ (API-29). The booking user counts as one guest besides `guests`. */
export const reservationCreateSchema = z
  .strictObject({
    room_id: idSchema,
    arrival: stayDate('hotel:roomsFilter.checkInRequired'),
    departure: stayDate('hotel:roomsFilter.checkOutRequired'),
    /** Ids of the user's saved guests, or new guests to save. */
    guests: z
      .array(z.union([idSchema, newGuestSchema]))
      .max(MAX_BOOKING_GUESTS - 1, 'hotel:roomsFilter.guestsMax')
      .default([]),
    special_requests: z.string().trim().max(SPECIAL_REQUESTS_MAX).default(''),
    /**
     * The saved card that guarantees the booking: a cancellation later than 24 hours before check-in
     * or a no-show charges the first night to it (CON-05), so a booking needs one.
     */
    payment_method_id: z.uuid({
      error: (issue) => (issue.input === undefined ? BOOKING_NEEDS_CARD_DETAIL : 'Invalid id'),
    }),
    /**
     * The total the guest saw (kopecks): when the stay costs another today, nothing is booked and
     * the answer (409) carries the current `total` and `price_per_night`, so the guest is asked again.
     */
    expected_total: kopecksSchema.optional(),
  })
  .superRefine(refineStay);

/** The 409 of POST hotel/reservations/: the nights were taken, or the price changed (then its figures today). */
export const reservationRefusedSchema = z.object({
  detail: z.string(),
  total: kopecksSchema.optional(),
  price_per_night: kopecksSchema.optional(),
});
export type ReservationCreate = z.input<typeof reservationCreateSchema>;

/** POST hotel/reservation/move/{id}/ (API-32): new dates, and another room if wished. */
export const reservationMoveSchema = z
  .strictObject({
    arrival: stayDate('hotel:roomsFilter.checkInRequired'),
    departure: stayDate('hotel:roomsFilter.checkOutRequired'),
    room_id: idSchema.optional(),
  })
  .superRefine(refineStay);
export type ReservationMove = z.input<typeof reservationMoveSchema>;

export const RESERVATION_DISPLAY_STATUSES = ['reserved', 'active', 'completed', 'cancelled'] as const;

export const reservationGuestSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  second_name: z.string().nullable(),
});

/** A reservation as its owner sees it (spec: Reservation, plus the figures the screens need). */
export const reservationSchema = z.object({
  id: z.number().int(),
  arrival: z.string(),
  departure: z.string(),
  /** Check-in and check-out moments (14:00 and 12:00 hotel time), ISO 8601. */
  arrival_at: z.string(),
  departure_at: z.string(),
  nights: z.number().int().positive(),
  guest_count: z.number().int().positive(),
  extra_places: z.number().int().nonnegative(),
  price_per_night: kopecksSchema,
  price: kopecksSchema,
  canceled: z.boolean(),
  canceled_at: z.string().nullable(),
  /** Set when cancelled: 0 when free, the first night when late. */
  cancellation_fee: kopecksSchema.nullable(),
  /** The card that guarantees the booking, if any. */
  payment_method: z.object({ payment_method_id: z.string(), card_last4: z.string(), brand: z.string() }).nullable(),
  /** The charge of a late cancellation's fee to that card: null when nothing was to be charged. */
  cancellation_charge: z.enum(PAYMENT_STATUSES).nullable(),
  free_cancellation_until: z.string(),
  status: z.enum(RESERVATION_DISPLAY_STATUSES),
  special_requests: z.string(),
  created_at: z.string(),
  room: roomSchema,
  /** The guests besides the booking user. */
  guests: z.array(reservationGuestSchema),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);
