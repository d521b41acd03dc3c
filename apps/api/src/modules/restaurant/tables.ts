/**
 * The restaurant module's tables (docs/decisions/039-table-reservations.md): its settings, the days
 * that have tables, the tables booked and the anonymous bookings counted per day.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TABLE_COVERS_DEFAULT, TABLE_PARTY_MAX, TABLE_SOURCES, TABLE_STATUSES } from '@hotel/domain';
import { createdAt, languageEnum } from '../../db/columns';
import { users } from '../auth/tables';

export const tableStatusEnum = pgEnum('table_status', TABLE_STATUSES);

export const tableSourceEnum = pgEnum('table_source', TABLE_SOURCES);

/** The restaurant's one row of settings staff change: covers laid at once, and whether a booking is confirmed at once. */
export const restaurantSettings = pgTable(
  'restaurant_settings',
  {
    id: integer('id').primaryKey().default(1),
    covers: integer('covers').notNull().default(TABLE_COVERS_DEFAULT),
    autoConfirm: boolean('auto_confirm').notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('restaurant_settings_one_row', sql`${t.id} = 1`), check('restaurant_settings_covers_positive', sql`${t.covers} > 0`)],
);

/**
 * One row per day that has tables: a booking, a move or a walk-in locks its day's row
 * (SELECT … FOR UPDATE) before it counts the seats taken, so two bookings of one evening are
 * counted one after the other and the covers are never exceeded.
 */
export const tableDays = pgTable('table_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

/** A table at the restaurant: booked on the site, taken by phone, or a guest at the door. */
export const tableReservations = pgTable(
  'table_reservations',
  {
    id: serial('id').primaryKey(),
    /** The signed-in guest who booked it; null for an anonymous guest and for staff's entries. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The start, in minutes after midnight on the hotel's clock. */
    startMinute: integer('start_minute').notNull(),
    party: integer('party').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    /** Where the letters go; null when staff took a table without one. */
    email: text('email'),
    wishes: text('wishes').notNull().default(''),
    status: tableStatusEnum('status').notNull().default('requested'),
    source: tableSourceEnum('source').notNull().default('site'),
    /** The language of the letters. */
    language: languageEnum('language').notNull().default('ru'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the guest proved the address is theirs: at booking for staff's entries and activated
     * accounts, by the link in the short letter for everyone else; null until then.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Until when a table whose address is not confirmed holds its seats (TABLE_UNCONFIRMED_HOLD_MINUTES). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** SHA-256 of the confirmation link's secret; the secret itself is only in the letter. */
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_reservations_day_idx').on(t.day, t.startMinute),
    uniqueIndex('table_reservations_confirm_token_idx').on(t.confirmTokenHash),
    index('table_reservations_user_idx').on(t.userId),
    check('table_reservations_party', sql`${t.party} BETWEEN 1 AND ${sql.raw(String(TABLE_PARTY_MAX))}`),
    check('table_reservations_start', sql`${t.startMinute} BETWEEN 0 AND 1439 AND ${t.startMinute} % 15 = 0`),
  ],
);

/**
 * Anonymous bookings per client address and per e-mail per hotel day (the caps of
 * docs/decisions/048-table-confirmation.md): one row per key and day, raised in the booking's
 * transaction by an upsert, so racing bookings count one after the other. The key is a SHA-256,
 * not the address itself.
 */
export const tableBookingCounts = pgTable(
  'table_booking_counts',
  {
    keyHash: text('key_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyHash, t.day] })],
);
