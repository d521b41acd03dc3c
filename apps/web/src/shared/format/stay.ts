/** Dates and money as the booking and reservation screens show them. */
import { format, parseISO } from 'date-fns';
import { enGB, ru } from 'date-fns/locale';
import { formatByn, type Language } from '@hotel/domain';

/** The short date of the booking screens: "12 июн. 2026" / "12 Jun 2026" (HOT-28). */
export function formatStayDate(date: string, language: Language): string {
  return format(parseISO(date), 'd MMM yyyy', { locale: language === 'ru' ? ru : enGB });
}

/** "1 250 BYN" */
export function formatMoney(kopecks: number, language: Language, currency: string): string {
  return `${formatByn(kopecks, language)}\u00a0${currency}`;
}
