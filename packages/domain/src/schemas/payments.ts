/**
 * Saved cards and payments (spec sections 3, 4, 7; API-19..23, API-40, API-41). A card is known by
 * two ids: `id`, our row, and `payment_method_id`, the id the screens and routes name it by. Only
 * the last four digits, the brand and the expiry of a card are kept; the card number never reaches
 * this server (it is typed on the provider's page).
 */
import { z } from 'zod';
import { kopecksSchema } from './common';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_CURRENCY = 'BYN';

/** The public id of a saved card or of a payment: a UUID. */
export const publicIdSchema = z.uuid('Invalid id');

export const paymentMethodIdParamsSchema = z.strictObject({ payment_method_id: publicIdSchema });
export const paymentIdParamsSchema = z.strictObject({ id: publicIdSchema });

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  payment_method_id: z.string(),
  card_last4: z.string(),
  brand: z.string(),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  primary: z.boolean(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Screens that start adding a card, and so may be returned to from the provider's page. */
export const CARD_RETURN_PATHS = ['/account/payments', '/delivery/cart', '/cart', '/hotel/payment'] as const;
export type CardReturnPath = (typeof CARD_RETURN_PATHS)[number];

/** POST payments/methods/init/ (and POST account/payments/methods/): start adding a card. */
export const paymentMethodInitSchema = z
  .strictObject({
    /** Where the provider sends the guest back; a fixed list, so the route is no open redirect. */
    return_path: z.enum(CARD_RETURN_PATHS).default('/account/payments'),
  })
  .nullish()
  .transform((body) => body ?? { return_path: '/account/payments' as const });

/** API-22: where to add the card, and the id to ask about afterwards. */
export const paymentMethodInitAnswerSchema = z.object({
  confirmation_url: z.string(),
  payment_method_id: z.string(),
});
export type PaymentMethodInitAnswer = z.infer<typeof paymentMethodInitAnswerSchema>;

/** API-23 and API-41: the state of a card being added, or of a payment. */
export const paymentStatusAnswerSchema = z.object({ status: z.enum(PAYMENT_STATUSES) });
export type PaymentStatusAnswer = z.infer<typeof paymentStatusAnswerSchema>;

/**
 * Screens that pay an order, and so may be returned to from the 3-D Secure page: the cart (a new
 * order) and the account's orders ("Pay" on one left unpaid). Each tracks the payment it sent the
 * guest away with.
 */
export const ORDER_PAYMENT_RETURN_PATHS = ['/delivery/cart', '/account/orders'] as const;
export type OrderPaymentReturnPath = (typeof ORDER_PAYMENT_RETURN_PATHS)[number];

/** POST payments/create/ (API-40). */
export const paymentCreateSchema = z.strictObject({
  order_id: z.number().int().positive().max(2 ** 31 - 1),
  payment_method_id: publicIdSchema,
  /** Where the provider sends the guest back after 3-D Secure; a fixed list, so the route is no open redirect. */
  return_path: z.enum(ORDER_PAYMENT_RETURN_PATHS).optional(),
});
export type PaymentCreate = z.infer<typeof paymentCreateSchema>;

/**
 * The answer of POST payments/create/: the payment's id, and where to confirm it (3-D Secure or
 * the provider's page) when the card cannot be charged without the guest (DEL-33, DEL-34).
 */
export const paymentCreatedSchema = z.object({
  payment_id: z.string(),
  confirmation_url: z.string().optional(),
  status: z.enum(PAYMENT_STATUSES),
  amount: kopecksSchema,
});
export type PaymentCreated = z.infer<typeof paymentCreatedSchema>;
