/**
 * The reviews module's tables (docs/decisions/038-reviews.md): guests' reviews and the letters that
 * ask for them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REVIEW_KINDS, REVIEW_STATES } from '@hotel/domain';
import { createdAt, languageEnum } from '../../db/columns';
import { users } from '../auth/tables';
import { reservations } from '../hotel/tables';
import { orders } from '../orders/tables';

/**
 * Behaviour kept in SQL triggers (the test `test/platform/triggers-named.test.ts` fails on a trigger of the
 * database that its table's tables.ts does not name):
 * - `reviews_notify` on `reviews` (0015_reviews.sql): NOTIFY `reviews`, empty; the pages that show
 *   approved reviews are drawn again (docs/caching.md).
 * - `review_authors_notify` on `users` (0015_reviews.sql, named in auth/tables.ts too): a review names
 *   its author as they are now, so a changed name sends the same NOTIFY.
 */

export const reviewKindEnum = pgEnum('review_kind', REVIEW_KINDS);

export const reviewStateEnum = pgEnum('review_state', REVIEW_STATES);

/**
 * Guests' reviews of a finished stay or a delivered order (modules/reviews): one per stay or order,
 * only the guest's own (the unique indexes and the service's checks). The text is kept as written,
 * with the language it was written in; the owner's answer likewise.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: reviewKindEnum('kind').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    text: text('text').notNull(),
    language: languageEnum('language').notNull(),
    state: reviewStateEnum('state').notNull().default('pending'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_reservation_key').on(t.reservationId),
    uniqueIndex('reviews_order_key').on(t.orderId),
    index('reviews_shown_idx').on(t.kind, t.createdAt).where(sql`${t.state} = 'approved'`),
    check('reviews_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
    check(
      'reviews_one_subject',
      sql`(${t.kind} = 'stay' AND ${t.reservationId} IS NOT NULL AND ${t.orderId} IS NULL) OR (${t.kind} = 'order' AND ${t.orderId} IS NOT NULL AND ${t.reservationId} IS NULL)`,
    ),
  ],
);

/**
 * The letters asking for a review, one per stay or order: the row is taken before the letter goes
 * (ON CONFLICT DO NOTHING), so no stay or order is asked about twice, and given back if the letter
 * could not be sent, so the next round tries again.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    kind: reviewKindEnum('kind').notNull(),
    /** The reservation's or the order's id. */
    subjectId: integer('subject_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] })],
);
