/**
 * Every date and time the screens show, in one place: calendar days of a stay, moments of orders
 * and payments, the board's months and weekdays, the kitchen's opening hour. Russian and English
 * (CHR-29). Every moment the hotel states (an order's times, a delivery slot, a payment, a
 * record) is on the hotel's clock (Europe/Minsk), whatever the visitor's device is set to: an
 * order placed at 23:40 in Grodno reads 23:40 in a browser set to UTC too.
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

/** Stay dates written, by language and day: a few hundred days are ever shown, each many times (every search page the server draws). */
const stayDates = new Map<string, string>();
const KEPT_STAY_DATES = 4096;

/** The short date of the booking screens: "12 июн. 2026" / "12 Jun 2026" (HOT-28). */
export function formatStayDate(date: string, language: Language): string {
  const key = language + date;
  let text = stayDates.get(key);
  if (text === undefined) {
    text = format(parseISO(date), 'd MMM yyyy', { locale: language === 'ru' ? ru : enGB });
    if (stayDates.size >= KEPT_STAY_DATES) stayDates.clear();
    stayDates.set(key, text);
  }
  return text;
}

/** A moment as a Date whose own fields read the hotel's wall clock, for date-fns' patterns. */
function onHotelClock(iso: string): Date {
  const parts = intl('en', { timeZone: HOTEL_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((found) => found.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

/** "24 нояб. 2026, 14:05" / "24 Nov 2026, 14:05", on the hotel's clock. */
export function formatOrderMoment(iso: string, language: Language): string {
  return format(onHotelClock(iso), 'd MMM yyyy, HH:mm', { locale: language === 'ru' ? ru : enGB });
}

/** "14:05", on the hotel's clock. */
export function formatTime(iso: string): string {
  return intl('ru', { timeZone: HOTEL_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A moment with its date and time in the locale's own words ("5 янв. 2026 г., 14:05") on the hotel's clock; `short` for the dense tables. */
export function formatMoment(iso: string, language: Language, { style = 'medium' }: { style?: 'medium' | 'short' } = {}): string {
  return intl(language, { dateStyle: style, timeStyle: 'short', timeZone: HOTEL_TIME_ZONE }).format(new Date(iso));
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
