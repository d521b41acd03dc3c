/**
 * The hotel module's tables: rooms and their amenities, prices and stay rules by date, reservations
 * and the guests staying, and the nights each room is taken (`room_holds`).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BookingChannel, Guarantee, RoomState, StayStatus } from '@hotel/domain';
import { createdAt, dateRange, localized, type StoredImage } from '../../db/columns';
import { keyTarget, upperKey } from '../../db/keys';
import { guests } from '../account/tables';
import { users } from '../auth/tables';
import { paymentMethods } from '../payments/tables';

/**
 * Behaviour kept in SQL triggers on these tables (hand-written in the migrations; the test
 * `test/platform/triggers-named.test.ts` fails on a trigger of the database that its table's tables.ts
 * does not name):
 * - `reservations_hold` on `reservations` (0008_staff_day.sql): a live reservation holds its nights
 *   in `room_holds`; a cancelled one (or a no-show, which cancels) frees them; a moved one moves its
 *   hold. No write path can forget it: nothing in the code writes a reservation's hold.
 * - `room_holds_notify` on `room_holds` (0008_staff_day.sql): NOTIFY `room_holds` with the rooms whose
 *   nights changed; availability in memory and the kept searches follow (db/data-versions.ts).
 * - `rooms_notify` on `rooms`, `conveniences_notify` on `conveniences`, `room_conveniences_notify` on
 *   `room_conveniences` (0008_staff_day.sql), `room_price_rules_notify` on `room_price_rules` and
 *   `room_stay_rules_notify` on `room_stay_rules` (0016_rates_by_date.sql): NOTIFY `rooms`, empty;
 *   the rooms in memory, the kept searches and the rendered pages reload (docs/caching.md).
 * - `reservations_front_desk` on `reservations` and `room_housekeeping_front_desk` on
 *   `room_housekeeping` (0030_stay_life.sql): NOTIFY `front_desk` with the room whose stay or state
 *   changed; every open desk and housekeeping screen refetches (orders/live.ts).
 * And a constraint that is a rule: `room_holds_no_overlap` (0008_staff_day.sql), no night sold twice.
 */

export const conveniences = pgTable('conveniences', {
  id: serial('id').primaryKey(),
  description: localized('description'),
  /** File name under the uploads folder. */
  image: text('image'),
  createdAt: createdAt(),
});

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
    name: localized('name'),
    description: localized('description'),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    price: integer('price').notNull(),
    extraPrice: integer('extra_price'),
    primaryCapacity: integer('primary_capacity').notNull(),
    extraCapacity: integer('extra_capacity').notNull().default(0),
    roomSize: real('room_size').notNull(),
    /** The secret in the URL of the room's exported calendar (.ics) that booking sites import. */
    calendarToken: text('calendar_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The non-refundable rate's discount in whole percent; 0: the room offers no such rate (decision 045). */
    nonRefundablePercent: integer('non_refundable_percent').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('rooms_price_nonnegative', sql`${t.price} >= 0`),
    check('rooms_non_refundable_percent', sql`${t.nonRefundablePercent} BETWEEN 0 AND 50`),
    check('rooms_extra_price_nonnegative', sql`${t.extraPrice} IS NULL OR ${t.extraPrice} >= 0`),
    check('rooms_capacity_positive', sql`${t.primaryCapacity} > 0 AND ${t.extraCapacity} >= 0`),
  ],
);

export const roomConveniences = pgTable(
  'room_conveniences',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    convenienceId: integer('convenience_id')
      .notNull()
      .references(() => conveniences.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.convenienceId] })],
);

/**
 * A stay in a room. Double booking is impossible because of the exclusion constraint
 * `room_holds_no_overlap` on the nights each stay holds (migrations 0008 and 0032), not because of
 * application code. A stay whose guest changed rooms holds one row per room; `room_id` is the last.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    stay: dateRange('stay').notNull(),
    guestCount: integer('guest_count').notNull(),
    pricePerNight: integer('price_per_night').notNull(),
    price: integer('price').notNull(),
    specialRequests: text('special_requests').notNull().default(''),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Staff marked that the guest never came; the first night is owed as for a late cancellation. */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    /** What a late cancellation costs (the first night), fixed when it is cancelled; 0 when free. */
    cancellationFee: integer('cancellation_fee'),
    /**
     * Each night's price at booking, from the arrival night on (prices by date, decision 040);
     * null for bookings made before, whose nights all cost `price_per_night`.
     */
    nightPrices: integer('night_prices').array(),
    /** The card that guarantees the booking: a late cancellation's fee is charged to it. */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** `flexible` or `non_refundable` (decision 045): the latter is paid in full at booking and refunds nothing. */
    rate: text('rate').$type<'flexible' | 'non_refundable'>().notNull().default('flexible'),
    /** The non-refundable rate's discount taken off the nights, in kopecks; `price` is after it. */
    rateDiscount: integer('rate_discount').notNull().default(0),
    /** A non-refundable booking: when the provider confirmed its payment. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A non-refundable booking not paid yet holds its room until then; unpaid after it, it is released. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** A non-refundable booking whose payment failed, was declined or expired: released (canceled_at set too), shown to nobody but staff's ledger. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** The promo code the stay was booked with (decision 043), and what it took off: `price` is after it. */
    promoCode: text('promo_code'),
    promoDiscount: integer('promo_discount').notNull().default(0),
    /** Where the booking came from: the site, or staff's phone, walk-in, e-mail or booking site (decision 056). */
    channel: text('channel').$type<BookingChannel>().notNull().default('site'),
    /** The member of staff who took it; null for the site's own. */
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** A staff booking's guarantee: a saved card, a link sent to save one, or the desk (with `guaranteeNote`'s reason). */
    guarantee: text('guarantee').$type<Guarantee>(),
    guaranteeNote: text('guarantee_note').notNull().default(''),
    /**
     * Where the stay stands at the desk (issue 45; packages/domain/src/rules/stay-life.ts). Written
     * only by apps/api/src/modules/hotel/stay-lifecycle.ts, with `canceled_at`, `no_show_at`,
     * `checked_in_at` and `checked_out_at`; test/hotel/stay-one-writer.test.ts holds it to that.
     */
    status: text('status').$type<StayStatus>().notNull().default('booked'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId),
    check('reservations_status', sql`${t.status} IN ('booked', 'checked_in', 'checked_out', 'cancelled', 'no_show')`),
    // The desk's lists read the stays of today by status (arrivals, guests in the house, departures).
    index('reservations_in_house_idx').on(t.status).where(sql`${t.status} = 'checked_in'`),
    check('reservations_channel', sql`${t.channel} IN ('site', 'phone', 'walk_in', 'email', 'booking_site')`),
    check('reservations_guarantee', sql`${t.guarantee} IS NULL OR ${t.guarantee} IN ('card', 'card_link', 'desk')`),
    check('reservations_stay_nonempty', sql`NOT isempty(${t.stay})`),
    check('reservations_guest_count_positive', sql`${t.guestCount} > 0`),
    check('reservations_rate', sql`${t.rate} IN ('flexible', 'non_refundable')`),
    // No price or discount below zero (issue 42): the domain floors every total, the database refuses the rest.
    check(
      'reservations_amounts_nonnegative',
      sql`${t.price} >= 0 AND ${t.pricePerNight} >= 0 AND ${t.rateDiscount} >= 0 AND ${t.promoDiscount} >= 0 AND coalesce(${t.cancellationFee}, 0) >= 0`,
    ),
    index('reservations_unpaid_idx').on(t.holdUntil).where(sql`${t.paidAt} IS NULL AND ${t.canceledAt} IS NULL AND ${t.holdUntil} IS NOT NULL`),
  ],
);
// Extras, bills, payments and uses of a promo code name a stay: their modules lie below hotel (db/keys.ts).
keyTarget('reservation', reservations.id);

/** The people staying, copied from the user's guests at booking time so later edits do not rewrite history. */
export const reservationGuests = pgTable(
  'reservation_guests',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    secondName: text('second_name'),
  },
  (t) => [index('reservation_guests_reservation_idx').on(t.reservationId)],
);

/**
 * Prices by date (issue 23; decision 040): a room's price (and extra-place price) for the nights
 * `first_night`..`last_night` (inclusive) on the chosen ISO weekdays (1 Monday … 7 Sunday). Where
 * rules overlap the newest (highest id) wins. Part of the `rooms` data family: its trigger
 * announces every change there, so the rooms in memory, the kept searches and pages follow.
 */
export const roomPriceRules = pgTable(
  'room_price_rules',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    weekdays: integer('weekdays').array().notNull(),
    price: integer('price').notNull(),
    extraPrice: integer('extra_price'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_price_rules_room_idx').on(t.roomId),
    check('room_price_rules_range', sql`${t.lastNight} >= ${t.firstNight}`),
    check('room_price_rules_price_positive', sql`${t.price} > 0 AND (${t.extraPrice} IS NULL OR ${t.extraPrice} > 0)`),
    check('room_price_rules_weekdays', sql`cardinality(${t.weekdays}) BETWEEN 1 AND 7 AND ${t.weekdays} <@ ARRAY[1,2,3,4,5,6,7]`),
  ],
);

/**
 * Stay rules (issue 23; decision 040): for arrivals (and, closed to departure, departures) on the
 * days `first_night`..`last_night` on the chosen weekdays, a minimum of nights, or no arrival, or no
 * departure. The newest rule covering a day wins. Part of the `rooms` data family, as above.
 */
export const roomStayRules = pgTable(
  'room_stay_rules',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    weekdays: integer('weekdays').array().notNull(),
    minNights: integer('min_nights'),
    closedToArrival: boolean('closed_to_arrival').notNull().default(false),
    closedToDeparture: boolean('closed_to_departure').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_stay_rules_room_idx').on(t.roomId),
    check('room_stay_rules_range', sql`${t.lastNight} >= ${t.firstNight}`),
    check('room_stay_rules_min_nights', sql`${t.minNights} IS NULL OR ${t.minNights} > 0`),
    check('room_stay_rules_weekdays', sql`cardinality(${t.weekdays}) BETWEEN 1 AND 7 AND ${t.weekdays} <@ ARRAY[1,2,3,4,5,6,7]`),
  ],
);

export const roomHoldKindEnum = pgEnum('room_hold_kind', ['reservation', 'block', 'import']);

/**
 * Every stretch of nights a room is taken: live reservations (kept here by the trigger
 * `reservations_hold`, migration 0008), blocks staff set for repairs, and events imported from a
 * booking site's calendar. The exclusion constraint `room_holds_no_overlap` makes a night
 * unsellable twice whatever holds it; availability reads this table. Every change is announced on
 * the `room_holds` channel (LISTEN/NOTIFY) with the rooms it touched.
 */
export const roomHolds = pgTable(
  'room_holds',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    stay: dateRange('stay').notNull(),
    kind: roomHoldKindEnum('kind').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    /** An imported hold's feed: the calendars module's `calendar_feeds` row (it calls hotel, so named through db/keys.ts). */
    feedId: integer('feed_id').references(upperKey('calendarFeed'), { onDelete: 'cascade' }),
    /** The imported event's UID within its feed. */
    uid: text('uid'),
    /** Why the room is blocked (staff's words, or the imported event's summary). Never a guest's name. */
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_holds_room_idx').on(t.roomId),
    // A stay whose guest changed rooms holds one row per room (decision 056).
    index('room_holds_reservation_idx').on(t.reservationId),
    uniqueIndex('room_holds_feed_uid_idx').on(t.feedId, t.uid),
    check('room_holds_stay_nonempty', sql`NOT isempty(${t.stay})`),
    check(
      'room_holds_kind_matches',
      sql`(${t.kind} = 'reservation' AND ${t.reservationId} IS NOT NULL AND ${t.feedId} IS NULL)
        OR (${t.kind} = 'block' AND ${t.reservationId} IS NULL AND ${t.feedId} IS NULL)
        OR (${t.kind} = 'import' AND ${t.reservationId} IS NULL AND ${t.feedId} IS NOT NULL AND ${t.uid} IS NOT NULL)`,
    ),
  ],
);

/**
 * A room's state for housekeeping (issue 45, point 7; docs/decisions/054-stay-life.md); a room
 * without a row is clean. Out of order carries its reason and the block (room_holds, kind `block`)
 * that closes its nights for sale; the block goes when the room is back in order. Written by
 * modules/hotel/housekeeping.ts only; the `front_desk` NOTIFY trigger (migration 0030) tells every
 * open desk and housekeeping screen.
 */
export const roomHousekeeping = pgTable(
  'room_housekeeping',
  {
    roomId: integer('room_id')
      .primaryKey()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    state: text('state').$type<RoomState>().notNull().default('clean'),
    reason: text('reason').notNull().default(''),
    blockId: integer('block_id').references(() => roomHolds.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('room_housekeeping_state', sql`${t.state} IN ('clean', 'dirty', 'inspected', 'out_of_order')`)],
);
