/**
 * Promo codes (issue 23, point 4; docs/decisions/043-promo-codes.md). Staff create codes: a
 * percentage or a fixed amount off, for rooms, for delivery or both, valid between two days, for
 * stays within two days, from a minimum amount, with a limit of uses in all and per guest. The
 * server prices a code with `promoDiscount` alone: the guest's check, the booking and the order.
 */
import type { Kopecks } from '../money';
import { addDays } from './stay';

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** What a code is for: rooms (a stay's nights), delivery (an order's dishes), or both. */
export const PROMO_SCOPES = ['rooms', 'delivery', 'both'] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];

/** What a code is applied to: a stay or an order. */
export type PromoTarget = 'rooms' | 'delivery';

/**
 * Why a code is refused; the web words each in the visitor's language (`promo:refused.*`). A guest
 * the code was never valid for hears only `unavailable`, whatever the reason, or the answer would
 * tell a guess that the code exists (decision 043); the others only to a guest it was valid for.
 */
export const PROMO_REFUSALS = ['unavailable', 'inactive', 'not_started', 'expired', 'not_for_this', 'stay_outside', 'below_minimum', 'used_up', 'used_by_you'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** Codes are kept and compared in upper case: "summer25" and "SUMMER25" are one code. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

export interface PromoCode {
  code: string;
  kind: PromoKind;
  /** Percent (1 to 100) for `percent`, kopecks for `fixed`. */
  value: number;
  scope: PromoScope;
  /** Days (hotel time) the code may be used on, inclusive; null: no bound. */
  validFrom: string | null;
  validTo: string | null;
  /** For rooms: every night of the stay lies within these days, inclusive; null: no bound. */
  stayFrom: string | null;
  stayTo: string | null;
  /** The least amount (kopecks) it applies to. */
  minAmount: Kopecks;
  /** Uses in all, and per guest; null: no limit. */
  maxUses: number | null;
  maxUsesPerGuest: number | null;
  active: boolean;
}

export interface PromoUse {
  scope: PromoTarget;
  /** What the code takes its discount from: a stay's subtotal (its nights), an order's dishes after their own discount. */
  amount: Kopecks;
  /** The stay, for a code for rooms limited to stays within days. */
  stay?: { arrival: string; departure: string } | undefined;
  /** Today in hotel time, "YYYY-MM-DD". */
  today: string;
  /** Live uses of the code (a cancelled booking or order gave its use back), in all and by this guest. */
  usesSoFar: number;
  usesByGuest: number;
}

export type PromoAnswer = { ok: true; discount: Kopecks } | { ok: false; reason: PromoRefusal };

/**
 * The discount a code gives (kopecks), or why it is refused. The checks, in order: active, the
 * days it is valid, what it is for, the stay's days, the minimum, the uses in all, then the
 * guest's. A percentage is rounded down to the kopeck; a fixed amount larger than the amount is
 * capped at it, so a total never goes below zero.
 */
export function promoDiscount(code: PromoCode, use: PromoUse): PromoAnswer {
  if (!code.active) return { ok: false, reason: 'inactive' };
  if (code.validFrom !== null && use.today < code.validFrom) return { ok: false, reason: 'not_started' };
  if (code.validTo !== null && use.today > code.validTo) return { ok: false, reason: 'expired' };
  if (code.scope !== 'both' && code.scope !== use.scope) return { ok: false, reason: 'not_for_this' };
  if (use.scope === 'rooms' && use.stay) {
    if (code.stayFrom !== null && use.stay.arrival < code.stayFrom) return { ok: false, reason: 'stay_outside' };
    // The last night is the day before departure.
    if (code.stayTo !== null && addDays(use.stay.departure, -1) > code.stayTo) return { ok: false, reason: 'stay_outside' };
  }
  if (use.amount <= 0 || use.amount < code.minAmount) return { ok: false, reason: 'below_minimum' };
  if (code.maxUses !== null && use.usesSoFar >= code.maxUses) return { ok: false, reason: 'used_up' };
  if (code.maxUsesPerGuest !== null && use.usesByGuest >= code.maxUsesPerGuest) return { ok: false, reason: 'used_by_you' };
  const discount = code.kind === 'percent' ? Math.floor((use.amount * code.value) / 100) : Math.min(code.value, use.amount);
  return { ok: true, discount };
}

/**
 * A promo code's discount on a stay: what the code gives, at most what the nights still cost after
 * the rate's discount, so the two together never take more than the nights' sum (issue 42). The
 * server's pricing (`priceStayAt`) and the payment step's figure both take it from here.
 */
export const stayPromoDiscount = (codeDiscount: Kopecks, nightsAfterRate: Kopecks): Kopecks => Math.max(0, Math.min(codeDiscount, nightsAfterRate));

/** The longest promo code, in characters. */
export const PROMO_CODE_MAX = 32;

/** The promo code form's refusals, in both languages (schemas/promo.ts checks them). */
export const PROMO_MESSAGES = {
  'admin:promo.validation.code': {
    ru: `Код: от 3 до ${PROMO_CODE_MAX} латинских букв, цифр, «-» или «_»`,
    en: `A code is 3 to ${PROMO_CODE_MAX} Latin letters, digits, "-" or "_"`,
  },
  'admin:promo.validation.percent': { ru: 'Процент — целое число от 1 до 100', en: 'A percentage is a whole number from 1 to 100' },
  'admin:promo.validation.amount': { ru: 'Сумма скидки — больше 0 и не больше предела', en: 'A fixed discount is greater than 0 and within the limit' },
  'admin:promo.validation.fixedOverMinimum': {
    ru: 'Скидка больше минимальной суммы: задайте минимальную сумму не меньше скидки',
    en: 'The discount is larger than the minimum amount: set a minimum of at least the discount',
  },
  'admin:promo.validation.validEndsBeforeStart': { ru: 'Срок действия кончается раньше, чем начинается', en: 'The validity ends before it starts' },
  'admin:promo.validation.stayEndsBeforeStart': { ru: 'Даты проживания кончаются раньше, чем начинаются', en: 'The stay dates end before they start' },
  'admin:promo.validation.uses': { ru: 'Целое число от 1 до 1 000 000, или пусто', en: 'A whole number from 1 to 1,000,000, or empty' },
  'admin:promo.validation.date': { ru: 'Дата в виде ГГГГ-ММ-ДД, или пусто', en: 'A date as YYYY-MM-DD, or empty' },
} as const;
export type PromoMessageKey = keyof typeof PROMO_MESSAGES;
