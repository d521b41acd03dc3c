import { hotelToday } from '@hotel/domain';

/** The visitor's local calendar date, "YYYY-MM-DD" (the filter rule compares with the local date). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Today" for the room search: the visitor's own day in the browser, and the hotel's
 * (Europe/Minsk) when the page is drawn on the server, whose clock may be UTC: after midnight in
 * Grodno it gave yesterday's dates.
 */
export function searchToday(now: Date = new Date(), onServer: boolean = typeof window === 'undefined'): string {
  return onServer ? hotelToday(now) : localToday(now);
}
