/**
 * The promo module's tables (decision 043): codes, their uses, who may hear why one is refused, and
 * the guesses counted per account or address.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { upperKey } from '../../db/keys';
import { users } from '../auth/tables';

/**
 * Promo codes (issue 23, point 4; decision 043): kept in upper case, so a guest's code matches
 * whatever its case. `value` is a percentage (1 to 100) or kopecks, by `kind`.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    scope: text('scope', { enum: ['rooms', 'delivery', 'both'] }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    stayFrom: date('stay_from', { mode: 'string' }),
    stayTo: date('stay_to', { mode: 'string' }),
    minAmount: integer('min_amount').notNull().default(0),
    maxUses: integer('max_uses'),
    maxUsesPerGuest: integer('max_uses_per_guest'),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_kind', sql`${t.kind} IN ('percent', 'fixed')`),
    check('promo_codes_scope', sql`${t.scope} IN ('rooms', 'delivery', 'both')`),
    check('promo_codes_value', sql`${t.value} > 0 AND (${t.kind} = 'fixed' OR ${t.value} <= 100)`),
    check('promo_codes_valid_range', sql`${t.validTo} IS NULL OR ${t.validFrom} IS NULL OR ${t.validTo} >= ${t.validFrom}`),
    check('promo_codes_stay_range', sql`${t.stayTo} IS NULL OR ${t.stayFrom} IS NULL OR ${t.stayTo} >= ${t.stayFrom}`),
    check('promo_codes_limits', sql`${t.minAmount} >= 0 AND (${t.maxUses} IS NULL OR ${t.maxUses} > 0) AND (${t.maxUsesPerGuest} IS NULL OR ${t.maxUsesPerGuest} > 0)`),
  ],
);

/**
 * A use of a promo code by a booking or an order. A cancelled one gives its use back
 * (`released_at`); the limits count the uses not released.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the code was used on: the hotel module's reservation or the orders module's order. */
    reservationId: integer('reservation_id').references(upperKey('reservation'), { onDelete: 'cascade' }),
    orderId: integer('order_id').references(upperKey('order'), { onDelete: 'cascade' }),
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('promo_code_uses_code_idx').on(t.promoCodeId).where(sql`${t.releasedAt} IS NULL`),
    index('promo_code_uses_reservation_idx').on(t.reservationId),
    index('promo_code_uses_order_idx').on(t.orderId),
    check('promo_code_uses_one_subject', sql`(${t.reservationId} IS NULL) <> (${t.orderId} IS NULL)`),
    check('promo_code_uses_discount', sql`${t.discount} >= 0`),
  ],
);

/**
 * The guests a promo code has been valid for: a check of theirs priced it, or they used it. Only
 * they hear why it is refused now; anyone else hears the one answer for every code they cannot
 * use, so a guess learns nothing (issue 42, point 11; decision 043). Filled from the uses made
 * before it existed by migration 0024.
 */
export const promoCodeHolders = pgTable(
  'promo_code_holders',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.userId] })],
);

/**
 * Promo code guesses of one account (`user:<id>`) or one client address (`address:<ip>`): every
 * check takes one before the code is looked at, a usable code gives it back; past the free ones
 * each next guess waits until `blocked_until` (decision 043). In the database, so that every
 * instance and every concurrent request counts against one figure.
 */
export const promoGuesses = pgTable(
  'promo_guesses',
  {
    key: text('key').primaryKey(),
    guesses: integer('guesses').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [check('promo_guesses_count', sql`${t.guesses} >= 0`)],
);
