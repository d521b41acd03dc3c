/**
 * Money is an integer number of kopecks (1 BYN = 100 kopecks), never a float.
 * These helpers are the only place where kopecks and roubles meet.
 */

export type Kopecks = number;

export function kopecksFromByn(byn: number): Kopecks {
  return Math.round(byn * 100);
}

export function bynFromKopecks(kopecks: Kopecks): number {
  return kopecks / 100;
}

/** "1 234,50" style amount without the currency, for the given locale. */
export function formatByn(kopecks: Kopecks, locale: string): string {
  const whole = kopecks % 100 === 0;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(bynFromKopecks(kopecks));
}
