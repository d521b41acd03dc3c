/**
 * Room calendars shared with booking sites (issue 11, part 3). Each room has an export feed, an
 * iCalendar file at a secret address that Booking.com, Airbnb and others read, and import feeds,
 * those sites' own calendars, read on a timer: every imported event holds the room's nights.
 * Dates are calendar days of the hotel (Europe/Minsk); nights are `[arrival, departure)`.
 */
import { z } from 'zod';
import { textParts } from './admin';
import { oneLineText } from './common';
import { CALENDAR_FEED_ERROR_CODES, CALENDAR_SKIP_REASONS } from '../constants';
import { calendarConflictSchema } from './board';

/** A feed larger than this is refused: a room's calendar for years is a few kilobytes. */
export const CALENDAR_FEED_MAX_BYTES = 5 * 1024 * 1024;
/** How long an import waits for a booking site before it counts as failed. */
export const CALENDAR_FEED_TIMEOUT_MS = 15_000;
/** Booking sites one room is sold on: a handful; the cap keeps the timer's work bounded. */
export const CALENDAR_FEEDS_PER_ROOM_MAX = 10;
export const CALENDAR_FEED_NAME_MAX = 60;
export const CALENDAR_FEED_URL_MAX = 2000;

/** The details of the feed routes' refusals; the admin screen says them in the staff member's language by these. */
export const CALENDAR_FEED_DETAILS = {
  duplicate: 'This room already imports this calendar',
  tooMany: `A room imports at most ${CALENDAR_FEEDS_PER_ROOM_MAX} calendars`,
} as const;

const feedUrl = oneLineText('common:validation.required')
  .trim()
  .min(1, 'common:validation.required')
  .max(CALENDAR_FEED_URL_MAX, 'admin:validation.tooLong')
  .refine((text) => {
    try {
      const url = new URL(text);
      // webcal:// is how sites often print an address meant for calendar apps; it is http(s).
      return ['http:', 'https:', 'webcal:'].includes(url.protocol) && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'admin:calendar.validation.url');

/** POST admin/rooms/{room_id}/calendar/feeds/: a booking site's calendar to import. */
export const calendarFeedCreateSchema = z.strictObject({
  name: textParts(CALENDAR_FEED_NAME_MAX, 'one').ru,
  url: feedUrl,
});
export type CalendarFeedCreate = z.input<typeof calendarFeedCreateSchema>;

/** A booking site's calendar of a room and how its last import went. */
export const calendarFeedSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  last_attempt_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  /** Empty when the last import worked; otherwise what went wrong, in English, for staff. */
  last_error: z.string(),
  /** The same, for the admin screens to say in the staff member's language. */
  error_code: z.enum(CALENDAR_FEED_ERROR_CODES).nullable(),
  /** Events of the last good import that hold nights (past stays are not imported). */
  event_count: z.number().int(),
  /** Events of the last good import it skipped, with why (no dates, recurring, …). */
  skipped: z.array(z.object({ uid: z.string(), reason: z.enum(CALENDAR_SKIP_REASONS) })),
  /** The first conflicts of the last good import (at most 50), with what holds their nights. */
  conflicts: z.array(calendarConflictSchema),
  /** How many more conflicts that import had than `conflicts` lists. */
  conflicts_omitted: z.number().int().nonnegative(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET admin/rooms/{room_id}/calendar/: the room's export address and its import feeds. */
export const roomCalendarSchema = z.object({
  room_id: z.number().int(),
  /** The full address of the room's `.ics`; anyone who has it reads which nights are taken. */
  export_url: z.string(),
  feeds: z.array(calendarFeedSchema),
});
export type RoomCalendar = z.infer<typeof roomCalendarSchema>;
