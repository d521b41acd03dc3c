/**
 * The staff's view of money (docs/decisions/026-money-staff-trust.md): every payment attempt and
 * refund of a range of hotel days as one list, the items that need a person (failed refunds,
 * unpaid fees) whatever their day, totals per day, and the CSV the accountant takes. It only reads:
 * the two ways staff close an item (try it again, or settle it outside the provider with a note)
 * change a payment or a refund, and those changes are service.ts's, their one writer. The desk's
 * payments and the bills' lines are the folio module's rows, read through the source it registers
 * (folio-ledger.ts): every function that lists or counts them takes it.
 */
import {
  HOTEL_TIME_ZONE,
  type MoneyDayTotal,
  type MoneyEntry,
  type MoneyKind,
  type MoneyPage,
  type MoneyStatus,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import type { BillLineLedgerRow, DeskLedgerRow, FolioLedger } from './folio-ledger';
import {
  latestReservationPaymentId,
  moneyTotalsByDay,
  paymentLedgerRows,
  refundLedgerRows,
  type LedgerCard as Card,
  type LedgerGuest as Guest,
  type PaymentLedgerRow,
  type RefundLedgerRow,
} from './repository';

export interface MoneyFilter {
  from: string;
  to: string;
  status?: MoneyStatus | undefined;
  kind?: MoneyKind | undefined;
}

/** At most this many items need attention at once on the page; more would be a problem of its own. */
const ATTENTION_LIMIT = 200;

const KIND_OF = { order: 'order', reservation_fee: 'fee', stay: 'stay', card: 'card_check', folio: 'desk_card' } as const;

function guestOf(guest: Guest) {
  return { id: guest.id, email: guest.email, name: [guest.firstName, guest.lastName].filter(Boolean).join(' ') };
}

function cardOf(card: Card) {
  return card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null;
}

function paymentEntry(row: PaymentLedgerRow): MoneyEntry {
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
    // Paid to the courier (decision 059), the money moved neither by card nor by ERIP: `door_method` says how.
    method: payment.provider === 'door' ? null : payment.method,
    erip_bill: payment.eripBill,
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
    door_method: payment.doorMethod,
  };
}

function refundEntry(row: RefundLedgerRow): MoneyEntry {
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
    method: payment.method,
    erip_bill: payment.eripBill,
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

/** Money taken at the desk towards a stay's bill (decision 055): the method stands where a provider would. */
function deskEntry(row: DeskLedgerRow): MoneyEntry {
  const { payment } = row;
  return {
    id: `desk-${payment.id}`,
    kind: 'desk',
    status: 'succeeded',
    at: payment.createdAt.toISOString(),
    day: row.day,
    guest: guestOf(row.guest),
    order_id: null,
    reservation_id: payment.reservationId,
    card: null,
    method: null,
    erip_bill: null,
    amount: payment.amount,
    currency: 'BYN',
    provider: payment.method,
    provider_ref: payment.reference || null,
    failure_reason: null,
    awaiting_guest: false,
    needs_attention: false,
    payment_id: `desk-${payment.id}`,
    attempts: null,
    resolution_note: payment.overBalanceReason,
  };
}

/** A line written to a stay's bill: owed, not money moved; the payments page lists it, its totals do not count it. */
function roomChargeEntry(row: BillLineLedgerRow): MoneyEntry {
  const { line } = row;
  return {
    id: `line-${line.id}`,
    kind: 'room_charge',
    status: 'succeeded',
    at: line.createdAt.toISOString(),
    day: row.day,
    guest: guestOf(row.guest),
    order_id: line.orderId,
    reservation_id: line.reservationId,
    card: null,
    method: null,
    erip_bill: null,
    amount: line.amount,
    currency: 'BYN',
    provider: line.kind,
    provider_ref: null,
    failure_reason: null,
    awaiting_guest: false,
    needs_attention: false,
    payment_id: `line-${line.id}`,
    attempts: null,
    resolution_note: line.description,
  };
}

const MONEY_IN = new Set<MoneyKind>(['order', 'fee', 'stay', 'desk_card', 'desk']);

function totalsOf(entries: MoneyEntry[]): MoneyDayTotal[] {
  const days = new Map<string, MoneyDayTotal>();
  for (const entry of entries) {
    const total = days.get(entry.day) ?? { day: entry.day, charged: 0, refunded: 0, net: 0, count: 0 };
    total.count += 1;
    if (entry.status === 'succeeded' && MONEY_IN.has(entry.kind)) total.charged += entry.amount;
    if (entry.status === 'succeeded' && entry.kind === 'refund') total.refunded += entry.amount;
    total.net = total.charged - total.refunded;
    days.set(entry.day, total);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/** The entries of a range of hotel days, newest first, with the filters applied. */
export async function moneyEntries(db: Db, folio: FolioLedger, filter: MoneyFilter): Promise<MoneyEntry[]> {
  const days = { from: filter.from, to: filter.to };
  const wants = (kind: MoneyKind) => !filter.kind || filter.kind === kind;
  const [charges, given, desk, lines] = await Promise.all([
    filter.kind === 'refund' || filter.kind === 'desk' || filter.kind === 'room_charge' ? [] : paymentLedgerRows(db, days),
    wants('refund') ? refundLedgerRows(db, days) : [],
    wants('desk') ? folio.deskPayments(db, days) : [],
    wants('room_charge') ? folio.billLines(db, days) : [],
  ]);
  return [...charges.map(paymentEntry), ...given.map(refundEntry), ...desk.map(deskEntry), ...lines.map(roomChargeEntry)]
    .filter((entry) => (!filter.kind || entry.kind === filter.kind) && (!filter.status || entry.status === filter.status))
    .sort((a, b) => b.at.localeCompare(a.at));
}

export type MoneyDay = Awaited<ReturnType<typeof moneyTotalsByDay>>[number];

/**
 * What the totals of the payments page count, per hotel day, for any range (the owner's reports
 * read it): succeeded charges of orders, of prepaid stays, of bookings' fees and of the saved card
 * from the desk by the day the attempt was made, the money taken at the desk by the day it was
 * taken, succeeded refunds by the day they were asked for; days in order, a day that moved nothing
 * absent. `totalsOf` above counts the same from the page's entries; test/reports/reports.test.ts
 * holds the two equal to the kopeck.
 *
 * Two queries, one per owner of the rows, merged here: each sums its own rows per day, and a day's
 * figure is the sum of its rows whichever query counted them, so adding the desk's sum to the
 * day's `desk` (or making the day, all else 0, when only the desk moved money) gives what one
 * query's UNION ALL grouped by day gave. Both are grouped in SQL: two rows per day at most come
 * back, whatever the range.
 */
export async function moneyByDay(db: Db, folio: FolioLedger, range: { from: string; to: string }): Promise<MoneyDay[]> {
  const [moved, atDesk] = await Promise.all([moneyTotalsByDay(db, range), folio.deskByDay(db, range)]);
  const days = new Map(moved.map((day) => [day.day, day]));
  for (const { day, desk } of atDesk) {
    const total = days.get(day);
    if (total) total.desk += desk;
    else days.set(day, { day, orders: 0, door_cash: 0, door_terminal: 0, stays: 0, fees: 0, desk, refunded: 0 });
  }
  // `YYYY-MM-DD` sorts as the days do, as ORDER BY day did.
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** Failed refunds and unpaid fees of any day: they stay on top until someone resolves them. */
export async function moneyAttention(db: Db): Promise<MoneyEntry[]> {
  const [fees, given] = await Promise.all([paymentLedgerRows(db, 'attention'), refundLedgerRows(db, 'attention')]);
  return [...given.map(refundEntry), ...fees.map(paymentEntry)].sort((a, b) => a.at.localeCompare(b.at)).slice(0, ATTENTION_LIMIT);
}

export async function moneyPage(db: Db, folio: FolioLedger, filter: MoneyFilter): Promise<MoneyPage> {
  const [attention, entries] = await Promise.all([moneyAttention(db), moneyEntries(db, folio, filter)]);
  return { from: filter.from, to: filter.to, attention, entries, totals: totalsOf(entries) };
}

/** One entry as the page shows it, after an action on it. */
export async function moneyEntry(db: Db | Tx, folio: FolioLedger, id: { paymentId: string } | { refundId: number }): Promise<MoneyEntry | null> {
  if ('paymentId' in id && /^desk-\d+$/.test(id.paymentId)) {
    const [desk] = (await folio.deskPayments(db, { id: Number(id.paymentId.slice(5)) })).map(deskEntry);
    return desk ?? null;
  }
  const [entry] =
    'refundId' in id ? (await refundLedgerRows(db, { id: id.refundId })).map(refundEntry) : (await paymentLedgerRows(db, { id: id.paymentId })).map(paymentEntry);
  return entry ?? null;
}

/** The entry of a booking's latest fee attempt, as the payments page shows it after staff charged it again. */
export async function latestFeeEntry(db: Db, reservationId: number): Promise<MoneyEntry | null> {
  const newest = await latestReservationPaymentId(db, reservationId);
  if (!newest) return null;
  // A payment attempt's own id, never a desk payment's: the folio's rows are not needed.
  const [entry] = (await paymentLedgerRows(db, { id: newest })).map(paymentEntry);
  return entry ?? null;
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
  'note', 'method', 'erip_bill'] as const;

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
      `${entry.amount < 0 ? '-' : ''}${Math.floor(Math.abs(entry.amount) / 100)}.${String(Math.abs(entry.amount) % 100).padStart(2, '0')}`,
      entry.currency,
      entry.provider,
      entry.provider_ref,
      entry.failure_reason,
      entry.resolution_note,
      // Paid to the courier: how (cash or card_terminal), where a card or ERIP stands for the others.
      entry.method ?? entry.door_method ?? null,
      entry.erip_bill,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
