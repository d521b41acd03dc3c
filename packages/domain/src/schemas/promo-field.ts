/**
 * What a booking and an order carry of a promo code (decision 043), apart from the admin's schemas
 * (promo.ts): the booking's and the order's schemas are on the guest's pages, the admin's are not.
 */
import { z } from 'zod';
import { normalizePromoCode, PROMO_CODE_MAX, PROMO_REFUSALS } from '../rules/promo';
import { kopecksSchema } from './common';


/** The field a booking or an order carries: any text, compared in upper case; the server refuses an unknown one. */
export const promoCodeFieldSchema = z.string().trim().min(1, 'common:validation.required').max(PROMO_CODE_MAX, 'admin:promo.validation.code').transform(normalizePromoCode);

/** What a refused code adds to an answer (the check's, the booking's, the order's): why, and the minimum when below it. */
export const promoRefusalShape = {
  promo_refusal: z.enum(PROMO_REFUSALS).optional(),
  promo_min_amount: kopecksSchema.optional(),
};
