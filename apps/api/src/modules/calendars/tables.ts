/**
 * The calendars module's table: booking sites' calendars imported per room.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CalendarConflict, CalendarSkipReason } from '@hotel/domain';
import { createdAt } from '../../db/columns';
import { keyTarget } from '../../db/keys';
import { rooms } from '../hotel/tables';

/**
 * A booking site's calendar of one room (Booking.com, Airbnb, …), imported on a timer: each of its
 * events holds the room's nights (`room_holds`, kind 'import'). A failed import keeps the holds of
 * the last good one; the board shows the error and when it last worked.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** What staff call it: "Booking.com", "Airbnb". */
    name: text('name').notNull(),
    url: text('url').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** The last import's failure in words staff can act on; empty after a success. */
    lastError: text('last_error').notNull().default(''),
    /** The same failure as a code the admin screens translate (feed.ts FeedErrorCode); empty after a success. */
    lastErrorCode: text('last_error_code').notNull().default(''),
    /** Of the last good import: events that hold nights, events skipped and why, and conflicts. */
    eventCount: integer('event_count').notNull().default(0),
    skipped: jsonb('skipped').$type<{ uid: string; reason: CalendarSkipReason }[]>().notNull().default([]),
    conflicts: jsonb('conflicts').$type<CalendarConflict[]>().notNull().default([]),
    /** Conflicts of the last good import beyond those kept in `conflicts` (import.ts CONFLICTS_KEPT): counted, not listed. */
    conflictsOmitted: integer('conflicts_omitted').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('calendar_feeds_room_idx').on(t.roomId), uniqueIndex('calendar_feeds_room_url_idx').on(t.roomId, t.url)],
);
// An imported hold in hotel's room_holds names its feed: hotel lies below calendars (db/keys.ts).
keyTarget('calendarFeed', calendarFeeds.id);
