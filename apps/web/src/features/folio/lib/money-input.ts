import { z } from 'zod';
import { kopecksFromText } from '../../../shared/admin/price';

/**
 * What staff type as an amount at the desk ("42,50", "42.5", "100") in kopecks, or null when it is
 * not one: read as every admin price is read, and never below zero (a correction is its own line).
 */
export function kopecksFromInput(text: string): number | null {
  const kopecks = kopecksFromText(text);
  return Number.isNaN(kopecks) || kopecks < 0 ? null : kopecks;
}

/** Kopecks as an amount field shows them: "42.50". */
export const inputFromKopecks = (kopecks: number) => (kopecks / 100).toFixed(2);

/**
 * An amount field as typed: refused with the field's own hint ("such as 42.50") when it is not a
 * positive amount; the bill's schemas then judge the kopecks it makes.
 */
export const amountInputSchema = z.string().refine((text) => (kopecksFromInput(text) ?? 0) > 0, 'folio:form.amountInvalid');
