/**
 * The payments module's SQL: payment attempts (`payments`), saved cards (`payment_methods`),
 * refunds, and the staff's view of money. What a state change means is the services' (service.ts,
 * cards.ts, ledger.ts); each write here says under which condition it applies. The sandbox
 * provider's own table is sandbox/repository.ts's.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HOTEL_TIME_ZONE, type PaymentStatus } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { users } from '../auth/tables';
import { paymentMethods, payments, refunds } from './tables';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type NewPaymentRow = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'>;

// ─── Payment attempts ───────────────────────────────────────────────────────────────────────────

export async function insertPayment(db: Db | Tx, values: NewPaymentRow): Promise<PaymentRow> {
  const [payment] = await db.insert(payments).values(values).returning();
  return payment!;
}

export async function findPayment(db: Db | Tx, id: string): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  return payment;
}

/** Writes what the provider answered about an attempt (its reference, its page) without settling it. */
export async function updatePayment(
  db: Db | Tx,
  id: string,
  change: Partial<Pick<PaymentRow, 'providerRef' | 'confirmationUrl' | 'expiresAt' | 'checkedAt'>>,
): Promise<PaymentRow> {
  const [updated] = await db.update(payments).set(change).where(eq(payments.id, id)).returning();
  return updated!;
}

/** Settles an attempt still pending; undefined when it was settled a moment earlier. */
export async function settlePaymentIf(
  tx: Tx,
  id: string,
  change: Pick<PaymentRow, 'status' | 'settledAt' | 'checkedAt' | 'failureReason' | 'providerRef'>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set(change)
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row;
}

/**
 * An ERIP bill taken as expired that bePaid says was paid after all: recorded as succeeded (the
 * money moved; it is refunded next). Undefined when it is not such a bill.
 */
export async function settleLateEripPayment(
  db: Db,
  id: string,
  change: Pick<PaymentRow, 'settledAt' | 'checkedAt' | 'failureReason' | 'providerRef'>,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...change, status: 'succeeded' })
    .where(and(eq(payments.id, id), eq(payments.status, 'canceled'), eq(payments.method, 'erip')))
    .returning();
  return row;
}

/** How many ERIP bills a booking has had (the next one's number follows). */
export async function eripBillsOf(db: Db | Tx, reservationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.method, 'erip')));
  return row?.count ?? 0;
}

/** The status of a user's own payment. */
export async function ownPaymentStatus(db: Db, userId: number, id: string): Promise<PaymentStatus | undefined> {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row?.status;
}

/** The attempt of an order with this card and Idempotency-Key. */
export async function attemptByKey(tx: Tx, orderId: number, cardId: number, attemptKey: string): Promise<PaymentRow | undefined> {
  const [same] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.paymentMethodId, cardId), eq(payments.attemptKey, attemptKey)));
  return same;
}

/** The desk's charge of a stay's saved card made for this intent (decision 055), whatever became of it. */
export async function folioAttemptByKey(tx: Tx, reservationId: number, attemptKey: string): Promise<PaymentRow | undefined> {
  const [same] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'folio'), eq(payments.attemptKey, attemptKey)));
  return same;
}

/** The order's attempt under way or succeeded. */
export async function liveOrderAttempt(tx: Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [live] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'succeeded'])));
  return live;
}

/**
 * When the provider last refused a charge of this guest's card since `since` (a decline, or its
 * gateway's refusal), for an order or a stay alike: attempts given up with `exceptReason` (the
 * provider never heard of them) refused nothing and do not count.
 */
export async function lastDeclineSince(tx: Tx, userId: number, cardId: number, since: Date, exceptReason: string): Promise<Date | null> {
  const [declined] = await tx
    .select({ settledAt: payments.settledAt })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.paymentMethodId, cardId),
        inArray(payments.purpose, ['order', 'stay']),
        eq(payments.status, 'canceled'),
        gt(payments.settledAt, since),
        ne(payments.failureReason, exceptReason),
      ),
    )
    .orderBy(desc(payments.settledAt))
    .limit(1);
  return declined?.settledAt ?? null;
}

/**
 * Locks the card's row until the transaction ends, so the guest's charges of one card decide one
 * after another whether the card is paused (the order's lock alone covers only its own payments).
 */
export async function lockCard(tx: Tx, cardId: number): Promise<void> {
  await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.id, cardId)).for('update');
}

/** The order's succeeded payment. */
export async function paidOrderPayment(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  return paid;
}

/** The booking's fee payment under way or succeeded. */
export async function liveFeePayment(db: Db, reservationId: number): Promise<PaymentRow | undefined> {
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'reservation_fee'), inArray(payments.status, ['pending', 'succeeded'])));
  return existing;
}

/** The latest payment of a non-refundable booking, whatever became of it. */
export async function latestStayPayment(db: Db, reservationId: number): Promise<PaymentRow | undefined> {
  const [latest] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'stay')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return latest;
}

/** Attempts of this provider still pending, created before `before`, oldest first. */
export function pendingPayments(db: Db, provider: PaymentRow['provider'], before: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), eq(payments.provider, provider), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

export async function userEmail(db: Db, userId: number): Promise<string | undefined> {
  const [guest] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return guest?.email;
}

// ─── Saved cards ────────────────────────────────────────────────────────────────────────────────

export async function insertCard(tx: Tx, userId: number, provider: PaymentMethodRow['provider']): Promise<PaymentMethodRow> {
  const [card] = await tx.insert(paymentMethods).values({ userId, provider }).returning();
  return card!;
}

/** The user's own card by its public id, whatever its status. */
export async function ownCard(db: Db | Tx, userId: number, publicId: string): Promise<PaymentMethodRow | undefined> {
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.publicId, publicId), eq(paymentMethods.userId, userId)));
  return card;
}

/** A saved (succeeded) card by its id. */
export async function savedCardById(db: Db, id: number): Promise<PaymentMethodRow | undefined> {
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.status, 'succeeded')));
  return card;
}

/** The user's saved cards, primary first, then in the order they were added. */
export function userSavedCards(db: Db, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'succeeded')))
    .orderBy(desc(paymentMethods.isPrimary), asc(paymentMethods.id));
}

/** Locks the user's cards, so that changes of the primary flag queue up instead of colliding; answers them. */
export function lockUserCards(tx: Tx, userId: number): Promise<PaymentMethodRow[]> {
  return tx.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).for('update');
}

export async function hasPrimaryCard(tx: Tx, userId: number): Promise<boolean> {
  const [primary] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isPrimary, true)));
  return primary !== undefined;
}

export async function updateCard(
  tx: Tx,
  id: number,
  change: Partial<Pick<PaymentMethodRow, 'status' | 'token' | 'cardLast4' | 'brand' | 'expMonth' | 'expYear' | 'isPrimary'>>,
): Promise<PaymentMethodRow> {
  const [updated] = await tx.update(paymentMethods).set(change).where(eq(paymentMethods.id, id)).returning();
  return updated!;
}

/** Clears the primary flag of the user's cards but this one. */
export async function clearPrimaryCards(tx: Tx, userId: number, except: number): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isPrimary: false })
    .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, except)));
}

export async function deleteCard(tx: Tx, id: number): Promise<void> {
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

/** Makes the user's oldest saved card the primary one, if they have any. */
export async function promoteOldestCard(tx: Tx, userId: number): Promise<void> {
  const [oldest] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'succeeded')))
    .orderBy(asc(paymentMethods.id))
    .limit(1);
  if (oldest) await tx.update(paymentMethods).set({ isPrimary: true }).where(eq(paymentMethods.id, oldest.id));
}

// ─── Refunds ────────────────────────────────────────────────────────────────────────────────────

/** A refund of the payment, unless it has one (one refund per payment); undefined then. */
export async function insertRefund(db: Db, values: Pick<RefundRow, 'paymentId' | 'amount' | 'reason' | 'nextAttemptAt'>): Promise<RefundRow | undefined> {
  const [refund] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return refund;
}

/** The provider refunded: the payment is marked refunded (once) and the refund succeeded. */
export async function recordRefundDone(db: Db, refundId: number, paymentId: string, now: Date, change: Pick<RefundRow, 'attempts' | 'providerRef'>): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    await tx.update(payments).set({ refundedAt: now }).where(and(eq(payments.id, paymentId), isNull(payments.refundedAt)));
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', attempts: change.attempts, settledAt: now, nextAttemptAt: null, lastError: null, providerRef: change.providerRef })
      .where(eq(refunds.id, refundId))
      .returning();
    return done!;
  });
}

export async function updateRefund(db: Db, refundId: number, change: Partial<Pick<RefundRow, 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'providerRef'>>): Promise<RefundRow> {
  const [failed] = await db.update(refunds).set(change).where(eq(refunds.id, refundId)).returning();
  return failed!;
}

/** The refund the provider knows by this id (an ERIP refund it took as pending); undefined when none. */
export async function refundByProviderRef(db: Db, providerRef: string): Promise<RefundRow | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.providerRef, providerRef));
  return refund;
}

/**
 * A refund the provider took as pending ends (an ERIP refund, within days): succeeded marks the
 * payment refunded (once); failed leaves it to staff. Only from pending under that provider id, so
 * a notification and the timer's asking settle it once; undefined when it was settled already.
 */
export async function settleTakenRefund(
  db: Db,
  refund: Pick<RefundRow, 'id' | 'paymentId' | 'providerRef'>,
  now: Date,
  outcome: { status: 'succeeded' } | { status: 'failed'; lastError: string },
): Promise<RefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [settled] = await tx
      .update(refunds)
      .set(
        outcome.status === 'succeeded'
          ? { status: 'succeeded', settledAt: now, nextAttemptAt: null, lastError: null }
          : { status: 'failed', nextAttemptAt: null, lastError: outcome.lastError },
      )
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), eq(refunds.providerRef, refund.providerRef!)))
      .returning();
    if (settled?.status === 'succeeded') {
      await tx.update(payments).set({ refundedAt: now }).where(and(eq(payments.id, refund.paymentId), isNull(payments.refundedAt)));
    }
    return settled;
  });
}

/** Pending refunds whose next try was due before `now`, the longest due first. */
export async function dueRefundIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
  return due.map((row) => row.id);
}

/** Claims a due pending refund by moving its next try to `leaseUntil`; undefined when another instance took it. */
export async function claimDueRefund(db: Db, id: number, now: Date, leaseUntil: Date): Promise<RefundRow | undefined> {
  const [claimed] = await db
    .update(refunds)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), lt(refunds.nextAttemptAt, now)))
    .returning();
  return claimed;
}

/**
 * Claims a failed refund nobody settled, for one more try; undefined when it is not such. The
 * provider's id of a refund that failed is forgotten: the try asks for a new refund.
 */
export async function claimFailedRefund(db: Db, id: number, leaseUntil: Date): Promise<RefundRow | undefined> {
  const [claimed] = await db
    .update(refunds)
    .set({ status: 'pending', nextAttemptAt: leaseUntil, providerRef: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'failed'), isNull(refunds.resolvedAt)))
    .returning();
  return claimed;
}

// ─── The staff's view of money (ledger.ts) ──────────────────────────────────────────────────────

export type LedgerGuest = { id: number; email: string; firstName: string | null; lastName: string | null };
export type LedgerCard = { brand: string | null; last4: string | null } | null;
export interface PaymentLedgerRow {
  payment: PaymentRow;
  guest: LedgerGuest;
  card: LedgerCard;
  day: string;
  attention: boolean;
}
export interface RefundLedgerRow {
  refund: RefundRow;
  payment: PaymentRow;
  guest: LedgerGuest;
  card: LedgerCard;
  day: string;
}
/** Which rows: those of a range of hotel days, those that need a person, or one. */
export type LedgerSelection = { from: string; to: string } | 'attention' | { id: string | number };

const hotelDay = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE ${HOTEL_TIME_ZONE}, 'YYYY-MM-DD')`;
const inDays = (column: AnyPgColumn, days: { from: string; to: string }) =>
  sql`(${column} AT TIME ZONE ${HOTEL_TIME_ZONE})::date BETWEEN ${days.from}::date AND ${days.to}::date`;

const guestColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };
const cardColumns = { brand: paymentMethods.brand, last4: paymentMethods.cardLast4 };

/**
 * A fee nobody has been paid for yet: the latest attempt of its booking, not succeeded, not settled
 * outside. Earlier failed attempts of a fee charged again later are history, not work.
 */
const unpaidFee = and(
  eq(payments.purpose, 'reservation_fee'),
  ne(payments.status, 'succeeded'),
  // A later attempt of the fee itself: a non-refundable stay's own payment is not one.
  isNull(payments.resolvedAt),
  sql`not exists (select 1 from ${payments} later where later.reservation_id = ${payments.reservationId} and later.purpose = 'reservation_fee' and later.created_at > ${payments.createdAt})`,
)!;
const failedRefund = and(eq(refunds.status, 'failed'), isNull(refunds.resolvedAt))!;

function paymentsWhere(selection: LedgerSelection): SQL {
  if (selection === 'attention') return unpaidFee;
  if ('id' in selection) return eq(payments.id, String(selection.id));
  return inDays(payments.createdAt, selection);
}

function refundsWhere(selection: LedgerSelection): SQL {
  if (selection === 'attention') return failedRefund;
  if ('id' in selection) return eq(refunds.id, Number(selection.id));
  return inDays(refunds.createdAt, selection);
}

/** Payment attempts with their guest, card and hotel day, newest first; `attention` marks an unpaid fee. */
export function paymentLedgerRows(db: Db | Tx, selection: LedgerSelection): Promise<PaymentLedgerRow[]> {
  return db
    .select({ payment: payments, guest: guestColumns, card: cardColumns, day: hotelDay(payments.createdAt), attention: sql<boolean>`coalesce(${unpaidFee}, false)` })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(paymentsWhere(selection))
    .orderBy(desc(payments.createdAt))
    .limit(5000);
}

/** Refunds with their payment, guest, card and hotel day, newest first. */
export function refundLedgerRows(db: Db | Tx, selection: LedgerSelection): Promise<RefundLedgerRow[]> {
  return db
    .select({ refund: refunds, payment: payments, guest: guestColumns, card: cardColumns, day: hotelDay(refunds.createdAt) })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(refundsWhere(selection))
    .orderBy(desc(refunds.createdAt))
    .limit(5000);
}

/** The latest unpaid attempt of a booking's fee, by one of its payment ids. */
export async function unpaidFeeById(db: Db | Tx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, paymentId), unpaidFee));
  return row ?? null;
}

/**
 * Marks a refund that did not go through as settled outside the provider; false when it went
 * through or was settled already, or the provider has taken it and may yet complete it (an ERIP
 * refund pending: settled outside too, the guest would be paid twice).
 */
export async function resolveRefund(tx: Tx, id: number, staffId: number, note: string): Promise<boolean> {
  const [row] = await tx
    .update(refunds)
    .set({ resolvedAt: new Date(), resolvedBy: staffId, resolutionNote: note, nextAttemptAt: null, status: 'failed' })
    .where(and(eq(refunds.id, id), ne(refunds.status, 'succeeded'), isNull(refunds.resolvedAt), or(ne(refunds.status, 'pending'), isNull(refunds.providerRef))))
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
    .where(and(eq(payments.reservationId, reservationId), eq(payments.purpose, 'reservation_fee')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return newest?.id;
}

/**
 * Succeeded charges per hotel day of a range, by what they paid for: orders, stays paid in advance
 * (the non-refundable rate, decision 045), bookings' cancellation and no-show fees and the saved
 * card charged from the desk, and the succeeded refunds (ledger.ts `moneyByDay`, which adds what
 * the desk took from the folio module). A prepaid stay is the room's price, not a penalty, so it
 * is never counted among the fees. A day that moved none of these is absent.
 */
export async function moneyTotalsByDay(
  db: Db,
  range: { from: string; to: string },
): Promise<{ day: string; orders: number; door_cash: number; door_terminal: number; stays: number; fees: number; desk: number; refunded: number }[]> {
  // The same hotel days as moneyEntries' range, as bounds computed once rather than each row converted.
  const inRange = (column: AnyPgColumn) =>
    sql`${column} >= (${range.from}::date::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE}) AND ${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE})`;
  const { rows } = (await db.execute(sql`
    SELECT day, sum(orders)::bigint AS orders, sum(door_cash)::bigint AS door_cash, sum(door_terminal)::bigint AS door_terminal,
           sum(stays)::bigint AS stays, sum(fees)::bigint AS fees, sum(desk)::bigint AS desk, sum(refunded)::bigint AS refunded FROM (
      SELECT ${hotelDay(payments.createdAt)} AS day,
             CASE WHEN ${payments.purpose} = 'order' AND ${payments.provider} <> 'door' THEN ${payments.amount} ELSE 0 END AS orders,
             -- Paid to the courier (decision 059), by how.
             CASE WHEN ${payments.provider} = 'door' AND ${payments.doorMethod} = 'cash' THEN ${payments.amount} ELSE 0 END AS door_cash,
             CASE WHEN ${payments.provider} = 'door' AND ${payments.doorMethod} = 'card_terminal' THEN ${payments.amount} ELSE 0 END AS door_terminal,
             CASE WHEN ${payments.purpose} = 'stay' THEN ${payments.amount} ELSE 0 END AS stays,
             CASE WHEN ${payments.purpose} = 'reservation_fee' THEN ${payments.amount} ELSE 0 END AS fees,
             CASE WHEN ${payments.purpose} = 'folio' THEN ${payments.amount} ELSE 0 END AS desk,
             0 AS refunded
      FROM ${payments}
      WHERE ${payments.status} = 'succeeded' AND ${payments.purpose} <> 'card' AND ${inRange(payments.createdAt)}
      UNION ALL
      SELECT ${hotelDay(refunds.createdAt)}, 0, 0, 0, 0, 0, 0, ${refunds.amount}
      FROM ${refunds}
      WHERE ${refunds.status} = 'succeeded' AND ${inRange(refunds.createdAt)}
    ) moved
    GROUP BY day ORDER BY day
  `)) as unknown as { rows: Record<'day' | 'orders' | 'door_cash' | 'door_terminal' | 'stays' | 'fees' | 'desk' | 'refunded', string | number>[] };
  return rows.map((row) => ({
    day: String(row.day),
    orders: Number(row.orders),
    door_cash: Number(row.door_cash),
    door_terminal: Number(row.door_terminal),
    stays: Number(row.stays),
    fees: Number(row.fees),
    desk: Number(row.desk),
    refunded: Number(row.refunded),
  }));
}

/** Payment attempts by status and purpose, for the metrics. */
export async function countPaymentsByStatus(db: Db): Promise<{ label: string; detail: string; n: number }[]> {
  const { rows } = (await db.execute(sql`select status::text as label, purpose::text as detail, count(*)::int as n from payments group by 1, 2`)) as unknown as {
    rows: { label: string; detail: string; n: number }[];
  };
  return rows;
}

// ─── Orders paid to the courier (service.ts; decision 059) ──────────────────────────────────────

/** Records what the courier took for an order still unpaid at the door; undefined when there is none (recorded already, or never one). */
export async function settleDoorPaymentIf(
  tx: Tx,
  orderId: number,
  change: Pick<PaymentRow, 'amount' | 'doorMethod' | 'settledAt' | 'resolvedAt' | 'resolvedBy' | 'resolutionNote'>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...change, status: 'succeeded' })
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'door'), eq(payments.status, 'pending')))
    .returning();
  return row;
}

/** The order's payment at the door, live or recorded, if it has one. */
export async function doorPaymentOf(db: Db | Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'door'), inArray(payments.status, ['pending', 'succeeded'])));
  return row;
}

/** An order cancelled before it reached the door owes nothing: its payment at the door is cancelled. */
export async function cancelDoorPaymentIf(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'canceled', settledAt: now, failureReason: 'The order was cancelled before delivery' })
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'door'), eq(payments.status, 'pending')));
}
