/**
 * The reservations board of the admin area (/admin/reservations; issue 11, part 1): every room's
 * holds over a window of days (reservations, blocks for repairs, booking sites' events), today's
 * arrivals and departures, a stay's details, and the staff's actions on it. Dates are calendar
 * days of the hotel (Europe/Minsk); a hold's nights are `[arrival, departure)`.
 */
import { z } from 'zod';
import { checkInReadinessSchema } from './folio';
import { RATE_TYPES } from '../rules/rate-type';
import { BOOKING_HORIZON_DAYS, CALENDAR_FEED_ERROR_CODES } from '../constants';
import { hotelToday } from '../hotel-today';
import { addDays, isIsoDate } from '../rules/stay';
import { textParts } from './admin';
import { idSchema, kopecksSchema, localizedTextSchema } from './common';
import { RESERVATION_DISPLAY_STATUSES, reservationGuestSchema } from './hotel';
import { priceRunSchema } from './rates';
import { reservationExtraSchema } from './extras';
import { isoDateSchema } from './stay';
import { PAYMENT_STATUSES } from './payments';
import { staffDeskSchema } from './staff-bookings';
import { STAY_STATUSES } from '../rules/stay-life';

/** The board shows two to five weeks at once. */
export const BOARD_DAYS_MIN = 14;
export const BOARD_DAYS_MAX = 35;
export const BOARD_DAYS_DEFAULT = 14;
/** How far back the board may look: the last two years' stays, not the house's whole history. */
export const BOARD_PAST_DAYS = 730;
/** A block for repairs: at most a year at once, its note at most this long. */
export const BLOCK_MAX_NIGHTS = 365;
export const BLOCK_NOTE_MAX = 200;

/** GET admin/reservations/board/?from=YYYY-MM-DD&days=14..35. */
export const boardQuerySchema = z
  .strictObject({
    from: isoDateSchema('common:validation.required'),
    days: z.coerce
      .number('common:validation.invalid')
      .int('common:validation.invalid')
      .min(BOARD_DAYS_MIN, 'reservations-board:validation.tooShort')
      .max(BOARD_DAYS_MAX, 'reservations-board:validation.tooLong')
      .default(BOARD_DAYS_DEFAULT),
  })
  .superRefine((query, ctx) => {
    if (!isIsoDate(query.from)) return;
    const today = hotelToday();
    if (query.from < addDays(today, -BOARD_PAST_DAYS) || query.from > addDays(today, BOOKING_HORIZON_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'reservations-board:validation.outOfRange' });
    }
  });
export type BoardQuery = z.input<typeof boardQuerySchema>;

const stayFields = {
  /** The hold's own row in room_holds. */
  id: z.number().int(),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int().positive(),
};

/** A guest's stay on the board: who, for how long, and where it stands. */
export const boardReservationHoldSchema = z.object({
  kind: z.literal('reservation'),
  ...stayFields,
  reservation_id: z.number().int(),
  /** The booking guest's name (first and last), or their e-mail when they gave no name. */
  guest_name: z.string(),
  guest_count: z.number().int().positive(),
  status: z.enum(RESERVATION_DISPLAY_STATUSES),
  /** Where the stay stands at the desk (issue 45): booked, or the guest is in the house. */
  stay_status: z.enum(STAY_STATUSES),
  /** The guest is still in the house after 12:00 on the departure day. */
  late: z.boolean(),
});

/** Staff closed the room for these nights (repairs); the note says why. */
export const boardBlockHoldSchema = z.object({
  kind: z.literal('block'),
  ...stayFields,
  note: z.string(),
});

/** A booking site's event: its feed's name and the event's summary, never a guest's name. */
export const boardImportHoldSchema = z.object({
  kind: z.literal('import'),
  ...stayFields,
  note: z.string(),
  feed_id: z.number().int(),
  feed_name: z.string(),
});

export const boardHoldSchema = z.discriminatedUnion('kind', [boardReservationHoldSchema, boardBlockHoldSchema, boardImportHoldSchema]);
export type BoardHold = z.infer<typeof boardHoldSchema>;
export type BoardHoldKind = BoardHold['kind'];

// ─── A taken night ──────────────────────────────────────────────────────────────────────────────

/** What already holds nights a move or a block asked for, and which of them. */
export const roomConflictSchema = z.object({
  kind: z.enum(['reservation', 'block', 'import']),
  /** The first and the last night asked for that it takes. */
  first_night: z.string(),
  last_night: z.string(),
  reservation_id: z.number().int().nullable(),
  /** A block's note, or an imported event's feed name. */
  note: z.string(),
});
export type RoomConflict = z.infer<typeof roomConflictSchema>;

/** 409 of a move or a block onto taken nights: the detail, and what takes them. */
export const roomTakenErrorSchema = z.object({
  detail: z.string(),
  conflicts: z.array(roomConflictSchema).optional(),
});
export type RoomTakenError = z.infer<typeof roomTakenErrorSchema>;

/**
 * An imported event that could not hold its nights because something on this site already holds
 * them (a guest's reservation, a block, another site's event): the same night sold twice, for
 * staff to resolve. It is retried on every import and goes once the nights are free.
 */
export const calendarConflictSchema = z.object({
  uid: z.string(),
  arrival: z.string(),
  departure: z.string(),
  /** The event's SUMMARY as the site wrote it ("CLOSED - Not available", "Reserved"). */
  summary: z.string(),
  holds: z.array(roomConflictSchema),
});
export type CalendarConflict = z.infer<typeof calendarConflictSchema>;

/**
 * A booking site's calendar of the room as its last import left it (filled by the iCalendar
 * import): the board warns next to the room when `last_error` is not empty.
 */
export const calendarFeedStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_success_at: z.string().nullable(),
  last_error: z.string(),
  /** The same failure as a code the screen translates. */
  error_code: z.enum(CALENDAR_FEED_ERROR_CODES).nullable(),
  /** The first conflicts of the last good import (at most 50). */
  conflicts: z.array(calendarConflictSchema),
  /** How many more conflicts that import had than `conflicts` lists. */
  conflicts_omitted: z.number().int().nonnegative(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const boardRoomSchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  primary_capacity: z.number().int(),
  extra_capacity: z.number().int(),
  /** Holds that take at least one night of the window, earliest first. */
  holds: z.array(boardHoldSchema),
  calendar_feeds: z.array(calendarFeedStatusSchema),
});
export type BoardRoom = z.infer<typeof boardRoomSchema>;

/** Today's arrival or departure, listed above the board. */
export const boardMovementSchema = z.object({
  reservation_id: z.number().int(),
  room_id: z.number().int(),
  room_name: localizedTextSchema,
  guest_name: z.string(),
  guest_count: z.number().int().positive(),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int().positive(),
});
export type BoardMovement = z.infer<typeof boardMovementSchema>;

export const boardSchema = z.object({
  /** The first day shown and the day after the last: `[from, to)`. */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** The hotel's today, so a browser in another time zone marks the right column. */
  today: z.string(),
  rooms: z.array(boardRoomSchema),
  arrivals: z.array(boardMovementSchema),
  departures: z.array(boardMovementSchema),
});
export type Board = z.infer<typeof boardSchema>;

// ─── A stay as staff see it ─────────────────────────────────────────────────────────────────────

/** Where the card that guarantees the booking stands. */
export const stayGuaranteeSchema = z.object({
  /** The guaranteeing card, while the guest still has it. */
  card: z.object({ brand: z.string(), card_last4: z.string() }).nullable(),
  /** What charging a late cancellation's or a no-show's fee to it came to; null when nothing was charged. */
  charge: z.enum(PAYMENT_STATUSES).nullable(),
});

/** GET admin/reservations/{id}/: everything the front desk needs about one stay. */
export const staffReservationSchema = z.object({
  id: z.number().int(),
  room: z.object({ id: z.number().int(), name: localizedTextSchema }),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int().positive(),
  guest_count: z.number().int().positive(),
  /** The first night's price: what a late cancellation or a no-show costs. */
  price_per_night: kopecksSchema,
  price: kopecksSchema,
  /** The nights in runs of one price (issue 23). */
  price_breakdown: z.array(priceRunSchema),
  /** Extras taken with the stay, as priced at booking (part of `price`, never of the fee). */
  extras: z.array(reservationExtraSchema),
  special_requests: z.string(),
  status: z.enum(RESERVATION_DISPLAY_STATUSES),
  canceled_at: z.string().nullable(),
  no_show_at: z.string().nullable(),
  cancellation_fee: kopecksSchema.nullable(),
  free_cancellation_until: z.string(),
  created_at: z.string(),
  /** The promo code it was booked with (decision 043) and what it took off; `price` is after it. */
  promo_code: z.string().nullable(),
  promo_discount: kopecksSchema,
  /** The booking guest: how to reach them. */
  guest: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    language: z.enum(['ru', 'en']),
  }),
  /** The other guests named in the booking. */
  guests: z.array(reservationGuestSchema),
  guarantee: stayGuaranteeSchema,
  /**
   * The rate booked (issue 23.3), its discount, and for a non-refundable stay where its payment in
   * full stands (`pending`, `succeeded`, `canceled`; the payments ledger has the charge).
   */
  rate: z.enum(RATE_TYPES),
  rate_discount: kopecksSchema,
  prepayment: z.enum(PAYMENT_STATUSES).nullable(),
  /** Where the stay stands at the desk (issue 45), and when the guest came and left. */
  stay_status: z.enum(STAY_STATUSES),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  late: z.boolean(),
  /** What staff may do with it now (the same rules the server applies). */
  actions: z.object({ cancel: z.boolean(), no_show: z.boolean(), move: z.boolean(), check_in: z.boolean(), check_out: z.boolean() }),
  /** The front desk's side of the stay (issue 45): channel, who booked, guarantee, rooms, changes allowed. */
  desk: staffDeskSchema,
  /** What the guest still owes on the stay's bill, kopecks (issue 45; decision 055): charges − payments. */
  balance: z.number().int().optional(),
  /** Whether the guest checked in online, and when they arrive (issue 45, point 6). */
  check_in: checkInReadinessSchema.optional(),
});
export type StaffReservation = z.infer<typeof staffReservationSchema>;

// ─── Blocks ─────────────────────────────────────────────────────────────────────────────────────

const note = textParts(BLOCK_NOTE_MAX).ru;

/** POST admin/blocks/: close a room for nights (repairs). */
export const blockCreateSchema = z
  .strictObject({
    room_id: idSchema,
    arrival: isoDateSchema('hotel:roomsFilter.checkInRequired'),
    departure: isoDateSchema('hotel:roomsFilter.checkOutRequired'),
    note,
  })
  .superRefine((block, ctx) => {
    if (!isIsoDate(block.arrival) || !isIsoDate(block.departure)) return;
    const today = hotelToday();
    if (block.arrival < today) ctx.addIssue({ code: 'custom', path: ['arrival'], message: 'hotel:roomsFilter.checkInPast' });
    if (block.arrival > addDays(today, BOOKING_HORIZON_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['arrival'], message: 'hotel:roomsFilter.checkInTooFar' });
    }
    if (block.departure <= block.arrival) {
      ctx.addIssue({ code: 'custom', path: ['departure'], message: 'hotel:roomsFilter.checkOutBeforeCheckIn' });
    } else if (block.departure > addDays(block.arrival, BLOCK_MAX_NIGHTS)) {
      ctx.addIssue({ code: 'custom', path: ['departure'], message: 'reservations-board:validation.blockTooLong' });
    }
  });
export type BlockCreate = z.input<typeof blockCreateSchema>;

export const blockSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int().positive(),
  note: z.string(),
});
export type Block = z.infer<typeof blockSchema>;
