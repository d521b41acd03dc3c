/**
 * The front desk's day and housekeeping (issue 45, points 1, 7 and 8): check-in and check-out of a
 * stay, today's arrivals, guests in the house and departures at /admin/desk, and each room's state
 * at /admin/housekeeping. Dates are the hotel's calendar days (Europe/Minsk).
 */
import { z } from 'zod';
import { addDays, isIsoDate } from '../rules/stay';
import { hotelToday } from '../hotel-today';
import { OUT_OF_ORDER_NIGHTS_MAX, OUT_OF_ORDER_REASON_MAX, ROOM_STATES, STAY_STATUSES } from '../rules/stay-life';
import { localizedTextSchema } from './common';
import { roomConflictSchema } from './board';
import { DESK_MONEY_METHODS } from '../rules/folio';
import { checkInReadinessSchema } from './folio';
import { isoDateSchema } from './stay';

/** POST admin/reservations/{id}/check-in/: `confirm_not_clean` when the desk was told the room is not ready. */
export const checkInBodySchema = z.strictObject({ confirm_not_clean: z.boolean().optional() }).nullish();
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/** POST admin/reservations/{id}/check-out/: nothing to say yet (the bill's balance comes with the bill). */
/** A check-out; with a balance still due on the bill, staff write why the guest leaves with it (kept in the change log). */
export const checkOutBodySchema = z.strictObject({ balance_reason: z.string().trim().min(3).max(500).optional() }).nullish();

/**
 * How a booking is guaranteed, as the desk reads it. `prepaid`: a non-refundable stay paid in full;
 * `card`: a saved card holds it; `card_link`: staff sent the guest a link and no card is saved yet;
 * `desk`: taken by staff to be paid at the desk, `note` says why (decision 056); `none`: nothing
 * holds it (the card is gone).
 */
export const deskGuaranteeSchema = z.object({
  kind: z.enum(['prepaid', 'card', 'card_link', 'desk', 'none']),
  card_last4: z.string().nullable(),
  /** The reason staff gave for a booking paid at the desk; '' otherwise. */
  note: z.string(),
});

/** One stay on the desk's lists. */
export const deskStaySchema = z.object({
  reservation_id: z.number().int(),
  room: z.object({ id: z.number().int(), name: localizedTextSchema, state: z.enum(ROOM_STATES) }),
  guest_name: z.string(),
  guest_phone: z.string().nullable(),
  guest_count: z.number().int().positive(),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int().positive(),
  status: z.enum(STAY_STATUSES),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  late: z.boolean(),
  guarantee: deskGuaranteeSchema,
  /** What the guest still owes on the stay's bill, kopecks (charges − payments; decision 055). */
  balance: z.number().int(),
  /** Whether the guest checked in online, and when they said they arrive (issue 45, point 6). */
  online_check_in: checkInReadinessSchema,
  actions: z.object({ check_in: z.boolean(), check_out: z.boolean() }),
});
export type DeskStay = z.infer<typeof deskStaySchema>;

/** How many and how much, kopecks. */
const countSumSchema = z.object({ count: z.number().int().nonnegative(), total: z.number().int() });

/**
 * The day's money at the desk for the shift's hand-over (issue 45, point 8), a hotel day
 * (Europe/Minsk): every method in its fixed order, an empty one with 0; `taken` their sum;
 * `refunds` the stays' payments given back that day (succeeded); `net` = taken − refunds;
 * `corrections` the bill's corrections written that day (negative: owed less, not money).
 */
export const deskMoneySchema = z.object({
  day: z.string(),
  methods: z.array(countSumSchema.extend({ method: z.enum(DESK_MONEY_METHODS) })),
  taken: countSumSchema,
  refunds: countSumSchema,
  net: z.number().int(),
  corrections: countSumSchema,
});
export type DeskMoney = z.infer<typeof deskMoneySchema>;

/** GET admin/desk/: the day at the desk. */
export const deskDaySchema = z.object({
  today: z.string(),
  /** Stays arriving today not checked in yet (and those already checked in today, done). */
  arrivals: z.array(deskStaySchema),
  /** Guests in the house not leaving today. */
  in_house: z.array(deskStaySchema),
  /** Guests leaving today or overdue, and those checked out today (early ones too). */
  departures: z.array(deskStaySchema),
  /** The day's money at the desk by method (null for a caller who may not read the bills). */
  money: deskMoneySchema.nullable(),
});
export type DeskDay = z.infer<typeof deskDaySchema>;

/** A room on the housekeeping list. */
export const housekeepingRoomSchema = z.object({
  room_id: z.number().int(),
  name: localizedTextSchema,
  state: z.enum(ROOM_STATES),
  /** Out of order: why, and the nights closed `[from, to)`; null otherwise. */
  out_of_order: z.object({ reason: z.string(), from: z.string(), to: z.string() }).nullable(),
  /** A guest leaves today (or is overdue), stays on, arrives today. */
  departure: z.boolean(),
  stay: z.boolean(),
  arrival: z.boolean(),
  /** The guest in the room now, if any (checked in). */
  occupied: z.boolean(),
  updated_at: z.string().nullable(),
});
export type HousekeepingRoom = z.infer<typeof housekeepingRoomSchema>;

/** GET admin/housekeeping/: today's rooms in the order to clean them. */
export const housekeepingSchema = z.object({ today: z.string(), rooms: z.array(housekeepingRoomSchema) });
export type Housekeeping = z.infer<typeof housekeepingSchema>;

/** Out of order: the housekeeping screen's dialog asks for these, the route below checks them. */
export const outOfOrderSchema = z
  .strictObject({
    state: z.literal('out_of_order'),
    reason: z.string().trim().min(1, 'common:validation.required').max(OUT_OF_ORDER_REASON_MAX, 'admin:validation.tooLong'),
    from: isoDateSchema('hotel:roomsFilter.checkInRequired'),
    to: isoDateSchema('hotel:roomsFilter.checkOutRequired'),
  })
  .superRefine((body, ctx) => {
    if (!isIsoDate(body.from) || !isIsoDate(body.to)) return;
    if (body.from < hotelToday()) ctx.addIssue({ code: 'custom', path: ['from'], message: 'hotel:roomsFilter.checkInPast' });
    if (body.to <= body.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'hotel:roomsFilter.checkOutBeforeCheckIn' });
    else if (body.to > addDays(body.from, OUT_OF_ORDER_NIGHTS_MAX)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'reservations-board:validation.blockTooLong' });
  });

/** PUT admin/housekeeping/rooms/{id}/: one tap, one state; out of order says why and for which nights. */
export const roomStateChangeSchema = z.union([z.strictObject({ state: z.enum(['clean', 'dirty', 'inspected']) }), outOfOrderSchema]);
export type RoomStateChange = z.infer<typeof roomStateChangeSchema>;

/** What the live stream of the desk tells: a room or a stay changed; the page refetches. */
export const frontDeskEventSchema = z.object({ room_id: z.number().int().nullable() });
export type FrontDeskEvent = z.infer<typeof frontDeskEventSchema>;

/** A refusal of the desk: `detail` in the language asked for, `code` its key (STAY_MESSAGES), and the room's state when it is not clean. */
export const deskErrorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  room_state: z.enum(ROOM_STATES).optional(),
  /** `desk:refused.stayNotOver`: the booked departure, and the one the stay must be shortened to before the check-out. */
  departure: z.string().optional(),
  shorten_to: z.string().optional(),
});

/** Putting a room out of order over nights something already holds: what holds them. */
export const roomStateErrorSchema = deskErrorSchema.extend({ conflicts: z.array(roomConflictSchema).optional() });
