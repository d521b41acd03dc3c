/** Money as the screens show it. */
import { formatByn, type Language } from '@hotel/domain';

/** "1 250 BYN" */
export function formatMoney(kopecks: number, language: Language, currency: string): string {
  return `${formatByn(kopecks, language)}\u00a0${currency}`;
}
