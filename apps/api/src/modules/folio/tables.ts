/**
 * The folio module's tables (issue 45, points 4–6; docs/decisions/055-folio.md): the bill of each
 * stay, the lines staff and the house write to it, the payments taken at the desk, the hotel's
 * legal details for its documents, and the guest's online check-in. The nights, extras and online
 * payments of a stay are not copied here: the bill reads them from the booking and the payments.
 *
 * Lines and desk payments are never edited: a correction is a new line. The database refuses an
 * UPDATE or DELETE of either (the triggers `folio_lines_immutable` on `folio_lines` and
 * `desk_payments_immutable` on `desk_payments`, function `folio_rows_immutable`, drizzle/0031_folio.sql), except
 * the FK's own setting of `posted_by` to null when a member of staff's account is removed.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { DESK_PAYMENT_METHODS, FOLIO_LINE_KINDS, type LocalizedText } from '@hotel/domain';
import { createdAt } from '../../db/columns';
import { upperKey } from '../../db/keys';
import { users } from '../auth/tables';

/** One bill per stay, made with its first line or payment; the row its writers lock, so two desks settle one after the other. */
export const folios = pgTable('folios', {
  /** The hotel module's reservation: the stay the bill is of. */
  reservationId: integer('reservation_id')
    .primaryKey()
    .references(upperKey('reservation'), { onDelete: 'restrict' }),
  /** When the paid invoice last went to the guest by e-mail. */
  invoiceSentAt: timestamp('invoice_sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const folioLineKindEnum = pgEnum('folio_line_kind', FOLIO_LINE_KINDS);

/**
 * What the guest owes beyond the booking's own price: room service put on the bill, charges staff
 * post (the bar, the restaurant), fees, discounts, and corrections of any of these. Kopecks:
 * charges positive and at most 5,000 BYN each (FOLIO_CHARGE_MAX_KOPECKS), a discount negative, a
 * correction negative and naming the line it corrects.
 */
export const folioLines = pgTable(
  'folio_lines',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => folios.reservationId, { onDelete: 'restrict' }),
    kind: folioLineKindEnum('kind').notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    /** Room service put on the bill: its order (the orders module's), once. */
    orderId: integer('order_id').references(upperKey('order'), { onDelete: 'restrict' }),
    /** A correction: the line it takes back (in part or whole). */
    correctsLineId: integer('corrects_line_id').references((): AnyPgColumn => folioLines.id, { onDelete: 'restrict' }),
    postedBy: integer('posted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who posted it, kept as written so the bill still says after their account is gone. */
    postedByEmail: text('posted_by_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('folio_lines_reservation_idx').on(t.reservationId),
    uniqueIndex('folio_lines_one_per_order').on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    check(
      'folio_lines_amount_by_kind',
      sql`(${t.kind} IN ('room_service', 'posted', 'fee') AND ${t.amount} BETWEEN 1 AND 10000000)
        OR (${t.kind} = 'discount' AND ${t.amount} BETWEEN -10000000 AND -1)
        OR (${t.kind} = 'adjustment' AND ${t.amount} BETWEEN -10000000 AND -1 AND ${t.correctsLineId} IS NOT NULL)`,
    ),
    check('folio_lines_room_service_order', sql`(${t.kind} = 'room_service') = (${t.orderId} IS NOT NULL)`),
    check('folio_lines_description', sql`length(${t.description}) BETWEEN 1 AND 200`),
  ],
);

export const deskPaymentMethodEnum = pgEnum('desk_payment_method', DESK_PAYMENT_METHODS);

/**
 * Money taken at the desk: cash, the card terminal, a bank transfer, each with its reference (the
 * terminal's slip, the transfer's number). A payment over what was owed carries staff's reason.
 */
export const deskPayments = pgTable(
  'desk_payments',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => folios.reservationId, { onDelete: 'restrict' }),
    method: deskPaymentMethodEnum('method').notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull().default(''),
    /** Why more than the balance was taken; null when it was not. */
    overBalanceReason: text('over_balance_reason'),
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    takenByEmail: text('taken_by_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('desk_payments_reservation_idx').on(t.reservationId),
    index('desk_payments_created_idx').on(t.createdAt),
    check('desk_payments_amount_positive', sql`${t.amount} BETWEEN 1 AND 100000000`),
  ],
);

/**
 * The hotel's details its bills and invoices carry (one row; the venue's facts until staff save),
 * and how long a guest's document data is kept after departure.
 */
export const folioSettings = pgTable(
  'folio_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: jsonb('legal_name').$type<LocalizedText>().notNull(),
    /** УНП, the Belarusian taxpayer number: nine digits. */
    taxNumber: text('tax_number').notNull(),
    legalAddress: jsonb('legal_address').$type<LocalizedText>().notNull(),
    bankAccount: text('bank_account').notNull(),
    bankName: text('bank_name').notNull().default(''),
    documentRetentionDays: integer('document_retention_days').notNull().default(30),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('folio_settings_one_row', sql`${t.id} = 1`),
    check('folio_settings_retention', sql`${t.documentRetentionDays} BETWEEN 1 AND 3650`),
  ],
);

/**
 * Online check-in (issue 45, point 6): what the guest fills in the account before arrival, and the
 * reminder letter's mark. The document's data is erased `document_retention_days` after departure
 * (`erased_at`; the change log says so); the arrival time stays.
 */
export const stayRegistrations = pgTable(
  'stay_registrations',
  {
    /** The hotel module's reservation the guest checks in for. */
    reservationId: integer('reservation_id')
      .primaryKey()
      .references(upperKey('reservation'), { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    citizenship: text('citizenship'),
    documentNumber: text('document_number'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** "HH:MM", hotel time. */
    arrivalTime: text('arrival_time'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    index('stay_registrations_pending_erasure_idx').on(t.reservationId).where(sql`${t.erasedAt} IS NULL AND ${t.documentNumber} IS NOT NULL`),
    check('stay_registrations_erased', sql`${t.erasedAt} IS NULL OR (${t.documentNumber} IS NULL AND ${t.birthDate} IS NULL)`),
  ],
);
