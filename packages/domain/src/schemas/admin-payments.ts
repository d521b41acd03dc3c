/**
 * The staff's view of money (/admin/payments; issue 20): every charge, fee, card check and refund
 * with its guest, order or booking, card, amount and the provider's reference; filters by hotel
 * days, status and kind; totals per day; a CSV for the accountant. Failed refunds and unpaid fees
 * stand apart at the top until someone retries them or settles them outside with a note.
 */
import { z } from 'zod';
import { PAYMENT_METHOD_KINDS } from '../rules/erip';
import { hotelToday } from '../hotel-today';
import { addDays, isIsoDate, nightsBetween } from '../rules/stay';
import { DOOR_METHODS } from '../rules/door';
import { idSchema } from './common';
import { publicIdSchema } from './payments';

/** What moved: an order's charge, a booking's fee, the 1 BYN check of a card being saved, or money given back. */
/**
 * `desk_card`: the saved card charged from the desk towards a stay's bill; `desk`: money taken at
 * the desk (cash, the terminal, a transfer); `room_charge`: a line written to a stay's bill (room
 * service put on it, a charge staff posted, a fee, a discount, a correction), owed, not yet money
 * (decision 055).
 */
export const MONEY_KINDS = ['order', 'fee', 'stay', 'card_check', 'refund', 'desk_card', 'desk', 'room_charge'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
/** Where it stands; `settled_outside`: staff settled it outside the provider, with a note. */
export const MONEY_STATUSES = ['pending', 'succeeded', 'failed', 'settled_outside'] as const;
export type MoneyStatus = (typeof MONEY_STATUSES)[number];

/** One query spans at most this many days (a quarter), so a page and its CSV stay small. */
export const MONEY_RANGE_MAX_DAYS = 92;
export const MONEY_NOTE_MAX = 500;
/** Banks credit a refund to the card within this many days; the guest's letter names the date. */
export const REFUND_CREDIT_DAYS = 7;

/** The hotel day a refund started at `startedAt` is on the card at the latest. */
export const refundCreditDay = (startedAt: Date): string => addDays(hotelToday(startedAt), REFUND_CREDIT_DAYS);

const isoDate = z.string('common:validation.invalid').refine(isIsoDate, 'common:validation.invalid');

/** GET admin/payments/ and admin/payments/csv/: hotel days `from`..`to` (both included; the last week by default). */
export const moneyQuerySchema = z
  .strictObject({
    from: isoDate.optional(),
    to: isoDate.optional(),
    status: z.enum(MONEY_STATUSES, 'common:validation.invalid').optional(),
    kind: z.enum(MONEY_KINDS, 'common:validation.invalid').optional(),
  })
  .transform((query) => {
    const to = query.to ?? hotelToday();
    return { ...query, to, from: query.from ?? addDays(to, -6) };
  })
  .superRefine((query, ctx) => {
    if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'admin:payments.validation.fromAfterTo' });
    else if (nightsBetween(query.from, query.to) >= MONEY_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'admin:payments.validation.tooLong' });
    }
  });
export type MoneyQuery = z.input<typeof moneyQuerySchema>;

export const moneyEntrySchema = z.object({
  /** The payment's id, or "refund-<n>" for a refund. */
  id: z.string(),
  kind: z.enum(MONEY_KINDS),
  status: z.enum(MONEY_STATUSES),
  at: z.string(),
  /** The hotel day it happened on (Europe/Minsk). */
  day: z.string(),
  guest: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  order_id: z.number().int().nullable(),
  reservation_id: z.number().int().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** How the money moved through the provider: a card, or an ERIP bill (its number in `erip_bill`); null at the desk and for a bill's lines. */
  method: z.enum(PAYMENT_METHOD_KINDS).nullable(),
  erip_bill: z.string().nullable(),
  /** Kopecks. */
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  /** Why it failed, in the provider's words. */
  failure_reason: z.string().nullable(),
  /** The guest still has to confirm it with 3-D Secure (a fee the bank wanted confirmed). */
  awaiting_guest: z.boolean(),
  /** A failed refund or an unpaid fee nobody has settled yet. */
  needs_attention: z.boolean(),
  /** The paid payment a refund gives back. */
  payment_id: z.string(),
  /** A refund's tries so far. */
  attempts: z.number().int().nullable(),
  resolution_note: z.string().nullable(),
  /**
   * An order paid to the courier (provider `door`, issue 46): how. While `pending` it is unpaid at the
   * door (the guest's chosen way); once `succeeded`, the way the courier recorded.
   */
  door_method: z.enum(DOOR_METHODS).nullable().optional(),
});
export type MoneyEntry = z.infer<typeof moneyEntrySchema>;

export const moneyDayTotalSchema = z.object({
  day: z.string(),
  /** Orders, fees, prepaid stays and bills' payments that went through, kopecks. */
  charged: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  count: z.number().int(),
});
export type MoneyDayTotal = z.infer<typeof moneyDayTotalSchema>;

export const moneyPageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Failed refunds and unpaid fees of any day, until resolved. */
  attention: z.array(moneyEntrySchema),
  entries: z.array(moneyEntrySchema),
  totals: z.array(moneyDayTotalSchema),
});
export type MoneyPage = z.infer<typeof moneyPageSchema>;

export const refundIdParamsSchema = z.strictObject({ id: z.coerce.number('common:validation.invalid').pipe(idSchema) });
export const feeIdParamsSchema = z.strictObject({ id: publicIdSchema });

/** Settling a failed refund or an unpaid fee outside the provider: what was done, for the change log. */
export const moneyResolveSchema = z.strictObject({
  note: z
    .string('common:validation.required')
    .trim()
    .min(1, 'common:validation.required')
    .max(MONEY_NOTE_MAX, 'admin:payments.validation.noteTooLong'),
});
export type MoneyResolve = z.infer<typeof moneyResolveSchema>;
