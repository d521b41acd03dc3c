/**
 * Extras with the stay (issue 23, point 5; rules/extras.ts; docs/decisions/044-stay-extras.md):
 * what staff write in the admin area, what a room offers, what a booking asks for and keeps.
 * Messages are translation keys; the server answers them in English (messages.ts).
 */
import { z } from 'zod';
import { BOOKING_EXTRAS_MAX, EXTRA_COUNTS, EXTRA_QUANTITY_MAX } from '../rules/extras';
import { localizedInput, productPriceSchema, TEXT_MAX } from './admin';
import { imageSchema } from './catalogue';
import { idSchema, kopecksSchema, localizedTextSchema } from './common';

/** The most rooms an extra may name (the hotel has eight). */
export const EXTRA_ROOMS_MAX = 100;
export const EXTRA_SORT_MAX = 10_000;

const countsSchema = z.enum(EXTRA_COUNTS, 'common:validation.invalid');
const roomIdsSchema = z
  .array(idSchema)
  .min(1, 'admin:extras.validation.noRooms')
  .max(EXTRA_ROOMS_MAX, 'common:validation.invalid')
  .refine((ids) => new Set(ids).size === ids.length, 'common:validation.invalid')
  .nullable();
const sortOrderSchema = z.number('common:validation.invalid').int('common:validation.invalid').min(0, 'common:validation.invalid').max(EXTRA_SORT_MAX, 'common:validation.invalid');

const extraFields = {
  name: localizedInput(TEXT_MAX.name, 'one'),
  description: localizedInput(TEXT_MAX.description),
  /** Kopecks, greater than 0 and at most ADMIN_PRICE_MAX. */
  price: productPriceSchema,
  counts: countsSchema,
  active: z.boolean(),
  sort_order: sortOrderSchema,
  /** The rooms that offer it; null: every room. */
  room_ids: roomIdsSchema,
};

/** POST admin/extras/. */
export const extraCreateSchema = z.strictObject({
  ...extraFields,
  description: extraFields.description.optional(),
  active: extraFields.active.default(true),
  sort_order: extraFields.sort_order.default(0),
  room_ids: extraFields.room_ids.default(null),
});
export type ExtraCreate = z.input<typeof extraCreateSchema>;
export type ExtraCreateInput = z.output<typeof extraCreateSchema>;

/** PUT admin/extras/{id}/: the changed fields only. */
export const extraUpdateSchema = z
  .strictObject({
    name: extraFields.name.optional(),
    description: extraFields.description.optional(),
    price: extraFields.price.optional(),
    counts: extraFields.counts.optional(),
    active: extraFields.active.optional(),
    sort_order: extraFields.sort_order.optional(),
    room_ids: extraFields.room_ids.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'admin:validation.nothingToChange');
export type ExtraUpdate = z.input<typeof extraUpdateSchema>;

/** The extras a booking asks for (POST hotel/reservations/ `extras`): each id once, a quantity from 1. */
export const bookingExtrasSchema = z
  .array(
    z.strictObject({
      id: idSchema,
      quantity: z.number('common:validation.invalid').int('common:validation.invalid').min(1, 'extras:validation.quantityRange').max(EXTRA_QUANTITY_MAX, 'extras:validation.quantityRange'),
    }),
  )
  .max(BOOKING_EXTRAS_MAX, 'common:validation.invalid')
  .refine((extras) => new Set(extras.map((extra) => extra.id)).size === extras.length, 'extras:validation.duplicate')
  .default([]);
export type BookingExtras = z.input<typeof bookingExtrasSchema>;

/** An extra a room offers, as the guest sees it (GET hotel/rooms/{id}/extras/). */
export const stayExtraSchema = z.object({
  id: z.number().int(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  price: kopecksSchema,
  counts: z.enum(EXTRA_COUNTS),
  image: imageSchema.nullable(),
});
export type StayExtra = z.infer<typeof stayExtraSchema>;

/** An extra as staff edit it: texts as written, the rooms that offer it, whether it is offered at all. */
export const adminExtraSchema = stayExtraSchema.extend({
  active: z.boolean(),
  sort_order: z.number().int(),
  room_ids: z.array(z.number().int()).nullable(),
});
export type AdminExtra = z.infer<typeof adminExtraSchema>;

/** An extra a reservation took: its names and prices as at booking. */
export const reservationExtraSchema = z.object({
  extra_id: z.number().int().nullable(),
  name: localizedTextSchema,
  counts: z.enum(EXTRA_COUNTS),
  unit_price: kopecksSchema,
  quantity: z.number().int().positive(),
  /** The nights the price is taken for; 1 for a per-stay or per-trip extra. */
  times: z.number().int().positive(),
  total: kopecksSchema,
});
export type ReservationExtra = z.infer<typeof reservationExtraSchema>;

/** The 422 of a booking whose extra is refused: the detail in English and Russian, and which extra. */
export const extraRefusedSchema = z.object({
  reason: z.enum(['unknown', 'not_offered', 'quantity', 'duplicate']),
  extra_id: z.number().int(),
});
