/**
 * Where things go on the reservations board: one column per day of the window, and each hold a
 * bar from the afternoon of its arrival day (check-in 14:00) to the noon of its departure day
 * (check-out 12:00), so a stay that ends on the day another begins sits beside it, not over it.
 */
import { addDays, nightsBetween } from '@hotel/domain';

export interface BoardDay {
  date: string;
  /** 1..31 */
  dayOfMonth: number;
  /** 0 = Sunday … 6 = Saturday, as the calendar date (not the browser's zone) has it. */
  weekday: number;
  isToday: boolean;
  /** The first day of a month, where the month's name is shown. */
  monthStart: boolean;
}

export function boardDays(from: string, days: number, today: string): BoardDay[] {
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(from, index);
    const utc = new Date(`${date}T00:00:00Z`);
    return { date, dayOfMonth: utc.getUTCDate(), weekday: utc.getUTCDay(), isToday: date === today, monthStart: index === 0 || utc.getUTCDate() === 1 };
  });
}

export interface BarPlacement {
  /** From the left edge of the first day, in days (a half day in when the arrival is in the window). */
  start: number;
  /** In days. */
  length: number;
  /** The hold began before the window / ends after it: drawn open at that edge. */
  before: boolean;
  after: boolean;
}

/** The bar of nights `[arrival, departure)` on a window of `days` days from `from`; null when it is outside. */
export function barPlacement(stay: { arrival: string; departure: string }, from: string, days: number): BarPlacement | null {
  const to = addDays(from, days);
  if (stay.departure <= from || stay.arrival >= to) return null;
  const before = stay.arrival < from;
  const after = stay.departure > to;
  const start = before ? 0 : nightsBetween(from, stay.arrival) + 0.5;
  const end = after ? days : nightsBetween(from, stay.departure) + 0.5;
  return { start, length: Math.max(0.5, end - start), before, after };
}

/** The first day of the window that starts a week (Monday) on or before a day. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}
