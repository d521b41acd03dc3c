/**
 * The owner's reports (/admin/reports; issue 25, point 1): the rooms, the restaurant and the money
 * of a range of hotel days, beside the same days a year before. Figures come from SQL on the
 * server (apps/api/src/modules/reports); the definitions of the figures are written here once
 * (above `roomSummarySchema`) and shown in the page's tooltips.
 */
import { z } from 'zod';
import { hotelToday } from '../hotel-today';
import { isIsoDate, nightsBetween } from '../rules/stay';
import { localizedTextSchema } from './common';

/** A report spans at most three years (1,096 hotel days, a leap day included). */
export const REPORT_RANGE_MAX_DAYS = 3 * 365 + 1;

const isoDate = z.string('common:validation.invalid').refine(isIsoDate, 'common:validation.invalid');

/** The same calendar day a year before; 29 February becomes 28 February. */
export function yearBefore(date: string): string {
  const [year, month, day] = date.split('-');
  const previous = `${String(Number(year) - 1).padStart(4, '0')}-${month}-${day}`;
  return isIsoDate(previous) ? previous : `${String(Number(year) - 1).padStart(4, '0')}-${month}-28`;
}

/** The first day of the month of `date`. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The last day of the month of `date`. */
export function monthEnd(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/** The month before the month of `date`: its first and last day. */
export function previousMonth(date: string): { from: string; to: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
  return { from: first, to: monthEnd(first) };
}

/** GET admin/reports/: hotel days `from`..`to`, both included; this month by default. */
export const reportQuerySchema = z
  .strictObject({
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .transform((query) => {
    const today = hotelToday();
    return { from: query.from ?? monthStart(query.to ?? today), to: query.to ?? monthEnd(query.from ?? today) };
  })
  .superRefine((query, ctx) => {
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'admin:reports.validation.fromAfterTo' });
    else if (nightsBetween(query.from, query.to) >= REPORT_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'admin:reports.validation.tooLong' });
    }
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;

const kopecks = z.number().int();
const count = z.number().int().nonnegative();
/** A share from 0 to 1. */
const share = z.number().min(0).max(1);

/**
 * The definitions of the owner's figures, written once here; the page's tooltips say the same in
 * both languages (admin:reports.definitions.*) and docs/decisions/037-reports.md points here.
 *
 * - Available: rooms × days of the period. Sold: nights of the site's bookings that are neither
 *   cancelled nor a no-show, and nights held by booking sites' calendars. Occupancy = sold ÷ available.
 * - Room revenue: what the site's sold bookings cost for their nights, after the rate's and a promo
 *   code's discounts and without extras (the booking's price less its extras' lines), spread evenly
 *   over the booking's nights, for the nights inside the period.
 * - Extras revenue: the extras' lines of the same bookings (breakfast, transfer…), spread the same
 *   way; never part of room revenue, ADR or RevPAR.
 * - ADR = room revenue ÷ nights sold by the site (a booking site's price is unknown to us, so its
 *   nights add occupancy and nothing else). RevPAR = room revenue ÷ available.
 * - Cancellations: bookings the guest or staff cancelled in the period; a booking whose payment was
 *   declined or expired (`payment_failed_at`) booked nothing and is not one. No-shows: bookings
 *   marked so in the period.
 * - Fees: succeeded, unrefunded charges of a flexible booking's late-cancellation or no-show fee
 *   (the first night), for the cancellations and no-shows of the period.
 * - Kept prepayments: what the hotel keeps of a non-refundable stay that was cancelled or not
 *   arrived at in the period: its succeeded payment less what was refunded of it. A prepaid stay
 *   is not a fee. Kept = fees + kept prepayments: the money of the rooms that were not slept in.
 * - Money (the money half): the payments page's succeeded charges by what they paid for (orders,
 *   prepaid stays, fees) and its succeeded refunds, by the hotel day each was made.
 */
export const roomSummarySchema = z.object({
  available: count,
  sold: count,
  site_nights: count,
  imported_nights: count,
  /** Kopecks: room revenue, the nights after discounts and without extras (above). */
  revenue: kopecks,
  /** Kopecks: the extras of the same bookings, for the same nights. */
  extras_revenue: kopecks,
  occupancy: share,
  adr: kopecks,
  revpar: kopecks,
  bookings: count,
  cancellations: count,
  no_shows: count,
  /** Kopecks of flexible bookings' cancellation and no-show fees charged (succeeded, not refunded). */
  fees_charged: kopecks,
  /** Kopecks of non-refundable stays' payments kept after a cancellation or a no-show. */
  prepayments_kept: kopecks,
  /** Kopecks: fees_charged + prepayments_kept. */
  kept: kopecks,
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

export const restaurantSummarySchema = z.object({
  /** Orders paid (accepted or further, delivered included), by the day they were placed. */
  paid: count,
  canceled: count,
  /** Kopecks: the totals of paid orders. */
  revenue: kopecks,
  /** Kopecks: revenue ÷ paid orders (0 without orders). */
  average: kopecks,
});
export type RestaurantSummary = z.infer<typeof restaurantSummarySchema>;

export const moneySummarySchema = z.object({
  /** Orders paid by card online. */
  orders: kopecks,
  /** Orders paid to the courier (issue 46), by how: cash, the courier's card terminal. */
  door_cash: kopecks,
  door_terminal: kopecks,
  /** Stays paid in advance at the non-refundable rate. */
  stays: kopecks,
  /** Bookings' cancellation and no-show fees. */
  fees: kopecks,
  /** Stays' bills paid at the desk or by the saved card from it (decision 055). */
  desk: kopecks,
  refunded: kopecks,
  net: kopecks,
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;

const compared = <T extends z.ZodType>(schema: T) => z.object({ current: schema, previous: schema });

export const reportPageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The same days a year before. */
  compare: z.object({ from: z.string(), to: z.string() }),
  rooms: z.object({
    room_count: count,
    summary: compared(roomSummarySchema),
    by_day: z.array(z.object({ day: z.string(), sold: count, available: count, occupancy: share })),
    by_room: z.array(z.object({ room_id: z.number().int(), name: localizedTextSchema, nights: count, revenue: kopecks })),
    /** Bookings that arrive in the period by their nights: 1..13, and 14 for 14 or more. */
    length_of_stay: z.array(z.object({ nights: z.number().int(), bookings: count })),
    /** Bookings that arrive in the period by the days between booking and arrival, in buckets starting at `days`. */
    lead_time: z.array(z.object({ days: z.number().int(), bookings: count })),
    /** Nights sold by where they came from: the site, or a booking site's calendar by its name. */
    channels: z.array(z.object({ channel: z.string(), nights: count })),
  }),
  restaurant: z.object({
    summary: compared(restaurantSummarySchema),
    by_day: z.array(z.object({ day: z.string(), orders: count, revenue: kopecks })),
    /** Paid orders by ISO weekday (1 Monday … 7 Sunday) and hour on the hotel clock. */
    by_hour: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: count, revenue: kopecks })),
    top_dishes: z.array(z.object({ name: localizedTextSchema, quantity: count, revenue: kopecks })),
    /** Delivered orders by the hour they were delivered: the couriers' load. */
    delivery_hours: z.array(z.object({ hour: z.number().int(), orders: count })),
  }),
  money: z.object({
    summary: compared(moneySummarySchema),
    /** As /admin/payments counts it: succeeded charges of orders (by card; at the door by cash and terminal), prepaid stays and fees, succeeded refunds, per hotel day. */
    by_day: z.array(
      z.object({ day: z.string(), orders: kopecks, door_cash: kopecks, door_terminal: kopecks, stays: kopecks, fees: kopecks, desk: kopecks, refunded: kopecks, net: kopecks }),
    ),
  }),
});
export type ReportPage = z.infer<typeof reportPageSchema>;
