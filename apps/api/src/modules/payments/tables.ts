/**
 * The payments module's tables (docs/decisions/014-payments.md): saved cards, every attempt to move
 * money, refunds, and the built-in sandbox gateway's own book of checkouts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOOR_METHODS, PAYMENT_STATUSES, type PaymentMethodKind } from '@hotel/domain';
import { createdAt } from '../../db/columns';
import { upperKey } from '../../db/keys';
import { users } from '../auth/tables';

/** `door`: an order paid to the courier (issue 46, decision 059): no provider; staff record the money when it is delivered. */
export const paymentProviderEnum = pgEnum('payment_provider', ['sandbox', 'bepaid', 'door']);

export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/**
 * What a payment is for: saving a card, paying an order, a late cancellation's fee, or `stay`: a
 * non-refundable booking paid in full at booking (decision 045).
 */
/** `folio`: the saved card charged from the desk towards a stay's bill (decision 055). */
export const paymentPurposeEnum = pgEnum('payment_purpose', ['card', 'order', 'reservation_fee', 'stay', 'folio']);

/**
 * Saved cards. Only what the provider tells about a card is kept: its token (to charge it again),
 * last four digits, brand and expiry. A card is `pending` while the guest is on the provider's
 * page, `succeeded` once saved, `canceled` when the provider refused it or the guest gave up.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProviderEnum('provider').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    token: text('token'),
    cardLast4: text('card_last4'),
    brand: text('brand'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
    check('payment_methods_last4', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('payment_methods_saved_has_token', sql`${t.status} <> 'succeeded' OR (${t.token} IS NOT NULL AND ${t.cardLast4} IS NOT NULL)`),
  ],
);

/**
 * Every attempt to move money or save a card through the provider. The row's id is the attempt's
 * idempotency key and its tracking id at the provider: created before the provider is called, so a
 * retry finds it instead of charging again. One live (pending or succeeded) payment per order and
 * per reservation fee is a unique index, not a check in code.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: paymentPurposeEnum('purpose').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the money is for: the orders module's order or the hotel module's reservation, by `purpose`. */
    orderId: integer('order_id').references(upperKey('order'), { onDelete: 'restrict' }),
    reservationId: integer('reservation_id').references(upperKey('reservation'), { onDelete: 'restrict' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    provider: paymentProviderEnum('provider').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('BYN'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** The provider's own reference (bePaid's checkout token or transaction uid, the sandbox's id). */
    providerRef: text('provider_ref'),
    confirmationUrl: text('confirmation_url'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the server last asked the provider about this payment. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A succeeded payment given back in full (a paid order cancelled before cooking). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Until when the provider's page (a checkout, or a 3-D Secure confirmation) may still be finished. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** An unpaid fee that staff settled outside the provider (cash at the desk, written off), with their note. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    /**
     * The Idempotency-Key the guest's browser sent with the attempt: the same order, card and key
     * are one attempt, whatever became of it (docs/decisions/025-payments-hardening.md).
     */
    attemptKey: text('attempt_key'),
    /**
     * An order paid to the courier (provider `door`, decision 059): the way the guest chose while it
     * is pending, then the way the courier recorded; `resolved_by` is who recorded it and
     * `resolution_note` why the amount differs from the order's total.
     */
    doorMethod: text('door_method', { enum: DOOR_METHODS }),
    /** How the money moves: `card`, or `erip`, a bill the guest pays from their bank's app (decision 058). */
    method: text('method').$type<PaymentMethodKind>().notNull().default('card'),
    /** An ERIP bill's number, the one the guest types in ERIP; unique, set only for `erip`. */
    eripBill: text('erip_bill').unique(),
  },
  (t) => [
    uniqueIndex('payments_one_per_attempt_key')
      .on(t.orderId, t.paymentMethodId, t.attemptKey)
      .where(sql`${t.orderId} IS NOT NULL AND ${t.attemptKey} IS NOT NULL`),
    index('payments_order_idx').on(t.orderId, t.paymentMethodId, t.settledAt),
    // A declined card's pause is per card, whatever it paid (payments/service.ts refuseDeclinedCard).
    index('payments_card_settled_idx').on(t.paymentMethodId, t.settledAt),
    uniqueIndex('payments_one_live_per_order')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL AND ${t.status} IN ('pending', 'succeeded')`),
    // One live fee and one live payment of the stay per booking. The purpose is a column of the
    // index, not a literal of its condition: a value added to the enum cannot be used in the
    // migration's own transaction.
    // The desk's charges of the saved card (`folio`, decision 055) carry the desk's intent as
    // `attempt_key`: one live charge per intent, any number per stay; the fee and the stay's
    // payment carry none, so they stay one per booking.
    uniqueIndex('payments_one_live_per_reservation_fee')
      .on(t.reservationId, t.purpose, sql`coalesce(${t.attemptKey}, '')`)
      .where(sql`${t.reservationId} IS NOT NULL AND ${t.status} IN ('pending', 'succeeded')`),
    uniqueIndex('payments_one_per_card').on(t.paymentMethodId).where(sql`${t.purpose} = 'card'`),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // A charge of 0 never reaches the provider (issue 42): a stay or order at 0 is confirmed without a payment.
    check('payments_amount_positive', sql`${t.amount} > 0`),
    // Only an order is paid at the door (the enum's new value is not named: the migration adds it in its own transaction).
    check('payments_door_method', sql`${t.doorMethod} IS NULL OR (${t.doorMethod} IN ('cash', 'card_terminal') AND ${t.purpose} = 'order')`),
    check('payments_method', sql`${t.method} IN ('card', 'erip')`),
    check('payments_erip_bill', sql`(${t.method} = 'erip') = (${t.eripBill} IS NOT NULL)`),
    check(
      'payments_purpose_target',
      sql`(${t.purpose} = 'order' AND ${t.orderId} IS NOT NULL) OR (${t.purpose} NOT IN ('order', 'card') AND ${t.reservationId} IS NOT NULL) OR ${t.purpose} = 'card'`,
    ),
  ],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Money given back: one refund per succeeded payment, in full (docs/decisions/026-money-staff-trust.md).
 * A refund the provider refuses stays pending and is tried again by the settling timer; after the
 * last try it is failed and stands at the top of the staff's payments page until someone retries it
 * or settles it outside the provider with a note. An ERIP refund the provider takes stays pending
 * under its `provider_ref` until the provider says it succeeded or failed (decision 058).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the settling timer may try a refused refund again, or ask about one taken as pending. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The provider's id of the refund (or of the void of an uncaptured authorization). */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The embedded sandbox gateway's own book of checkouts: what a provider keeps on its side. Our
 * code reads it only through the sandbox adapter, as it would read bePaid through its API.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  trackingId: text('tracking_id').notNull().unique(),
  /** `erip`: a bill paid in the sandbox's stand-in for a bank's app; `cardToken` is then the bill's number. */
  kind: text('kind', { enum: ['payment', 'tokenization', 'erip'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['pending', 'successful', 'failed'] }).notNull().default('pending'),
  /** A saved card being charged (3-D Secure): its token; a new card: filled in on the page. */
  cardToken: text('card_token'),
  cardLast4: text('card_last4'),
  brand: text('brand'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  message: text('message'),
  returnUrl: text('return_url').notNull(),
  notificationUrl: text('notification_url').notNull(),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The page may be finished until then; null: the sandbox's default lifetime. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
