/**
 * Every date and time the screens show, in one place: calendar days of a stay, moments of orders
 * and payments, the board's months and weekdays, the kitchen's opening hour. Russian and English
 * (CHR-29); a moment is shown in the visitor's time unless it is about the hotel's own day.
 */
import { format, parseISO } from 'date-fns';
import { enGB, ru } from 'date-fns/locale';
import { HOTEL_TIME_ZONE, type Language } from '@hotel/domain';

const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;
const made = new Map<string, Intl.DateTimeFormat>();

/** Formatters are made once per language and style: constructing one costs far more than using it. */
function intl(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[language], options);
    made.set(key, formatter);
  }
  return formatter;
}

/** The short date of the booking screens: "12 июн. 2026" / "12 Jun 2026" (HOT-28). */
export function formatStayDate(date: string, language: Language): string {
  return format(parseISO(date), 'd MMM yyyy', { locale: language === 'ru' ? ru : enGB });
}

/** "24 нояб. 2026, 14:05" / "24 Nov 2026, 14:05", in the visitor's time. */
export function formatOrderMoment(iso: string, language: Language): string {
  return format(parseISO(iso), 'd MMM yyyy, HH:mm', { locale: language === 'ru' ? ru : enGB });
}

/** "14:05", in the visitor's time. */
export function formatTime(iso: string): string {
  return format(parseISO(iso), 'HH:mm');
}

/**
 * A moment with its date and time in the locale's own words ("5 янв. 2026 г., 14:05"); `short`
 * for the dense tables; `hotelTime` for the staff's records, read on the hotel's clock.
 */
export function formatMoment(iso: string, language: Language, { style = 'medium', hotelTime = false }: { style?: 'medium' | 'short'; hotelTime?: boolean } = {}): string {
  return intl(language, { dateStyle: style, timeStyle: 'short', ...(hotelTime ? { timeZone: HOTEL_TIME_ZONE } : {}) }).format(new Date(iso));
}

/** The short month of a calendar day "YYYY-MM-DD": "июн." / "Jun". */
export function formatMonth(date: string, language: Language): string {
  return intl(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The short weekday of a calendar day "YYYY-MM-DD": "пн" / "Mon". */
export function formatWeekday(date: string, language: Language): string {
  return intl(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** "11:00" on the hotel's clock, where the kitchen cooks. */
export function formatHotelClock(iso: string, language: Language): string {
  return intl(language, { timeZone: HOTEL_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** The full weekday of a calendar day "YYYY-MM-DD": "суббота" / "Saturday". */
export function formatWeekdayLong(date: string, language: Language): string {
  return intl(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
