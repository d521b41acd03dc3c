/**
 * Prices are typed in roubles ("125", "12,50") and sent in kopecks. A leading zero before a digit
 * is dropped as it is typed ("05" becomes "5", ADM-33).
 */
import { kopecksFromByn } from '@hotel/domain';

export function stripLeadingZero(text: string): string {
  return text.replace(/^0+(?=\d)/, '');
}

/** Kopecks from what was typed; NaN when it is not an amount (the schema then says why). */
export function kopecksFromText(text: string): number {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  return kopecksFromByn(Number(normalized));
}

export function textFromKopecks(kopecks: number | null | undefined): string {
  if (kopecks === null || kopecks === undefined) return '';
  return kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2);
}
