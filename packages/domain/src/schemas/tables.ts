/**
 * Table reservations at the restaurant (issue 24, point 1): the guest's booking form and the
 * API's requests and answers, the staff's day of tables (docs/decisions/039-table-reservations.md).
 */
import { z } from 'zod';
import {
  isBeyondTableHorizon,
  isTablePast,
  isTableTime,
  TABLE_COVERS_MAX,
  TABLE_PARTY_MAX,
  TABLE_EMAIL_STATES,
  TABLE_SOURCES,
  TABLE_STATUSES,
} from '../rules/tables';
import { hotelToday } from '../hotel-today';
import { emailSchema } from './identity';
import { languageSchema, oneLineText } from './common';
import { isoDateSchema } from './stay';

export const TABLE_NAME_MAX = 100;
export const TABLE_WISHES_MAX = 500;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

const timeSchema = z
  .string('restaurant:tables.validation.timeRequired')
  .min(1, { message: 'restaurant:tables.validation.timeRequired', abort: true })
  .refine(isTableTime, 'restaurant:tables.validation.hours');
/** An e-mail for the letter; an empty field is none. */
const letterEmailSchema = z.union([z.literal('').transform(() => undefined), emailSchema]).optional();
const partySchema = z.coerce
  .number('restaurant:tables.validation.partyMin')
  .int('restaurant:tables.validation.partyMin')
  .min(1, 'restaurant:tables.validation.partyMin')
  .max(TABLE_PARTY_MAX, 'restaurant:tables.validation.partyMax');
const nameSchema = oneLineText('restaurant:tables.validation.nameRequired').trim().min(2, 'restaurant:tables.validation.nameRequired').max(TABLE_NAME_MAX, 'restaurant:tables.validation.tooLong');
const phoneSchema = oneLineText('restaurant:tables.validation.phone').trim().regex(PHONE, 'restaurant:tables.validation.phone');
const wishesSchema = z.string().trim().max(TABLE_WISHES_MAX, 'restaurant:tables.validation.tooLong');

/** The date and time of a table: in the restaurant's hours, not gone, within the horizon. */
function refineWhen(now: () => Date, allowPast: boolean) {
  return (value: { date: string; time: string }, ctx: z.RefinementCtx) => {
    const at = now();
    if (isBeyondTableHorizon(value.date, at)) ctx.addIssue({ code: 'custom', path: ['date'], message: 'restaurant:tables.validation.tooFar' });
    else if (allowPast ? value.date < hotelToday(at) : isTablePast(value.date, value.time, at)) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'restaurant:tables.validation.past' });
    }
  };
}

const whenShape = {
  date: isoDateSchema('restaurant:tables.validation.dateRequired'),
  time: timeSchema,
};

/** A guest's booking (the form and POST restaurant/tables/). The e-mail is required of anonymous guests. */
export function tableBookingSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      ...whenShape,
      party: partySchema,
      name: nameSchema,
      phone: phoneSchema,
      email: letterEmailSchema,
      wishes: wishesSchema.default(''),
      /** The language of the letters. */
      language: languageSchema.default('ru'),
    })
    .superRefine(refineWhen(now, false));
}
export type TableBooking = z.input<ReturnType<typeof tableBookingSchema>>;

/** What staff write down for a phone call or a guest at the door. */
export function staffTableSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      ...whenShape,
      party: partySchema,
      name: nameSchema,
      phone: phoneSchema.or(z.literal('')).default(''),
      email: letterEmailSchema,
      wishes: wishesSchema.default(''),
      source: z.enum(['phone', 'walk_in']),
      language: languageSchema.default('ru'),
    })
    // A walk-in sits down now: its slot may have begun a few minutes ago.
    .superRefine(refineWhen(now, true));
}
export type StaffTableInput = z.input<ReturnType<typeof staffTableSchema>>;

/** A move to another time (and day). */
export function tableMoveSchema(now: () => Date = () => new Date()) {
  return z.strictObject(whenShape).superRefine(refineWhen(now, false));
}

export const tableDayQuerySchema = z.strictObject({
  date: isoDateSchema('restaurant:tables.validation.dateRequired'),
  party: partySchema.optional(),
});

export const tableSettingsSchema = z.strictObject({
  covers: z
    .number('restaurant-board:validation.covers')
    .int('restaurant-board:validation.covers')
    .min(1, 'restaurant-board:validation.covers')
    .max(TABLE_COVERS_MAX, 'restaurant-board:validation.covers'),
  auto_confirm: z.boolean('common:validation.invalid'),
});
export type TableSettings = z.infer<typeof tableSettingsSchema>;

/** The free start times of a day for a party (GET restaurant/tables/day/). */
export const tableDaySchema = z.object({
  date: z.string(),
  party: z.number().int(),
  times: z.array(z.object({ time: z.string(), free: z.boolean() })),
});
export type TableDay = z.infer<typeof tableDaySchema>;

export const tableReservationSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  time: z.string(),
  ends: z.string(),
  party: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  wishes: z.string(),
  status: z.enum(TABLE_STATUSES),
  source: z.enum(TABLE_SOURCES),
  /** Whether the booker proved the e-mail theirs; an `expired` table no longer holds seats. */
  email_state: z.enum(TABLE_EMAIL_STATES),
  /** Until when a table `awaiting` its confirmation holds its seats; null once confirmed. */
  hold_until: z.string().nullable(),
  can_cancel: z.boolean(),
  created_at: z.string(),
});
export type TableReservation = z.infer<typeof tableReservationSchema>;

/**
 * 409: for a full slot, with the nearest start times still free for the party that day; a move's
 * 409 for a table whose status allows no move has no `nearest`.
 */
export const tableFullSchema = z.object({ detail: z.string(), nearest: z.array(z.string()).optional() });

/** The secret of the link in the letter to an unconfirmed address (POST restaurant/tables/confirm/). */
export const tableConfirmSchema = z.strictObject({
  token: z.string('common:validation.invalid').regex(/^[A-Za-z0-9_-]{43}$/, 'common:validation.invalid'),
});

/** A staff step on a table (POST admin/restaurant/tables/{id}/step/). */
export const tableStepSchema = z.strictObject({ step: z.enum(['confirm', 'seat', 'no_show', 'undo_no_show', 'cancel']) });
export type TableStepInput = z.infer<typeof tableStepSchema>;

/** What clearing the unconfirmed tables did (POST admin/restaurant/unconfirmed/clear/). */
export const tableClearedSchema = z.object({ cleared: z.number().int() });

/** The staff's day (GET admin/restaurant/day/). */
export const tableBoardSchema = z.object({
  date: z.string(),
  settings: tableSettingsSchema,
  /** Tables from today on whose e-mail is not confirmed, on every day (what "clear" would cancel). */
  unconfirmed_total: z.number().int(),
  reservations: z.array(tableReservationSchema),
  /** Seats taken in each start slot of the day, with the covers. */
  load: z.array(z.object({ time: z.string(), taken: z.number().int() })),
});
export type TableBoard = z.infer<typeof tableBoardSchema>;
