/**
 * Promo codes (issue 23, point 4; rules/promo.ts): the admin's create and update, the guest's
 * check, and the answers. Messages are keys, answered in English by the server (messages.ts) and
 * in the visitor's language by the web; their texts in both languages are PROMO_MESSAGES
 * (rules/promo.ts).
 */
import { z } from 'zod';
import { PROMO_CODE_MAX, PROMO_KINDS, PROMO_SCOPES, normalizePromoCode } from '../rules/promo';
import { isIsoDate } from '../rules/stay';
import { ADMIN_PRICE_MAX } from './admin';
import { kopecksSchema } from './common';
import { promoCodeFieldSchema, promoRefusalShape } from './promo-field';

/** A limit of uses is at most this (a million). */
export const PROMO_USES_MAX = 1_000_000;


const codeSchema = z
  .string('common:validation.required')
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_-]{3,${PROMO_CODE_MAX}}$`), 'admin:promo.validation.code')
  .transform(normalizePromoCode);

const dayOrNull = z
  .string('admin:promo.validation.date')
  .refine(isIsoDate, 'admin:promo.validation.date')
  .nullable()
  .default(null);

const usesSchema = z
  .number('admin:promo.validation.uses')
  .int('admin:promo.validation.uses')
  .min(1, 'admin:promo.validation.uses')
  .max(PROMO_USES_MAX, 'admin:promo.validation.uses')
  .nullable()
  .default(null);

/**
 * POST admin/promo/ and PUT admin/promo/{id}/ (the whole code each time). A percentage is 1 to 100;
 * a fixed amount greater than 0, and not larger than the minimum amount when one is set above 0
 * (decision 043: a discount larger than what it applies to is refused here, and capped at use).
 */
export const promoCodeInputSchema = z
  .strictObject({
    code: codeSchema,
    kind: z.enum(PROMO_KINDS, 'common:validation.invalid'),
    value: z.number('common:validation.required').int('common:validation.invalid'),
    scope: z.enum(PROMO_SCOPES, 'common:validation.invalid'),
    valid_from: dayOrNull,
    valid_to: dayOrNull,
    stay_from: dayOrNull,
    stay_to: dayOrNull,
    min_amount: kopecksSchema.max(ADMIN_PRICE_MAX, 'admin:validation.priceTooHigh').default(0),
    max_uses: usesSchema,
    max_uses_per_guest: usesSchema,
    active: z.boolean('common:validation.invalid').default(true),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (input.value < 1 || input.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'admin:promo.validation.percent' });
    }
    if (input.kind === 'fixed') {
      if (input.value < 1 || input.value > ADMIN_PRICE_MAX) ctx.addIssue({ code: 'custom', path: ['value'], message: 'admin:promo.validation.amount' });
      else if (input.min_amount > 0 && input.value > input.min_amount) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'admin:promo.validation.fixedOverMinimum' });
      }
    }
    if (input.valid_from && input.valid_to && input.valid_to < input.valid_from) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'admin:promo.validation.validEndsBeforeStart' });
    }
    if (input.stay_from && input.stay_to && input.stay_to < input.stay_from) {
      ctx.addIssue({ code: 'custom', path: ['stay_to'], message: 'admin:promo.validation.stayEndsBeforeStart' });
    }
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;
export type PromoCodeData = z.output<typeof promoCodeInputSchema>;

/** A code as staff see it, with its live uses. */
export const promoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  scope: z.enum(PROMO_SCOPES),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  stay_from: z.string().nullable(),
  stay_to: z.string().nullable(),
  min_amount: kopecksSchema,
  max_uses: z.number().int().nullable(),
  max_uses_per_guest: z.number().int().nullable(),
  active: z.boolean(),
  /** Uses of bookings and orders not cancelled. */
  uses: z.number().int(),
  created_at: z.string(),
});
export type PromoCodeView = z.infer<typeof promoCodeSchema>;


/**
 * POST promo/check/: what a code takes off an amount now, without using it. `amount` is the stay's
 * subtotal (its nights) or the order's dishes after their own discount, as the screen shows them;
 * the booking and the order price the code again from their own figures.
 */
export const promoCheckSchema = z.strictObject({
  code: promoCodeFieldSchema,
  scope: z.enum(['rooms', 'delivery'], 'common:validation.invalid'),
  amount: kopecksSchema.max(ADMIN_PRICE_MAX, 'admin:validation.priceTooHigh'),
  arrival: z.string().refine(isIsoDate, 'common:validation.invalid').optional(),
  departure: z.string().refine(isIsoDate, 'common:validation.invalid').optional(),
});
export type PromoCheck = z.input<typeof promoCheckSchema>;

export const promoCheckAnswerSchema = z.object({
  code: z.string(),
  discount: kopecksSchema,
});
export type PromoCheckAnswer = z.infer<typeof promoCheckAnswerSchema>;

/** A refused code: the `detail`, the `promo_refusal` the web words, the minimum when below it. */
export const promoRefusedSchema = z.object({ detail: z.string(), ...promoRefusalShape });
