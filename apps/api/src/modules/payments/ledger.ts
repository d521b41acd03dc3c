/**
 * The staff's view of money (docs/decisions/026-money-staff-trust.md): every payment attempt and
 * refund of a range of hotel days as one list, the items that need a person (failed refunds,
 * unpaid fees) whatever their day, totals per day, and the CSV the accountant takes. Also the two
 * ways staff close an item: try it again, or settle it outside the provider with a note.
 */
import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  HOTEL_TIME_ZONE,
  type MoneyDayTotal,
  type MoneyEntry,
  type MoneyKind,
  type MoneyPage,
  type MoneyStatus,
} from '@hotel/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { paymentMethods, payments, refunds, users } from '../../db/schema';

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export interface MoneyFilter {
  from: string;
  to: string;
  status?: MoneyStatus | undefined;
  kind?: MoneyKind | undefined;
}

/** At most this many items need attention at once on the page; more would be a problem of its own. */
const ATTENTION_LIMIT = 200;

const hotelDay = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE ${HOTEL_TIME_ZONE}, 'YYYY-MM-DD')`;

const guestColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };
const cardColumns = { brand: paymentMethods.brand, last4: paymentMethods.cardLast4 };

type Guest = { id: number; email: string; firstName: string | null; lastName: string | null };
type Card = { brand: string | null; last4: string | null } | null;

/**
 * A fee nobody has been paid for yet: the latest attempt of its booking, not succeeded, not settled
 * outside. Earlier failed attempts of a fee charged again later are history, not work.
 */
const unpaidFee = and(
  eq(payments.purpose, 'reservation_fee'),
  ne(payments.status, 'succeeded'),
  isNull(payments.resolvedAt),
  sql`not exists (select 1 from ${payments} later where later.reservation_id = ${payments.reservationId} and later.created_at > ${payments.createdAt})`,
)!;
const failedRefund = and(eq(refunds.status, 'failed'), isNull(refunds.resolvedAt))!;

const KIND_OF = { order: 'order', reservation_fee: 'fee', card: 'card_check' } as const;

function guestOf(guest: Guest) {
  return { id: guest.id, email: guest.email, name: [guest.firstName, guest.lastName].filter(Boolean).join(' ') };
}

function cardOf(card: Card) {
  return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null;
}

function paymentEntry(row: { payment: PaymentRow; guest: Guest; card: Card; day: string; attention: boolean }): MoneyEntry {
  const { payment } = row;
  const status: MoneyStatus =
    payment.status === 'succeeded' ? 'succeeded' : payment.resolvedAt ? 'settled_outside' : payment.status === 'pending' ? 'pending' : 'failed';
  return {
    id: payment.id,
    kind: KIND_OF[payment.purpose],
    status,
    at: payment.createdAt.toISOString(),
    day: row.day,
    guest: guestOf(row.guest),
    order_id: payment.orderId,
    reservation_id: payment.reservationId,
    card: cardOf(row.card),
    amount: payment.amount,
    currency: payment.currency,
    provider: payment.provider,
    provider_ref: payment.providerRef,
    failure_reason: payment.failureReason,
    awaiting_guest: payment.status === 'pending' && payment.confirmationUrl !== null && payment.purpose === 'reservation_fee',
    needs_attention: row.attention,
    payment_id: payment.id,
    attempts: null,
    resolution_note: payment.resolutionNote,
  };
}

function refundEntry(row: { refund: RefundRow; payment: PaymentRow; guest: Guest; card: Card; day: string }): MoneyEntry {
  const { refund, payment } = row;
  const status: MoneyStatus = refund.status === 'succeeded' ? 'succeeded' : refund.resolvedAt ? 'settled_outside' : refund.status;
  return {
    id: `refund-${refund.id}`,
    kind: 'refund',
    status,
    at: refund.createdAt.toISOString(),
    day: row.day,
    guest: guestOf(row.guest),
    order_id: payment.orderId,
    reservation_id: payment.reservationId,
    card: cardOf(row.card),
    amount: refund.amount,
    currency: payment.currency,
    provider: payment.provider,
    provider_ref: refund.providerRef,
    failure_reason: refund.status === 'succeeded' ? null : refund.lastError,
    awaiting_guest: false,
    needs_attention: refund.status === 'failed' && refund.resolvedAt === null,
    payment_id: payment.id,
    attempts: refund.attempts,
    resolution_note: refund.resolutionNote,
  };
}

async function paymentEntries(db: Db | Tx, where: SQL): Promise<MoneyEntry[]> {
  const rows = await db
    .select({ payment: payments, guest: guestColumns, card: cardColumns, day: hotelDay(payments.createdAt), attention: sql<boolean>`coalesce(${unpaidFee}, false)` })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(5000);
  return rows.map(paymentEntry);
}

async function refundEntries(db: Db | Tx, where: SQL): Promise<MoneyEntry[]> {
  const rows = await db
    .select({ refund: refunds, payment: payments, guest: guestColumns, card: cardColumns, day: hotelDay(refunds.createdAt) })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(where)
    .orderBy(desc(refunds.createdAt))
    .limit(5000);
  return rows.map(refundEntry);
}

function totalsOf(entries: MoneyEntry[]): MoneyDayTotal[] {
  const days = new Map<string, MoneyDayTotal>();
  for (const entry of entries) {
    const total = days.get(entry.day) ?? { day: entry.day, charged: 0, refunded: 0, net: 0, count: 0 };
    total.count += 1;
    if (entry.status === 'succeeded' && (entry.kind === 'order' || entry.kind === 'fee')) total.charged += entry.amount;
    if (entry.status === 'succeeded' && entry.kind === 'refund') total.refunded += entry.amount;
    total.net = total.charged - total.refunded;
    days.set(entry.day, total);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/** The entries of a range of hotel days, newest first, with the filters applied. */
export async function moneyEntries(db: Db, filter: MoneyFilter): Promise<MoneyEntry[]> {
  const inRange = (column: AnyPgColumn) =>
    sql`(${column} AT TIME ZONE ${HOTEL_TIME_ZONE})::date BETWEEN ${filter.from}::date AND ${filter.to}::date`;
  const [charges, given] = await Promise.all([
    filter.kind === 'refund' ? [] : paymentEntries(db, inRange(payments.createdAt)),
    filter.kind && filter.kind !== 'refund' ? [] : refundEntries(db, inRange(refunds.createdAt)),
  ]);
  return [...charges, ...given]
    .filter((entry) => (!filter.kind || entry.kind === filter.kind) && (!filter.status || entry.status === filter.status))
    .sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * What the totals of the payments page count, per hotel day, straight from SQL for any range
 * (the owner's reports read it): succeeded charges of orders and of bookings' fees by the day the
 * attempt was made, succeeded refunds by the day they were asked for. `totalsOf` above counts the
 * same from the page's entries; test/reports.test.ts holds the two equal to the kopeck.
 */
export async function moneyByDay(db: Db, range: { from: string; to: string }): Promise<{ day: string; orders: number; fees: number; refunded: number }[]> {
  // The same hotel days as moneyEntries' range, as bounds computed once rather than each row converted.
  const inRange = (column: AnyPgColumn) =>
    sql`${column} >= (${range.from}::date::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE}) AND ${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE})`;
  const { rows } = (await db.execute(sql`
    SELECT day, sum(orders)::bigint AS orders, sum(fees)::bigint AS fees, sum(refunded)::bigint AS refunded FROM (
      SELECT ${hotelDay(payments.createdAt)} AS day,
             CASE WHEN ${payments.purpose} = 'order' THEN ${payments.amount} ELSE 0 END AS orders,
             CASE WHEN ${payments.purpose} = 'reservation_fee' THEN ${payments.amount} ELSE 0 END AS fees,
             0 AS refunded
      FROM ${payments}
      WHERE ${payments.status} = 'succeeded' AND ${payments.purpose} IN ('order', 'reservation_fee') AND ${inRange(payments.createdAt)}
      UNION ALL
      SELECT ${hotelDay(refunds.createdAt)}, 0, 0, ${refunds.amount}
      FROM ${refunds}
      WHERE ${refunds.status} = 'succeeded' AND ${inRange(refunds.createdAt)}
    ) moved
    GROUP BY day ORDER BY day
  `)) as unknown as { rows: { day: string; orders: string | number; fees: string | number; refunded: string | number }[] };
  return rows.map((row) => ({ day: row.day, orders: Number(row.orders), fees: Number(row.fees), refunded: Number(row.refunded) }));
}

/** Failed refunds and unpaid fees of any day: they stay on top until someone resolves them. */
export async function moneyAttention(db: Db): Promise<MoneyEntry[]> {
  const [fees, given] = await Promise.all([paymentEntries(db, unpaidFee), refundEntries(db, failedRefund)]);
  return [...given, ...fees].sort((a, b) => a.at.localeCompare(b.at)).slice(0, ATTENTION_LIMIT);
}

export async function moneyPage(db: Db, filter: MoneyFilter): Promise<MoneyPage> {
  const [attention, entries] = await Promise.all([moneyAttention(db), moneyEntries(db, filter)]);
  return { from: filter.from, to: filter.to, attention, entries, totals: totalsOf(entries) };
}

/** One entry as the page shows it, after an action on it. */
export async function moneyEntry(db: Db | Tx, id: { paymentId: string } | { refundId: number }): Promise<MoneyEntry | null> {
  const [entry] = 'refundId' in id ? await refundEntries(db, eq(refunds.id, id.refundId)) : await paymentEntries(db, eq(payments.id, id.paymentId));
  return entry ?? null;
}

export const FEE_NOT_FOUND = 'No unpaid fee with this id';

/** The latest unpaid attempt of a booking's fee, by one of its payment ids; null when there is none such. */
export async function unpaidFeeById(db: Db | Tx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, paymentId), unpaidFee));
  return row ?? null;
}

// ─── CSV for the accountant ─────────────────────────────────────────────────────────────────────

const CSV_COLUMNS = [
  'time',
  'day',
  'kind',
  'status',
  'guest_email',
  'guest_name',
  'order',
  'booking',
  'card',
  'amount',
  'currency',
  'provider',
  'provider_reference',
  'failure_reason',
  'note',
] as const;

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // A cell that starts like a formula is quoted with a leading apostrophe, so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: HOTEL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Comma-separated, UTF-8 with a byte-order mark (spreadsheets then read Cyrillic right), times on the hotel's clock. */
export function moneyCsv(entries: MoneyEntry[]): string {
  const lines = entries.map((entry) =>
    [
      timeFormat.format(new Date(entry.at)),
      entry.day,
      entry.kind,
      entry.status,
      entry.guest.email,
      entry.guest.name,
      entry.order_id,
      entry.reservation_id,
      entry.card ? `${entry.card.brand.toUpperCase()} ${entry.card.last4}` : null,
      `${Math.floor(entry.amount / 100)}.${String(entry.amount % 100).padStart(2, '0')}`,
      entry.currency,
      entry.provider,
      entry.provider_ref,
      entry.failure_reason,
      entry.resolution_note,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

// ─── What staff settle outside the provider ─────────────────────────────────────────────────────

/** Marks a refund that did not go through as settled outside the provider; false when it went through or was settled already. */
export async function resolveRefund(tx: Tx, id: number, staffId: number, note: string): Promise<boolean> {
  const [row] = await tx
    .update(refunds)
    .set({ resolvedAt: new Date(), resolvedBy: staffId, resolutionNote: note, nextAttemptAt: null, status: 'failed' })
    .where(and(eq(refunds.id, id), ne(refunds.status, 'succeeded'), isNull(refunds.resolvedAt)))
    .returning({ id: refunds.id });
  return row !== undefined;
}

export async function refundExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, id));
  return row !== undefined;
}

/** Marks an unpaid fee's attempt as settled outside the provider. */
export async function resolveFee(tx: Tx, paymentId: string, staffId: number, note: string): Promise<void> {
  await tx.update(payments).set({ resolvedAt: new Date(), resolvedBy: staffId, resolutionNote: note }).where(eq(payments.id, paymentId));
}

/** The id of a booking's latest payment attempt (its fee's). */
export async function latestReservationPaymentId(db: Db, reservationId: number): Promise<string | undefined> {
  const [newest] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.reservationId, reservationId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return newest?.id;
}
