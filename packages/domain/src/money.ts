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

// Written out rather than with Intl.NumberFormat: the first formatter a page makes loads the
// locale's number data, the costliest step of drawing a page of prices on a slow phone, and the
// two languages' rules fit in a line each (the same output as Intl's ru and en).
const SEPARATORS = {
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
} as const;

/** "1 234,50" style amount without the currency, for the given locale ("ru" or "en"). */
export function formatByn(kopecks: Kopecks, locale: string): string {
  const { group, decimal } = locale.startsWith('en') ? SEPARATORS.en : SEPARATORS.ru;
  const abs = Math.abs(Math.round(kopecks));
  const roubles = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const cents = abs % 100;
  return `${kopecks < 0 ? '-' : ''}${roubles}${cents === 0 ? '' : decimal + String(cents).padStart(2, '0')}`;
}
