/**
 * The owner's reports (/admin/reports; issue 25, point 1): the rooms, the restaurant and the money
 * of a range of hotel days, beside the same days a year before. Figures come from SQL on the
 * server (apps/api/src/modules/reports); the definitions of occupancy, ADR and RevPAR are written
 * here once and shown in the page's tooltips.
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
 * The rooms of a period. `available`: rooms × days. `sold`: nights taken by the site's bookings
 * (neither cancelled nor no-show) and by booking sites' calendars. Occupancy = sold ÷ available.
 * ADR = room revenue ÷ nights sold by the site (the price of a booking's nights on the site is
 * known; a booking site's is not). RevPAR = room revenue ÷ available.
 */
export const roomSummarySchema = z.object({
  available: count,
  sold: count,
  site_nights: count,
  imported_nights: count,
  /** Kopecks: the site's bookings' price, spread evenly over their nights, for the nights inside the period. */
  revenue: kopecks,
  occupancy: share,
  adr: kopecks,
  revpar: kopecks,
  bookings: count,
  cancellations: count,
  no_shows: count,
  /** Kopecks of cancellation and no-show fees charged (succeeded, not refunded) for them. */
  fees_charged: kopecks,
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
  orders: kopecks,
  fees: kopecks,
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
    /** As /admin/payments counts it: succeeded charges of orders and of fees, succeeded refunds, per hotel day. */
    by_day: z.array(z.object({ day: z.string(), orders: kopecks, fees: kopecks, refunded: kopecks, net: kopecks })),
  }),
});
export type ReportPage = z.infer<typeof reportPageSchema>;
