/**
 * ERIP («Расчёт»), Belarus's settlement system, through bePaid (docs/decisions/058-erip.md): the
 * hotel issues a bill with a number, and the guest pays it from any bank's app or at a counter by
 * going down ERIP's tree to the hotel's service and typing the number. Not instant, so it is offered
 * only where waiting fits: a non-refundable stay far enough ahead, and the desk's bill; never food.
 */
import { z } from 'zod';
import type { Language } from '../constants';
import { nightsBetween } from './stay';

/** How a payment moves money: a card (typed on the provider's page or saved), or an ERIP bill. */
export const PAYMENT_METHOD_KINDS = ['card', 'erip'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** The first step of every ERIP path, as bank apps name it. */
export const ERIP_ROOT: Record<Language, string> = { ru: 'Расчёт (ЕРИП)', en: 'Raschet (ERIP)' };

/** Whether a stay arriving on `arrival` may be paid by ERIP when booked `today`: more than `minDaysAhead` days ahead. */
export function eripOffered(arrival: string, today: string, minDaysAhead: number): boolean {
  return nightsBetween(today, arrival) > minDaysAhead;
}

/** The path the guest follows in their bank's app: «Расчёт (ЕРИП) → … → номер счёта». */
export function eripPath(language: Language, servicePath: string): string {
  return `${ERIP_ROOT[language]} → ${servicePath} → ${language === 'ru' ? 'номер счёта' : 'bill number'}`;
}

/** An ERIP bill as the guest and staff see it. */
export const eripBillSchema = z.object({
  /** What the guest types in ERIP. */
  bill_number: z.string(),
  /** The hotel's service number in ERIP. */
  service_no: z.number().int(),
  /** The steps below «Расчёт (ЕРИП)» to the hotel's service. */
  service_path: z.string(),
  /** Until when the bill may be paid; the room is held until then. */
  expires_at: z.string().nullable(),
});
export type EripBill = z.infer<typeof eripBillSchema>;
