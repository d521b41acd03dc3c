/**
 * The folio module's SQL (docs/decisions/055-folio.md). Its own tables are written here and only
 * inserted into: a bill's lines and the desk's payments have no UPDATE or DELETE path, and the
 * database refuses one anyway (trigger `folio_rows_immutable`, drizzle/0031_folio.sql). The
 * booking's extras and its online payments are read, never written: the bill derives them. The
 * booking itself is hotel's, read by hotel's SQL and handed to the bill (stays.ts).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { HOTEL_TIME_ZONE } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { reservationExtras } from '../extras/tables';
import { paymentMethods, payments, refunds } from '../payments/tables';
import { deskPayments, folioLines, folios, folioSettings, stayRegistrations } from './tables';

export type FolioLineRow = typeof folioLines.$inferSelect;
export type DeskPaymentRow = typeof deskPayments.$inferSelect;
export type FolioSettingsRow = typeof folioSettings.$inferSelect;
export type StayRegistrationRow = typeof stayRegistrations.$inferSelect;

export function stayExtrasOf(db: Db | Tx, reservationId: number) {
  return db
    .select({ name: reservationExtras.name, quantity: reservationExtras.quantity, times: reservationExtras.times, unitPrice: reservationExtras.unitPrice, total: reservationExtras.total })
    .from(reservationExtras)
    .where(eq(reservationExtras.reservationId, reservationId))
    .orderBy(asc(reservationExtras.id));
}

/** The saved card that guarantees the stay, if it is usable. */
export async function stayCard(db: Db | Tx, cardId: number | null) {
  if (cardId === null) return undefined;
  const [card] = await db
    .select({ id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.cardLast4, token: paymentMethods.token, publicId: paymentMethods.publicId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.status, 'succeeded')));
  return card;
}

// ─── The bill's own rows ────────────────────────────────────────────────────────────────────────

/**
 * Makes the stay's bill if it has none and locks it until the transaction ends: every writer of a
 * bill (a line, a desk payment, a charge of the saved card) takes this lock first, so two desks
 * closing one balance are served one after the other and the second sees the first's payment.
 */
export async function lockFolio(tx: Tx, reservationId: number): Promise<typeof folios.$inferSelect> {
  await tx.insert(folios).values({ reservationId }).onConflictDoNothing();
  const [row] = await tx.select().from(folios).where(eq(folios.reservationId, reservationId)).for('update');
  return row!;
}

export async function folioRow(db: Db | Tx, reservationId: number) {
  const [row] = await db.select().from(folios).where(eq(folios.reservationId, reservationId));
  return row;
}

export async function markInvoiceSent(db: Db | Tx, reservationId: number, at: Date): Promise<void> {
  await db.insert(folios).values({ reservationId, invoiceSentAt: at }).onConflictDoUpdate({ target: folios.reservationId, set: { invoiceSentAt: at } });
}

export function linesOf(db: Db | Tx, reservationId: number): Promise<FolioLineRow[]> {
  return db.select().from(folioLines).where(eq(folioLines.reservationId, reservationId)).orderBy(asc(folioLines.createdAt), asc(folioLines.id));
}

export async function insertLine(tx: Tx, values: Omit<typeof folioLines.$inferInsert, 'id' | 'createdAt'>): Promise<FolioLineRow> {
  const [row] = await tx.insert(folioLines).values(values).returning();
  return row!;
}

export function deskPaymentsOf(db: Db | Tx, reservationId: number): Promise<DeskPaymentRow[]> {
  return db.select().from(deskPayments).where(eq(deskPayments.reservationId, reservationId)).orderBy(asc(deskPayments.createdAt), asc(deskPayments.id));
}

export async function insertDeskPayment(tx: Tx, values: Omit<typeof deskPayments.$inferInsert, 'id' | 'createdAt'>): Promise<DeskPaymentRow> {
  const [row] = await tx.insert(deskPayments).values(values).returning();
  return row!;
}

/**
 * The stay's money through the provider: the prepayment of a non-refundable stay, a late
 * cancellation's or no-show's fee, and the desk's charges of the saved card; succeeded or still
 * pending, each with what was refunded of it.
 */
export function providerPaymentsOf(db: Db | Tx, reservationId: number) {
  return db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      status: payments.status,
      amount: payments.amount,
      providerRef: payments.providerRef,
      method: payments.method,
      eripBill: payments.eripBill,
      expiresAt: payments.expiresAt,
      createdAt: payments.createdAt,
      settledAt: payments.settledAt,
      brand: paymentMethods.brand,
      last4: paymentMethods.cardLast4,
      refunded: sql<number>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'succeeded'), 0)::int`,
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(and(eq(payments.reservationId, reservationId), inArray(payments.status, ['succeeded', 'pending']), sql`${payments.purpose} <> 'card'`))
    .orderBy(asc(payments.createdAt));
}

// ─── The day's money at the desk ───────────────────────────────────────────────────────────────

/** A moment within the hotel day `day` (Europe/Minsk), as an index on the column can use it. */
const withinHotelDay = (column: AnyColumn | SQL, day: string) =>
  sql`${column} >= (${day}::date::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE}) AND ${column} < ((${day}::date + 1)::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE})`;

/**
 * The hotel day's money at the desk, each figure a count and a sum (kopecks): money taken at the
 * desk by method; the saved card charged from the desk and settled; the stays' payments given back
 * (refunds settled that day); the bill's corrections written that day.
 */
export async function deskMoneyOfDay(db: Db | Tx, day: string) {
  const [byMethod, [savedCard], [refunded], [corrections]] = await Promise.all([
    db
      .select({ method: deskPayments.method, count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${deskPayments.amount}), 0)::int` })
      .from(deskPayments)
      .where(withinHotelDay(deskPayments.createdAt, day))
      .groupBy(deskPayments.method),
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.purpose, 'folio'), eq(payments.status, 'succeeded'), withinHotelDay(sql`coalesce(${payments.settledAt}, ${payments.createdAt})`, day))),
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          isNotNull(payments.reservationId),
          inArray(payments.purpose, ['stay', 'reservation_fee', 'folio']),
          eq(refunds.status, 'succeeded'),
          withinHotelDay(sql`coalesce(${refunds.settledAt}, ${refunds.createdAt})`, day),
        ),
      ),
    db
      .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${folioLines.amount}), 0)::int` })
      .from(folioLines)
      .where(and(eq(folioLines.kind, 'adjustment'), withinHotelDay(folioLines.createdAt, day))),
  ]);
  return { byMethod, savedCard: savedCard!, refunds: refunded!, corrections: corrections! };
}

// ─── The bills' money in the staff's ledger (payments/folio-ledger.ts) ──────────────────────────

/** The hotel day (Europe/Minsk) of a moment, as `YYYY-MM-DD`. */
const hotelDayOf = (column: AnyColumn) => sql<string>`to_char(${column} AT TIME ZONE ${HOTEL_TIME_ZONE}, 'YYYY-MM-DD')`;
/** A moment within the hotel days `from`..`to`, both included, each row's day computed as the ledger's list shows it. */
const onHotelDays = (column: AnyColumn, days: { from: string; to: string }) =>
  sql`(${column} AT TIME ZONE ${HOTEL_TIME_ZONE})::date BETWEEN ${days.from}::date AND ${days.to}::date`;
/** The same days as bounds computed once, as an index on the column can use them (the day totals). */
const withinHotelDays = (column: AnyColumn, days: { from: string; to: string }) =>
  sql`${column} >= (${days.from}::date::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE}) AND ${column} < ((${days.to}::date + 1)::timestamp AT TIME ZONE ${HOTEL_TIME_ZONE})`;

/** Money taken at the desk towards stays' bills, with the hotel day, newest first (the stay's guest is hotel's: ledger-source.ts). */
export function deskPaymentsOnDays(db: Db | Tx, selection: { from: string; to: string } | { id: number }) {
  return db
    .select({ payment: deskPayments, day: hotelDayOf(deskPayments.createdAt) })
    .from(deskPayments)
    .where('id' in selection ? eq(deskPayments.id, selection.id) : onHotelDays(deskPayments.createdAt, selection))
    .orderBy(desc(deskPayments.createdAt))
    .limit(5000);
}

/** Lines written to stays' bills, with the hotel day, newest first (the stay's guest is hotel's: ledger-source.ts). */
export function linesOnDays(db: Db | Tx, days: { from: string; to: string }) {
  return db
    .select({ line: folioLines, day: hotelDayOf(folioLines.createdAt) })
    .from(folioLines)
    .where(onHotelDays(folioLines.createdAt, days))
    .orderBy(desc(folioLines.createdAt))
    .limit(5000);
}

/** What the desk took per hotel day of a range (kopecks), by day; a day it took nothing is absent. */
export async function deskTakenByDay(db: Db, days: { from: string; to: string }): Promise<{ day: string; desk: number }[]> {
  // Grouped by the inner query's column: the day's expression carries the time zone as a parameter, which GROUP BY would not match.
  const { rows } = (await db.execute(sql`
    SELECT day, sum(amount)::bigint AS desk FROM (
      SELECT ${hotelDayOf(deskPayments.createdAt)} AS day, ${deskPayments.amount} AS amount
      FROM ${deskPayments}
      WHERE ${withinHotelDays(deskPayments.createdAt, days)}
    ) taken
    GROUP BY day ORDER BY day
  `)) as unknown as { rows: { day: string; desk: string | number }[] };
  return rows.map((row) => ({ day: String(row.day), desk: Number(row.desk) }));
}

// ─── Settings ───────────────────────────────────────────────────────────────────────────────────

export async function settingsRow(db: Db | Tx): Promise<FolioSettingsRow | undefined> {
  const [row] = await db.select().from(folioSettings).where(eq(folioSettings.id, 1));
  return row;
}

export async function saveSettings(tx: Tx, values: Omit<typeof folioSettings.$inferInsert, 'id' | 'updatedAt'>): Promise<FolioSettingsRow> {
  const [row] = await tx
    .insert(folioSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: folioSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

// ─── Online check-in ────────────────────────────────────────────────────────────────────────────

export async function registrationOf(db: Db | Tx, reservationId: number): Promise<StayRegistrationRow | undefined> {
  const [row] = await db.select().from(stayRegistrations).where(eq(stayRegistrations.reservationId, reservationId));
  return row;
}

export function registrationsOf(db: Db | Tx, reservationIds: number[]): Promise<StayRegistrationRow[]> {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return db.select().from(stayRegistrations).where(inArray(stayRegistrations.reservationId, reservationIds));
}

export async function saveRegistration(
  tx: Tx,
  reservationId: number,
  values: Pick<StayRegistrationRow, 'firstName' | 'lastName' | 'citizenship' | 'documentNumber' | 'birthDate' | 'arrivalTime' | 'submittedAt'>,
): Promise<StayRegistrationRow> {
  const [row] = await tx
    .insert(stayRegistrations)
    .values({ reservationId, ...values })
    .onConflictDoUpdate({ target: stayRegistrations.reservationId, set: { ...values, erasedAt: null } })
    .returning();
  return row!;
}

/**
 * Of the stays `arriving` (hotel's: still on, arriving on the reminder's day), those whose guest
 * neither filled the check-in nor had the reminder, at most `limit`: each is marked reminded in the
 * statement that takes it, so no guest gets two letters.
 */
export async function takeDueReminders(db: Db, arriving: number[], now: Date, limit: number) {
  if (arriving.length === 0) return [];
  const done = await db
    .select({ id: stayRegistrations.reservationId })
    .from(stayRegistrations)
    .where(and(inArray(stayRegistrations.reservationId, arriving), or(isNotNull(stayRegistrations.reminderSentAt), isNotNull(stayRegistrations.submittedAt))));
  const skipped = new Set(done.map((row) => row.id));
  const due = arriving.filter((id) => !skipped.has(id)).slice(0, limit);
  const taken: number[] = [];
  for (const id of due) {
    const [row] = await db
      .insert(stayRegistrations)
      .values({ reservationId: id, reminderSentAt: now })
      .onConflictDoUpdate({ target: stayRegistrations.reservationId, set: { reminderSentAt: now }, setWhere: isNull(stayRegistrations.reminderSentAt) })
      .returning({ id: stayRegistrations.reservationId });
    if (row) taken.push(row.id);
  }
  return taken;
}

export async function releaseReminder(db: Db, reservationId: number): Promise<void> {
  await db.update(stayRegistrations).set({ reminderSentAt: null }).where(eq(stayRegistrations.reservationId, reservationId));
}

/** The stays whose guest's document data, filled in online, is still kept (the erasure asks hotel which departed). */
export async function keptDocuments(db: Db | Tx): Promise<number[]> {
  const rows = await db
    .select({ id: stayRegistrations.reservationId })
    .from(stayRegistrations)
    .where(and(isNull(stayRegistrations.erasedAt), isNotNull(stayRegistrations.submittedAt)));
  return rows.map((row) => row.id);
}

/**
 * Erases the document data of these stays (those departed long enough ago: documents.ts), at most
 * `limit`, skipping a registration another transaction holds: the names, the document's number
 * and citizenship, the date of birth. Answers the stays erased, for the change log.
 */
export async function eraseRegistrations(tx: Tx, reservationIds: number[], now: Date, limit: number): Promise<number[]> {
  if (reservationIds.length === 0) return [];
  const due = await tx
    .select({ id: stayRegistrations.reservationId })
    .from(stayRegistrations)
    .where(and(inArray(stayRegistrations.reservationId, reservationIds), isNull(stayRegistrations.erasedAt), isNotNull(stayRegistrations.submittedAt)))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const rows = await tx
    .update(stayRegistrations)
    .set({ firstName: null, lastName: null, citizenship: null, documentNumber: null, birthDate: null, erasedAt: now })
    .where(inArray(stayRegistrations.reservationId, due.map((row) => row.id)))
    .returning({ id: stayRegistrations.reservationId });
  return rows.map((row) => row.id);
}
