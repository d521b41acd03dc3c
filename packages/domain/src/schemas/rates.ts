/**
 * The rate calendar of the admin area (/admin/hotel; issue 23): prices by date and stay rules per
 * room (rules/rates.ts). Messages are keys of the admin namespace, answered in English by the server
 * (messages.ts) and in the visitor's language by the web.
 */
import { z } from 'zod';
import { BOOKING_HORIZON_DAYS, MAX_STAY_NIGHTS } from '../constants';
import { hotelToday } from '../hotel-today';
import { WEEKDAYS } from '../rules/rates';
import { addDays, isIsoDate } from '../rules/stay';
import { productPriceSchema } from './admin';
import { idSchema, kopecksSchema, localizedTextSchema } from './common';
import { isoDateSchema } from './stay';

/** A rule may reach as far as the last night of the longest stay booked at the horizon. */
export const RATE_HORIZON_DAYS = BOOKING_HORIZON_DAYS + MAX_STAY_NIGHTS;
/** The calendar looks back this many months at most (what was charged), ahead to the horizon. */
export const RATES_PAST_MONTHS = 12;
/** One change may set at most this many rooms at once. */
export const RATE_ROOMS_MAX = 50;

const MONTH = /^(\d{4})-(\d{2})$/;

/** The first and last day of a month "YYYY-MM", or null when it is not one. */
export function monthDays(month: string): { first: string; last: string } | null {
  const match = MONTH.exec(month);
  if (!match) return null;
  const first = `${match[1]}-${match[2]}-01`;
  if (!isIsoDate(first)) return null;
  const next = Number(match[2]) === 12 ? `${Number(match[1]) + 1}-01-01` : `${match[1]}-${String(Number(match[2]) + 1).padStart(2, '0')}-01`;
  return { first, last: addDays(next.padStart(10, '0'), -1) };
}

/** GET admin/rates/?month=YYYY-MM. */
export const ratesQuerySchema = z
  .strictObject({
    month: z.string('common:validation.required').refine((month) => monthDays(month) !== null, 'common:validation.invalid'),
  })
  .superRefine((query, ctx) => {
    const days = monthDays(query.month);
    if (!days) return;
    const today = hotelToday();
    if (days.last < addDays(today, -RATES_PAST_MONTHS * 31) || days.first > addDays(today, RATE_HORIZON_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'admin:rates.validation.monthOutOfRange' });
    }
  });

/** Nights (or days) a rule covers, with the rooms and weekdays. */
const ruleTarget = {
  room_ids: z.array(idSchema).min(1, 'common:validation.required').max(RATE_ROOMS_MAX, 'common:validation.invalid'),
  first_night: isoDateSchema('common:validation.required'),
  last_night: isoDateSchema('common:validation.required'),
  /** ISO weekdays (1 Monday … 7 Sunday) it applies on; every day when left out. */
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1, 'admin:rates.validation.noWeekday')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'common:validation.invalid')
    .default([...WEEKDAYS]),
};

/** First night not before today, last not before the first and within the horizon. */
function refineRange(query: { first_night: string; last_night: string; room_ids: number[] }, ctx: z.RefinementCtx) {
  if (new Set(query.room_ids).size !== query.room_ids.length) {
    ctx.addIssue({ code: 'custom', path: ['room_ids'], message: 'common:validation.invalid' });
  }
  if (!isIsoDate(query.first_night) || !isIsoDate(query.last_night)) return;
  const today = hotelToday();
  if (query.first_night < today) ctx.addIssue({ code: 'custom', path: ['first_night'], message: 'admin:rates.validation.past' });
  if (query.last_night < query.first_night) {
    ctx.addIssue({ code: 'custom', path: ['last_night'], message: 'admin:rates.validation.endBeforeStart' });
  } else if (query.last_night > addDays(today, RATE_HORIZON_DAYS)) {
    ctx.addIssue({ code: 'custom', path: ['last_night'], message: 'admin:rates.validation.beyondHorizon' });
  }
}

/** A rule's price: greater than 0, at most the admin's maximum. */
export const ratePriceSchema = productPriceSchema;

/** POST admin/rates/prices/: a price for these rooms' nights (the newest rule wins where they overlap). */
export const priceRuleCreateSchema = z
  .strictObject({
    ...ruleTarget,
    price: ratePriceSchema,
    /** The extra-place price on those nights; null or left out keeps the room's own. */
    extra_price: ratePriceSchema.nullable().default(null),
  })
  .superRefine(refineRange);
export type PriceRuleCreate = z.input<typeof priceRuleCreateSchema>;
export type PriceRuleInput = z.output<typeof priceRuleCreateSchema>;

/** POST admin/rates/stay-rules/: minimum nights from an arrival day, days closed to arrival or departure. */
export const stayRuleCreateSchema = z
  .strictObject({
    ...ruleTarget,
    min_nights: z
      .number('common:validation.invalid')
      .int('common:validation.invalid')
      .min(1, 'admin:rates.validation.minNights')
      .max(MAX_STAY_NIGHTS, 'admin:rates.validation.minNights')
      .nullable()
      .default(null),
    closed_to_arrival: z.boolean().default(false),
    closed_to_departure: z.boolean().default(false),
  })
  .superRefine(refineRange)
  .superRefine((rule, ctx) => {
    if (rule.min_nights === null && !rule.closed_to_arrival && !rule.closed_to_departure) {
      ctx.addIssue({ code: 'custom', path: ['min_nights'], message: 'admin:rates.validation.noRule' });
    }
  });
export type StayRuleCreate = z.input<typeof stayRuleCreateSchema>;
export type StayRuleInput = z.output<typeof stayRuleCreateSchema>;

const ruleFields = {
  id: z.number().int(),
  room_id: z.number().int(),
  first_night: z.string(),
  last_night: z.string(),
  weekdays: z.array(z.number().int()),
  created_at: z.string(),
};

export const priceRuleSchema = z.object({ ...ruleFields, price: kopecksSchema, extra_price: kopecksSchema.nullable() });
export type PriceRuleView = z.infer<typeof priceRuleSchema>;
export const stayRuleSchema = z.object({
  ...ruleFields,
  min_nights: z.number().int().nullable(),
  closed_to_arrival: z.boolean(),
  closed_to_departure: z.boolean(),
});
export type StayRuleView = z.infer<typeof stayRuleSchema>;

/** The rate calendar of a month: every room with its base prices, and the rules that touch the month. */
export const ratesMonthSchema = z.object({
  month: z.string(),
  first_day: z.string(),
  last_day: z.string(),
  rooms: z.array(
    z.object({
      id: z.number().int(),
      name: localizedTextSchema,
      price: kopecksSchema,
      extra_price: kopecksSchema.nullable(),
      extra_capacity: z.number().int(),
    }),
  ),
  prices: z.array(priceRuleSchema),
  stay_rules: z.array(stayRuleSchema),
});
export type RatesMonth = z.infer<typeof ratesMonthSchema>;

/** Why the search offers a room it will not book for the stay (rules/rates.ts `StayRuleBreach`). */
export const stayRuleBreachSchema = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('min_nights'), date: z.string(), min_nights: z.number().int() }),
  z.object({ rule: z.literal('closed_to_arrival'), date: z.string() }),
  z.object({ rule: z.literal('closed_to_departure'), date: z.string() }),
]);

/** A run of nights at one price (rules/rates.ts `priceRuns`). */
export const priceRunSchema = z.object({ first_night: z.string(), nights: z.number().int().positive(), price_per_night: kopecksSchema });

