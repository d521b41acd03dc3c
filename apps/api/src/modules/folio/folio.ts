/**
 * The bill of a stay (issue 45, point 4; docs/decisions/055-folio.md). What the guest owes is the
 * booking's own price (its nights as priced at booking, its extras, less its discounts: derived
 * from the booking, never copied) plus the lines written here (room service put on the bill,
 * charges staff post, fees, discounts, and corrections, each a new line); what the guest paid is
 * the stay's payments through the provider (derived from the payments table: the prepayment, a
 * fee, the desk's charges of the saved card, less refunds) plus the money taken at the desk.
 *
 * Every writer takes the bill's lock first (repository `lockFolio`), so two desks closing one
 * balance are served one after the other and the second is refused.
 */
import type { FastifyRequest } from 'fastify';
import {
  correctableAmount,
  DESK_MONEY_METHODS,
  deskPaymentRefusal,
  FOLIO_MESSAGES,
  folioTotals,
  hotelToday,
  nightsBetween,
  priceRuns,
  VAT_PERCENT,
  type DeskMoney,
  type Folio,
  type FolioChargeCreate,
  type FolioCorrection,
  type FolioLine,
  type FolioMessageKey,
  type FolioPayment,
  type FolioPaymentCreate,
  type Language,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../change-log/audit';
import { HttpError } from '../../plugins/errors';
import { currentUser } from '../auth/session';
import { chargeFolioAttempt, claimFolioCharge, claimFolioEripBill, issueFolioEripBill } from '../payments/service';
import {
  deskMoneyOfDay,
  deskPaymentsOf,
  folioRow,
  insertDeskPayment,
  insertLine,
  linesOf,
  lockFolio,
  providerPaymentsOf,
  registrationOf,
  stayCard,
  stayExtrasOf,
} from './repository';
import { folioStaysOf, type FolioStay, type FolioStays } from './stays';

/** A refusal of the bill's routes: the detail in English, and in Russian beside it (the web shows the guest's). */
export function folioRefusal(status: number, key: FolioMessageKey, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, FOLIO_MESSAGES[key].en, { detail_ru: FOLIO_MESSAGES[key].ru, ...extra });
}

/** A night's date as a bill prints it: "28.11.2026", "28 Nov 2026". */
function billDate(iso: string, language: 'ru' | 'en'): string {
  const [year, month, day] = iso.split('-');
  if (language === 'ru') return `${day}.${month}.${year}`;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(day)} ${months[Number(month) - 1]} ${year}`;
}

const money = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
const plural = (n: number, one: string, few: string, many: string) => {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
};

/** The lines the booking itself makes: its nights as priced at booking, its extras, its discounts; or, cancelled, what the cancellation cost. */
function derivedLines(stay: FolioStay, extras: Awaited<ReturnType<typeof stayExtrasOf>>): FolioLine[] {
  const derived = (kind: FolioLine['kind'], description: FolioLine['description'], amount: number, quantity: number | null = null, unitPrice: number | null = null): FolioLine => ({
    id: null,
    kind,
    description,
    quantity,
    unit_price: unitPrice,
    amount,
    corrects_line_id: null,
    correctable: 0,
    order_id: null,
    posted_by: null,
    at: null,
  });
  if (stay.canceledAt) {
    const fee = stay.cancellationFee ?? 0;
    return fee > 0 ? [derived('cancellation_fee', { ru: 'Удержание при отмене бронирования', en: 'Cancellation charge' }, fee)] : [];
  }
  const nights = nightsBetween(stay.arrival, stay.departure);
  const extrasTotal = extras.reduce((sum, extra) => sum + extra.total, 0);
  const roomCharge = stay.price - extrasTotal + stay.rateDiscount + stay.promoDiscount;
  const prices = stay.nightPrices?.length === nights ? stay.nightPrices : new Array<number>(nights).fill(stay.pricePerNight);
  const lines: FolioLine[] =
    prices.reduce((sum, price) => sum + price, 0) === roomCharge
      ? priceRuns(stay.arrival, prices).map((run) =>
          derived(
            'nights',
            {
              ru: `Проживание, ${run.nights} ${plural(run.nights, 'ночь', 'ночи', 'ночей')} с ${billDate(run.first_night, 'ru')}`,
              en: `Accommodation, ${run.nights} ${run.nights === 1 ? 'night' : 'nights'} from ${billDate(run.first_night, 'en')}`,
            },
            run.nights * run.price_per_night,
            run.nights,
            run.price_per_night,
          ),
        )
      : [derived('nights', { ru: `Проживание, ${nights} ${plural(nights, 'ночь', 'ночи', 'ночей')}`, en: `Accommodation, ${nights} ${nights === 1 ? 'night' : 'nights'}` }, roomCharge, nights)];
  for (const extra of extras) lines.push(derived('extra', extra.name, extra.total, extra.quantity * extra.times, extra.unitPrice));
  if (stay.rateDiscount > 0) lines.push(derived('stay_discount', { ru: 'Скидка невозвратного тарифа', en: 'Non-refundable rate discount' }, -stay.rateDiscount));
  if (stay.promoDiscount > 0) {
    const code = stay.promoCode ?? '';
    lines.push(derived('stay_discount', { ru: `Промокод ${code}`.trim(), en: `Promo code ${code}`.trim() }, -stay.promoDiscount));
  }
  return lines;
}

interface Options {
  /** Only this guest's own stay; another's answers 404 as if it did not exist. */
  userId?: number | undefined;
}

async function stayOrNotFound(db: Db | Tx, stays: FolioStays, reservationId: number, options: Options = {}): Promise<FolioStay> {
  const stay = await stays.stay(db, reservationId, options.userId);
  if (!stay) throw folioRefusal(404, 'folio:refused.notFound');
  return stay;
}

async function assemble(db: Db | Tx, stay: FolioStay): Promise<Folio> {
  const [extras, written, desk, provider, row, registration, card] = await Promise.all([
    stayExtrasOf(db, stay.id),
    linesOf(db, stay.id),
    deskPaymentsOf(db, stay.id),
    providerPaymentsOf(db, stay.id),
    folioRow(db, stay.id),
    registrationOf(db, stay.id),
    stayCard(db, stay.paymentMethodId),
  ]);
  const lines = [
    ...derivedLines(stay, extras),
    ...written.map(
      (line): FolioLine => ({
        id: line.id,
        kind: line.kind,
        description: { ru: line.description, en: line.description },
        quantity: null,
        unit_price: null,
        amount: line.amount,
        corrects_line_id: line.correctsLineId,
        correctable: line.amount > 0 ? correctableAmount(line, written.filter((other) => other.correctsLineId === line.id)) : 0,
        order_id: line.orderId,
        posted_by: line.postedByEmail,
        at: line.createdAt.toISOString(),
      }),
    ),
  ];
  const paid: FolioPayment[] = [];
  const eripBills: Folio['erip_bills'] = [];
  let pending = 0;
  for (const payment of provider) {
    const card = payment.last4 ? `${(payment.brand ?? 'card').toUpperCase()} •••• ${payment.last4}` : null;
    if (payment.status === 'pending') {
      // Only the desk's own charge is money on its way to this bill; a fee waiting for 3-D Secure is not yet owed as paid.
      if (payment.purpose === 'folio') pending += payment.amount;
      // An ERIP bill the desk issued waits for the guest's bank: its number is what staff tell the guest.
      if (payment.purpose === 'folio' && payment.eripBill) {
        eripBills.push({ bill_number: payment.eripBill, amount: payment.amount, expires_at: payment.expiresAt?.toISOString() ?? null });
      }
      continue;
    }
    const kept = payment.amount - payment.refunded;
    if (kept <= 0) continue;
    paid.push({
      id: payment.id,
      method: payment.method === 'erip' ? 'erip' : payment.purpose === 'folio' ? 'saved_card' : 'online',
      status: 'succeeded',
      amount: kept,
      reference: payment.providerRef,
      card,
      over_balance_reason: null,
      taken_by: null,
      at: (payment.settledAt ?? payment.createdAt).toISOString(),
    });
  }
  for (const payment of desk) {
    paid.push({
      id: `desk-${payment.id}`,
      method: payment.method,
      status: 'succeeded',
      amount: payment.amount,
      reference: payment.reference || null,
      card: null,
      over_balance_reason: payment.overBalanceReason,
      taken_by: payment.takenByEmail,
      at: payment.createdAt.toISOString(),
    });
  }
  paid.sort((a, b) => a.at.localeCompare(b.at));
  const totals = folioTotals({ lines, payments: paid });
  return {
    reservation_id: stay.id,
    guest: {
      name: [stay.guest.firstName, stay.guest.lastName].filter(Boolean).join(' ') || stay.guest.email,
      email: stay.guest.email,
      phone: stay.guest.phone,
      language: stay.guest.language,
    },
    room: stay.roomName,
    arrival: stay.arrival,
    departure: stay.departure,
    nights: nightsBetween(stay.arrival, stay.departure),
    guest_count: stay.guestCount,
    canceled: stay.canceledAt !== null,
    lines,
    payments: paid,
    totals: { ...totals, vat_percent: VAT_PERCENT },
    pending,
    erip_bills: eripBills,
    saved_card: card?.last4 ? { brand: card.brand ?? 'card', last4: card.last4 } : null,
    invoice_sent_at: row?.invoiceSentAt?.toISOString() ?? null,
    check_in: { ready: registration?.submittedAt != null, arrival_time: registration?.arrivalTime ?? null },
  };
}

/** The bill of a stay, as staff (or, with `userId`, its own guest) see it; `stays`: hotel's (stays.ts). */
export async function readFolio(db: Db | Tx, stays: FolioStays, reservationId: number, options: Options = {}): Promise<Folio> {
  return assemble(db, await stayOrNotFound(db, stays, reservationId, options));
}

/**
 * What the guest still owes on the stay's bill, in kopecks (charges − payments; negative: paid
 * more than the bill). For the desk and the check-out: a balance due asks for payment or a reason.
 */
export async function folioBalance(db: Db | Tx, stays: FolioStays, reservationId: number): Promise<number> {
  return (await readFolio(db, stays, reservationId)).totals.balance;
}

// ─── Writing to the bill ────────────────────────────────────────────────────────────────────────

type AuditFn = (tx: Tx, record: Parameters<typeof audit>[2]) => Promise<void>;
const auditOf = (request: FastifyRequest): AuditFn => (tx, record) => audit(tx, request, record);

/** The stay, locked for writing to its bill: a cancelled one takes no new charge. */
async function lockedOpenStay(tx: Tx, stays: FolioStays, reservationId: number, options: { charges?: boolean } = {}): Promise<FolioStay> {
  const stay = await stayOrNotFound(tx, stays, reservationId);
  await lockFolio(tx, reservationId);
  if (options.charges && stay.canceledAt) throw folioRefusal(409, 'folio:refused.canceled');
  return stay;
}

/** POST admin/reservations/{id}/folio/lines/: a charge (the bar, the restaurant), a fee or a discount, as a new line. */
export async function postCharge(request: FastifyRequest, reservationId: number, input: FolioChargeCreate): Promise<Folio> {
  const staff = currentUser(request);
  const stays = folioStaysOf(request.server);
  return request.server.db.transaction(async (tx) => {
    const stay = await lockedOpenStay(tx, stays, reservationId, { charges: true });
    const amount = input.kind === 'discount' ? -input.amount : input.amount;
    const line = await insertLine(tx, { reservationId, kind: input.kind, description: input.description, amount, postedBy: staff.id, postedByEmail: staff.email });
    await auditOf(request)(tx, { action: 'folio.charge', target: `reservation ${reservationId}`, before: null, after: { line: line.id, kind: line.kind, amount, description: line.description } });
    return assemble(tx, stay);
  });
}

/** POST admin/reservations/{id}/folio/lines/{line_id}/correct/: takes back part or all of a line, as a new negative line that names it. */
export async function correctLine(request: FastifyRequest, reservationId: number, lineId: number, input: FolioCorrection): Promise<Folio> {
  const staff = currentUser(request);
  const stays = folioStaysOf(request.server);
  return request.server.db.transaction(async (tx) => {
    const stay = await lockedOpenStay(tx, stays, reservationId);
    const written = await linesOf(tx, reservationId);
    const line = written.find((candidate) => candidate.id === lineId);
    if (!line) throw folioRefusal(404, 'folio:refused.lineNotFound');
    const most = correctableAmount(line, written.filter((other) => other.correctsLineId === line.id));
    const amount = input.amount ?? most;
    if (amount <= 0 || amount > most) throw folioRefusal(409, 'folio:refused.notCorrectable', { correctable: most });
    const correction = await insertLine(tx, {
      reservationId,
      kind: 'adjustment',
      description: input.reason,
      amount: -amount,
      correctsLineId: line.id,
      postedBy: staff.id,
      postedByEmail: staff.email,
    });
    await auditOf(request)(tx, { action: 'folio.correct', target: `reservation ${reservationId}`, before: { line: line.id, amount: line.amount }, after: { line: correction.id, amount: -amount, reason: input.reason } });
    return assemble(tx, stay);
  });
}

/** Refuses a payment over what is owed (less what is on its way from the card) unless staff said why. */
function assertWithinBalance(folio: Folio, amount: number, reason: string | undefined): void {
  const refusal = deskPaymentRefusal(folio.totals.balance - folio.pending, amount, reason);
  if (refusal === 'over_balance') throw folioRefusal(422, 'folio:refused.overBalance', { balance: folio.totals.balance - folio.pending });
  if (refusal === 'nothing_due') throw folioRefusal(422, 'folio:refused.nothingDue', { balance: folio.totals.balance - folio.pending });
}

/**
 * POST admin/reservations/{id}/folio/payments/: money taken at the desk (cash, the card terminal,
 * a bank transfer), or the saved card charged from the desk through the payments module, once per
 * intent (the Idempotency-Key): a retry answers the same attempt and the provider hears of it once.
 */
export async function takePayment(request: FastifyRequest, reservationId: number, input: FolioPaymentCreate & { reference: string }, attemptKey: string | undefined): Promise<Folio> {
  const app = request.server;
  const staff = currentUser(request);
  const stays = folioStaysOf(app);
  if (input.method === 'saved_card') {
    if (!attemptKey) throw folioRefusal(422, 'folio:refused.keyRequired');
    const claimed = await app.db.transaction(async (tx) => {
      const stay = await lockedOpenStay(tx, stays, reservationId);
      const card = await stayCard(tx, stay.paymentMethodId);
      if (!card?.token) throw folioRefusal(422, 'folio:refused.noCard');
      const before = await assemble(tx, stay);
      const claim = await claimFolioCharge(app, tx, { userId: stay.userId, reservationId, cardId: card.id, amount: input.amount, attemptKey }, new Date(), () => assertWithinBalance(before, input.amount, input.reason));
      if (claim.created) {
        await auditOf(request)(tx, { action: 'folio.payment', target: `reservation ${reservationId}`, before: null, after: { method: 'saved_card', amount: input.amount, payment: claim.payment.id, reason: input.reason ?? null } });
      }
      return { ...claim, token: card.token, language: stay.guest.language };
    });
    if (claimed.created) await chargeFolioAttempt(request, claimed.payment, { token: claimed.token }, claimed.language);
    return readFolio(app.db, stays, reservationId);
  }
  if (input.method === 'erip') {
    // An ERIP bill for the balance (decision 058): the guest pays it from their bank's app, and it
    // becomes one of the bill's payments when bePaid says it was paid. Once per intent, as a card charge.
    if (!attemptKey) throw folioRefusal(422, 'folio:refused.keyRequired');
    const claimed = await app.db.transaction(async (tx) => {
      const stay = await lockedOpenStay(tx, stays, reservationId);
      const before = await assemble(tx, stay);
      const claim = await claimFolioEripBill(app, tx, { userId: stay.userId, reservationId, amount: input.amount, attemptKey }, new Date(), () => assertWithinBalance(before, input.amount, input.reason));
      if (claim.created) {
        await auditOf(request)(tx, { action: 'folio.payment', target: `reservation ${reservationId}`, before: null, after: { method: 'erip', amount: input.amount, payment: claim.payment.id, bill: claim.payment.eripBill, reason: input.reason ?? null } });
      }
      return { ...claim, language: stay.guest.language };
    });
    if (claimed.created) await issueFolioEripBill(request, claimed.payment, claimed.language);
    return readFolio(app.db, stays, reservationId);
  }
  return app.db.transaction(async (tx) => {
    const stay = await lockedOpenStay(tx, stays, reservationId);
    const before = await assemble(tx, stay);
    assertWithinBalance(before, input.amount, input.reason);
    const method = input.method as Exclude<typeof input.method, 'saved_card' | 'erip'>;
    const payment = await insertDeskPayment(tx, {
      reservationId,
      method,
      amount: input.amount,
      reference: input.reference,
      overBalanceReason: input.reason ?? null,
      takenBy: staff.id,
      takenByEmail: staff.email,
    });
    await auditOf(request)(tx, { action: 'folio.payment', target: `reservation ${reservationId}`, before: null, after: { method, amount: input.amount, payment: `desk-${payment.id}`, reference: input.reference, reason: input.reason ?? null } });
    return assemble(tx, stay);
  });
}

/**
 * Room service put on the room's bill instead of paid at once (the orders module calls it in the
 * transaction that places the order): one line per order, its total, under the bill's lock.
 */
export async function putOrderOnBill(tx: Tx, order: { reservationId: number; orderId: number; total: number; userEmail: string; language: Language }): Promise<void> {
  await lockFolio(tx, order.reservationId);
  await insertLine(tx, {
    reservationId: order.reservationId,
    kind: 'room_service',
    description: order.language === 'ru' ? `Обслуживание в номере, заказ №${order.orderId}` : `Room service, order #${order.orderId}`,
    amount: order.total,
    orderId: order.orderId,
    postedBy: null,
    postedByEmail: order.userEmail,
  });
}

/** A room-service order on the bill that was cancelled: its line taken back in full, as a correction. */
export async function takeOrderOffBill(tx: Tx, orderId: number, reservationId: number, reason: string, by: string): Promise<void> {
  await lockFolio(tx, reservationId);
  const written = await linesOf(tx, reservationId);
  const line = written.find((candidate) => candidate.orderId === orderId);
  if (!line) return;
  const most = correctableAmount(line, written.filter((other) => other.correctsLineId === line.id));
  if (most <= 0) return;
  await insertLine(tx, { reservationId, kind: 'adjustment', description: reason.slice(0, 200) || `Order #${orderId} cancelled`, amount: -most, correctsLineId: line.id, postedBy: null, postedByEmail: by });
}

/** The day a document is issued on, on the hotel's clock. */
/**
 * The hotel day's money at the desk for the shift's hand-over (issue 45, point 8): each method in
 * its fixed order (an empty one 0), what was given back, and the bill's corrections.
 */
export async function deskMoney(db: Db | Tx, day: string): Promise<DeskMoney> {
  const found = await deskMoneyOfDay(db, day);
  const methods = DESK_MONEY_METHODS.map((method) => {
    const row = method === 'saved_card' ? found.savedCard : found.byMethod.find((r) => r.method === method);
    return { method, count: row?.count ?? 0, total: row?.total ?? 0 };
  });
  const taken = { count: methods.reduce((n, m) => n + m.count, 0), total: methods.reduce((n, m) => n + m.total, 0) };
  return { day, methods, taken, refunds: found.refunds, net: taken.total - found.refunds.total, corrections: found.corrections };
}

export const issuedToday = (now: Date = new Date()) => hotelToday(now);

export { money as formatAmount };
