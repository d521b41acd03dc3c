/**
 * Payments, whatever the provider (docs/decisions/014-payments.md). Every attempt is a row of
 * `payments` written before the provider is called: its id is the attempt's idempotency key and
 * the provider's tracking id. A payment's state changes only on the provider's word (a verified
 * notification, the answer to our own request, or our asking), and only from pending, so a replayed
 * notification changes nothing. What a settled payment means follows here: a card saved, a paid
 * order cancelled meanwhile refunded; the order's own side (accepted, its receipt) is the orders
 * module's, through the callbacks it registers (order-payments.ts).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  cancellationTerms,
  DECLINED_CARD_PAUSE_SECONDS,
  DOOR_MESSAGES,
  PAYMENT_CURRENCY,
  UNPAID_ORDER_STASH_MINUTES,
  type DoorMessageKey,
  type DoorMethod,
  type Language,
  type OrderPaymentReturnPath,
  type PaymentMethodKind,
  type PaymentStatus,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { text, type TextKey } from '../../i18n';
import { audit } from '../../change-log/audit';
import { HttpError } from '../../plugins/errors';
import { currentUser } from '../auth/session';
import { isUniqueViolation } from '../../db/sql-state';
import { publicOrigin } from '../uploads/public-url';
import type { ChargeCard, PaymentGateway, ProviderOutcome, RefundOutcome } from './gateway';
import { orderPaymentsOf, type OrderPayments } from './order-payments';
import { stayPaymentsOf } from './stay-payments';
import {
  attemptByKey,
  cancelDoorPaymentIf,
  doorPaymentOf,
  folioAttemptByKey,
  claimDueRefund,
  claimFailedRefund,
  dueRefundIds,
  findPayment,
  hasPrimaryCard,
  insertCard,
  insertPayment,
  insertRefund,
  lastDeclineSince,
  latestStayPayment,
  liveFeePayment,
  lockCard,
  liveOrderAttempt,
  lockUserCards,
  ownCard,
  ownPaymentStatus,
  paidOrderPayment,
  pendingPayments,
  recordRefundDone,
  refundByProviderRef,
  refundExists,
  resolveFee,
  resolveRefund,
  savedCardById,
  settleDoorPaymentIf,
  settlePaymentIf,
  settleLateEripPayment,
  settleTakenRefund,
  eripBillsOf,
  updateCard,
  updatePayment,
  updateRefund,
  userEmail,
  unpaidFeeById,
  type PaymentRow,
  type RefundRow,
} from './repository';
import { savedCard } from './saved-card';
import { tellStaff } from '../notices/notices';

export type { PaymentRow, RefundRow } from './repository';

export const CARD_NEEDS_ACTIVE_ACCOUNT = 'Activate your account to save a card';

/** Saving a card checks it with this amount, which the provider holds and releases. */
export const CARD_CHECK_KOPECKS = 100;
/** Asking the provider about a payment younger than this is pointless: its answer is on the way. */
const SETTLE_AFTER_MS = 30_000;
/** Why an attempt the provider never heard of was given up: it refused nothing, so it starts no pause. */
const NEVER_REACHED_PROVIDER = 'The provider has no record of this payment';
/** A charge the provider still has no record of after this long never reached it. */
const UNKNOWN_AFTER_MS = 10 * 60_000;
/** How long the guest has to type a card on the provider's page (bePaid's `expired_at`). */
export const CHECKOUT_TTL_MS = 60 * 60_000;
/** How long the guest has to confirm an order's charge with 3-D Secure: the order is stashed after that. */
const ORDER_CONFIRMATION_TTL_MS = UNPAID_ORDER_STASH_MINUTES * 60_000;
/** How long the guest has to confirm a fee the bank wants confirmed, from the link in their letter. */
export const FEE_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** A refund the provider refuses is tried this many times by the settling timer, then shown to staff. */
export const REFUND_MAX_ATTEMPTS = 5;
/** The first retry waits this long; each next one twice as long (5, 10, 20, 40 minutes). */
const REFUND_RETRY_BASE_MS = 5 * 60_000;
/** While one instance is asking the provider to refund, the others leave that refund alone. */
const REFUND_LEASE_MS = 2 * 60_000;
/**
 * An ERIP refund bePaid took as pending completes or fails within 11 days; the settling timer asks
 * about it this often until its notification or the answer says which (decision 058).
 */
export const REFUND_FOLLOW_UP_MS = 60 * 60_000;

export interface PaymentsDeps {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

const depsOf = (app: FastifyInstance): PaymentsDeps => ({ db: app.db, gateway: app.paymentGateway, log: app.log });

export function notificationUrl(request: FastifyRequest): string {
  return `${publicOrigin(request)}${API_PREFIX}/payments/webhook/`;
}

/** The language of the provider's page: the one the visitor reads the site in. */
export function pageLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies.language;
  if (cookie === 'ru' || cookie === 'en') return cookie;
  return request.user?.language ?? 'ru';
}

// ─── Saving a card ──────────────────────────────────────────────────────────────────────────────

/** POST payments/methods/init/: a pending card and the provider's page to type it on (API-22). */
export async function startSavingCard(request: FastifyRequest, returnPath: string) {
  const { db, gateway } = depsOf(request.server);
  const user = currentUser(request);
  // A card is saved only by an account whose e-mail was confirmed, as orders and bookings are made.
  if (!user.isActive) throw new HttpError(403, CARD_NEEDS_ACTIVE_ACCOUNT);
  const { card, payment } = await db.transaction(async (tx) => {
    const card = await insertCard(tx, user.id, gateway.provider);
    const payment = await insertPayment(tx, {
      purpose: 'card',
      userId: user.id,
      paymentMethodId: card.id,
      provider: gateway.provider,
      amount: CARD_CHECK_KOPECKS,
      currency: PAYMENT_CURRENCY,
    });
    return { card, payment };
  });
  const language = pageLanguage(request);
  const expiresAt = new Date(payment.createdAt.getTime() + CHECKOUT_TTL_MS);
  const started = await gateway.startTokenization({
    trackingId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    description: text(language, 'payments.savingCard'),
    language,
    returnUrl: `${publicOrigin(request)}${returnPath}`,
    notificationUrl: notificationUrl(request),
    expiresAt,
    customer: { email: user.email, ip: request.ip },
  });
  await updatePayment(db, payment.id, { providerRef: started.providerRef, confirmationUrl: started.confirmationUrl, expiresAt });
  return { confirmation_url: started.confirmationUrl, payment_method_id: card.publicId };
}

/** GET payments/methods/{payment_method_id}/status/ (API-23): owner only. */
export async function cardStatus(request: FastifyRequest, publicId: string): Promise<PaymentStatus> {
  const card = await ownCard(request.server.db, currentUser(request).id, publicId);
  if (!card) throw new HttpError(404, 'Card not found');
  return card.status;
}

// ─── Paying an order ────────────────────────────────────────────────────────────────────────────

function answer(payment: PaymentRow) {
  return {
    payment_id: payment.id,
    ...(payment.confirmationUrl && payment.status === 'pending' ? { confirmation_url: payment.confirmationUrl } : {}),
    status: payment.status,
    amount: payment.amount,
  };
}

/** The payment already under way for an order: the same one for the same card, a 409 otherwise. */
function sameAttempt(existing: PaymentRow, cardId: number) {
  if (existing.status === 'succeeded') throw new HttpError(409, 'This order is already paid');
  if (existing.paymentMethodId !== cardId) throw new HttpError(409, 'A payment of this order with another card is still in progress');
  return answer(existing);
}

/** Why a new charge of this card is refused: the provider declined it a moment ago. */
export const declinedCardDetail = (seconds: number) =>
  `This card was declined a moment ago; try another card or try again in ${seconds} s`;

/**
 * The one rule of a declined card, for orders and stays alike: a card the provider refused for this
 * guest less than DECLINED_CARD_PAUSE_SECONDS ago is not charged again (409 saying when it may be);
 * another card may be tried at once. Taken under a lock of the card's row, in the transaction that
 * writes the new attempt, so racing requests and other instances see each other's attempts; the
 * pause itself is read from the payments table, never from memory (docs/decisions/025-payments-hardening.md).
 */
async function refuseDeclinedCard(tx: Tx, userId: number, cardId: number, now: Date): Promise<HttpError | null> {
  await lockCard(tx, cardId);
  const pauseStart = new Date(now.getTime() - DECLINED_CARD_PAUSE_SECONDS * 1000);
  // Refused by the provider (a decline, or its gateway's refusal): an attempt it never heard of refused nothing.
  const declinedAt = await lastDeclineSince(tx, userId, cardId, pauseStart, NEVER_REACHED_PROVIDER);
  if (!declinedAt) return null;
  const wait = Math.max(1, Math.ceil((declinedAt.getTime() - pauseStart.getTime()) / 1000));
  return new HttpError(409, declinedCardDetail(wait));
}

/**
 * Decides, under a lock of the order's row, which attempt a payment request is: the one with the
 * same card and Idempotency-Key, the one under way (or the order is paid), a refusal while the card
 * has just been declined, or a new attempt written here, before the provider is called. The lock
 * serialises every request for one order, so twenty at once make at most one new attempt and never
 * a second one after a decline (docs/decisions/025-payments-hardening.md).
 */
async function claimAttempt(
  db: Db,
  orders: OrderPayments,
  values: { userId: number; orderId: number; cardId: number; provider: PaymentRow['provider']; amount: number; attemptKey: string | null },
  now: Date,
): Promise<{ payment: PaymentRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const refused = await orders.lockForPayment(tx, values.orderId);
    if (values.attemptKey !== null) {
      const same = await attemptByKey(tx, values.orderId, values.cardId, values.attemptKey);
      if (same) return { payment: same, created: false };
    }
    const live = await liveOrderAttempt(tx, values.orderId);
    if (live) return { payment: live, created: false };
    if (refused) throw refused;
    const paused = await refuseDeclinedCard(tx, values.userId, values.cardId, now);
    if (paused) throw paused;
    const payment = await insertPayment(tx, {
      purpose: 'order',
      userId: values.userId,
      orderId: values.orderId,
      paymentMethodId: values.cardId,
      provider: values.provider,
      amount: values.amount,
      currency: PAYMENT_CURRENCY,
      attemptKey: values.attemptKey,
    });
    return { payment, created: true };
  });
}

/**
 * POST payments/create/ (API-40): charges the order's total to a saved card. An attempt is the
 * order, the card and the client's Idempotency-Key: asking again with them answers the same
 * attempt, whatever became of it; a double click or a retry without a key meets the payment under
 * way; a card declined a moment ago (for an order or a stay) is not tried again (409) for
 * DECLINED_CARD_PAUSE_SECONDS. So the provider hears of one attempt per decision of the guest.
 */
export async function payOrder(
  request: FastifyRequest,
  input: { orderId: number; cardPublicId: string; attemptKey?: string | undefined; returnPath?: OrderPaymentReturnPath | undefined },
) {
  const app = request.server;
  const { db, gateway, log } = depsOf(app);
  const user = currentUser(request);
  const orders = orderPaymentsOf(app);
  const order = await orders.payable(db, user.id, input.orderId);
  const card = await savedCard(db, user.id, input.cardPublicId);
  if (order.refusal) throw order.refusal;
  // A charge of 0 never reaches the provider (issue 42): such an order is accepted without one when placed.
  if (order.total <= 0) throw new HttpError(409, 'This order costs nothing: there is nothing to pay');

  const claimed = await claimAttempt(
    db,
    orders,
    { userId: user.id, orderId: order.id, cardId: card.id, provider: gateway.provider, amount: order.total, attemptKey: input.attemptKey ?? null },
    new Date(),
  );
  if (!claimed.created) {
    if (claimed.payment.attemptKey !== null && claimed.payment.attemptKey === (input.attemptKey ?? null) && claimed.payment.paymentMethodId === card.id) {
      return answer(claimed.payment);
    }
    return sameAttempt(claimed.payment, card.id);
  }
  const payment = claimed.payment;

  const language = pageLanguage(request);
  try {
    return answer(
      await chargeAttempt(app, payment, {
        description: text(language, 'payments.order', { id: order.id }),
        language,
        cardToken: card.token!,
        initiator: 'customer',
        // A path of the fixed list (packages/domain), on this site's own origin: no open redirect.
        returnUrl: `${publicOrigin(request)}${input.returnPath ?? '/delivery/cart'}`,
        notificationUrl: notificationUrl(request),
        expiresAt: new Date(payment.createdAt.getTime() + ORDER_CONFIRMATION_TTL_MS),
        customer: { email: user.email, ip: request.ip },
      }),
    );
  } catch (error) {
    if (!(error instanceof ProviderSilent)) throw error;
    // The provider may or may not have taken the charge: the payment stays pending, and the
    // settling timer asks the provider about it by its tracking id.
    log.error({ err: error.cause, paymentId: payment.id }, 'payment provider did not answer a charge');
    throw new HttpError(502, 'The payment provider did not answer; the payment will be checked');
  }
}

/** The provider did not answer a charge: it may or may not have taken it. */
class ProviderSilent extends Error {}

/**
 * Charges a saved card for an attempt already written (an order's or a booking fee's): asks the
 * provider, keeps its reference and confirmation page, and applies its answer when it is final.
 * Answers the attempt as it then stands; throws ProviderSilent when the provider did not answer.
 */
async function chargeAttempt(
  app: FastifyInstance,
  payment: PaymentRow,
  charge: Omit<ChargeCard, 'trackingId' | 'amount' | 'currency'>,
): Promise<PaymentRow> {
  const { db, gateway } = depsOf(app);
  let result;
  try {
    result = await gateway.chargeCard({ trackingId: payment.id, amount: payment.amount, currency: payment.currency, ...charge });
  } catch (error) {
    throw new ProviderSilent('The payment provider did not answer', { cause: error });
  }
  const updated = await updatePayment(db, payment.id, { providerRef: result.providerRef ?? null, confirmationUrl: result.confirmationUrl ?? null });
  if (result.status === 'pending') return updated;
  return applyOutcome(app, {
    trackingId: payment.id,
    status: result.status,
    amount: payment.amount,
    currency: payment.currency,
    providerRef: result.providerRef,
    message: result.message,
  });
}

/** GET payments/{id}/status/ (API-41): owner only. */
export async function paymentStatus(request: FastifyRequest, id: string): Promise<PaymentStatus> {
  const status = await ownPaymentStatus(request.server.db, currentUser(request).id, id);
  if (!status) throw new HttpError(404, 'Payment not found');
  return status;
}

// ─── What the provider says ─────────────────────────────────────────────────────────────────────

export class OutcomeRefused extends HttpError {}

/**
 * Applies the provider's word about an attempt. A payment moves only from pending, once; an
 * amount or currency that differs from ours is refused and logged, and changes nothing.
 */
export async function applyOutcome(app: FastifyInstance, outcome: ProviderOutcome): Promise<PaymentRow> {
  const { db, log } = depsOf(app);
  const payment = await findPayment(db, outcome.trackingId);
  if (!payment) throw new OutcomeRefused(404, 'Unknown payment');
  // Money owed at the door is the courier's to record (decision 059): no provider speaks for it.
  if (payment.provider === 'door') throw new OutcomeRefused(404, 'Unknown payment');
  if (outcome.amount !== payment.amount || outcome.currency !== payment.currency) {
    log.error(
      { paymentId: payment.id, expected: { amount: payment.amount, currency: payment.currency }, got: { amount: outcome.amount, currency: outcome.currency } },
      'payment notification refused: amount or currency differs',
    );
    throw new OutcomeRefused(422, 'Amount or currency differs from the payment');
  }
  if (outcome.status === 'pending') {
    return updatePayment(db, payment.id, { checkedAt: new Date(), providerRef: payment.providerRef ?? outcome.providerRef ?? null });
  }
  if (payment.status !== 'pending') {
    if (payment.method === 'erip') {
      // Money for a bill that had expired (and freed what it held): taken, so given back, and staff told.
      if (payment.status === 'canceled' && outcome.status === 'succeeded') return lateEripPayment(app, payment, outcome);
      // bePaid notifies each change of an ERIP bill once: another word on a settled bill is a replay or a forgery.
      throw new OutcomeRefused(409, 'This ERIP bill is already settled');
    }
    if (payment.status !== outcome.status) {
      log.error({ paymentId: payment.id, ours: payment.status, provider: outcome.status }, 'provider contradicts a settled payment');
    }
    return payment;
  }
  if (payment.purpose === 'card' && outcome.status === 'succeeded' && !outcome.card) {
    log.error({ paymentId: payment.id }, 'the provider saved a card but described none');
    throw new OutcomeRefused(422, 'The notification describes no card');
  }

  const now = new Date();
  const settled = await db.transaction(async (tx) => {
    const row = await settlePaymentIf(tx, payment.id, {
      status: outcome.status,
      settledAt: now,
      checkedAt: now,
      failureReason: outcome.status === 'canceled' ? (outcome.message ?? 'Declined') : null,
      providerRef: payment.providerRef ?? outcome.providerRef ?? null,
    });
    // Another notification (or our own asking) settled it a moment earlier.
    if (!row) return null;
    if (row.purpose === 'card' && row.paymentMethodId !== null) {
      await settleCard(tx, row, outcome);
    }
    // The order's side of its payment is the orders module's: accepted now, or cancelled meanwhile.
    const taken = row.purpose === 'order' && row.orderId !== null && row.status === 'succeeded' ? await orderPaymentsOf(app).paid(tx, row.orderId, row.paymentMethodId, now) : null;
    // A non-refundable booking's side is the hotel module's: paid now, or its room released.
    const stayTook = row.purpose === 'stay' && row.reservationId !== null && row.status === 'succeeded' && (await stayPaymentsOf(app).paid(tx, row.reservationId, now));
    if (row.purpose === 'stay' && row.reservationId !== null && row.status === 'canceled') await stayPaymentsOf(app).failed(tx, row.reservationId, now);
    return { row, taken, stayTook };
  });
  if (!settled) {
    return (await findPayment(db, payment.id))!;
  }
  const { row, taken, stayTook } = settled;
  if (row.purpose === 'stay' && row.status === 'succeeded' && row.reservationId !== null) {
    if (stayTook) await stayPaymentsOf(app).afterPaid(row.reservationId);
    // Money arrived for a booking whose hold had run out meanwhile (its room released): give it
    // back, and tell the guest, who would otherwise see a charge and no booking.
    else {
      if (await refundPayment(app, row, 'The booking was released before it was paid')) await stayPaymentsOf(app).afterRefunded(row.reservationId);
      if (row.method === 'erip') tellLateEripPayment(app, row);
    }
  }
  if (row.purpose === 'order' && row.status === 'succeeded' && row.orderId !== null) {
    if (taken === 'accepted') {
      await orderPaymentsOf(app).afterPaid(row.orderId);
    } else if (taken === 'too_late') {
      // Ordering closed before the bank confirmed the payment: the order was cancelled, the money goes back, the guest is told.
      const refunded = await refundPayment(app, row, 'Ordering had closed before the order was paid');
      await orderPaymentsOf(app).afterTooLate(row.orderId, refunded);
    } else {
      // Money arrived for an order that had been cancelled or stashed meanwhile: give it back.
      await refundPayment(app, row, 'The order was cancelled before it was paid');
    }
  }
  return row;
}


/** Tells the accountant of an ERIP bill paid after it expired, whose money is being given back (decision 058). */
function tellLateEripPayment(app: FastifyInstance, payment: PaymentRow) {
  tellStaff(app.db, 'late_payment', { id: payment.id.slice(0, 8), amount: payment.amount, bill: payment.eripBill ?? '' }, app.log);
}

/**
 * bePaid says an ERIP bill we had taken as expired was paid after all (a payment begun in a bank's
 * app just before the bill's end). The money moved: the payment is recorded as succeeded, given
 * straight back, and the accountant told; what the bill held (a room, a bill's balance) stays freed.
 */
async function lateEripPayment(app: FastifyInstance, payment: PaymentRow, outcome: ProviderOutcome): Promise<PaymentRow> {
  const now = new Date();
  const row = await settleLateEripPayment(app.db, payment.id, { settledAt: now, checkedAt: now, failureReason: null, providerRef: payment.providerRef ?? outcome.providerRef ?? null });
  if (!row) throw new OutcomeRefused(409, 'This ERIP bill is already settled');
  app.log.error({ paymentId: row.id }, 'an ERIP bill was paid after it expired: refunding');
  const refunded = await refundPayment(app, row, 'The ERIP bill was paid after it expired');
  if (refunded && row.purpose === 'stay' && row.reservationId !== null) await stayPaymentsOf(app).afterRefunded(row.reservationId);
  tellLateEripPayment(app, row);
  return row;
}

/** A card the provider saved becomes usable; the first saved card of a user becomes primary. */
async function settleCard(tx: Tx, payment: PaymentRow, outcome: ProviderOutcome) {
  if (outcome.status !== 'succeeded' || !outcome.card) {
    await updateCard(tx, payment.paymentMethodId!, { status: 'canceled' });
    return;
  }
  await lockUserCards(tx, payment.userId);
  const hasPrimary = await hasPrimaryCard(tx, payment.userId);
  const { card } = outcome;
  await updateCard(tx, payment.paymentMethodId!, {
    status: 'succeeded',
    token: card.token,
    cardLast4: card.last4,
    brand: card.brand,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isPrimary: !hasPrimary,
  });
}

/**
 * Gives a succeeded payment back in full, once (one refund per payment). Answers whether a refund
 * was started now: the provider may refuse it at first, and then the settling timer tries again
 * (REFUND_MAX_ATTEMPTS) before the refund is shown to staff as failed.
 */
export async function refundPayment(app: FastifyInstance, payment: PaymentRow, reason: string, now: Date = new Date()): Promise<boolean> {
  if (payment.status !== 'succeeded' || payment.refundedAt || payment.amount <= 0) return false;
  const refund = await insertRefund(app.db, { paymentId: payment.id, amount: payment.amount, reason, nextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS) });
  if (!refund) return false;
  await attemptRefund(app, refund, payment, now);
  return true;
}

/** One try at a refund this instance has claimed; the refund's row records what the provider said. */
async function attemptRefund(app: FastifyInstance, refund: RefundRow, payment: PaymentRow, now: Date, options: { last?: boolean } = {}): Promise<RefundRow> {
  const { db, gateway, log } = depsOf(app);
  // Taken already and not yet done (an ERIP refund): asked about, never asked for twice.
  if (refund.status === 'pending' && refund.providerRef !== null) return followUpRefund(app, refund, payment, now);
  let result: { ok: boolean; pending?: boolean | undefined; providerRef?: string | undefined; message?: string | undefined };
  try {
    result = await gateway.refund({ trackingId: payment.id, providerRef: payment.providerRef, method: payment.method, amount: refund.amount, reason: refund.reason });
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, 'refund failed');
    result = { ok: false, message: error instanceof Error ? error.message : 'The provider did not answer' };
  }
  const attempts = refund.attempts + 1;
  if (result.ok && result.pending && result.providerRef) {
    // Taken, to complete within days: the refund stays pending under the provider's id until its
    // notification, or the timer's asking, says it succeeded or failed.
    return updateRefund(db, refund.id, { attempts, lastError: null, providerRef: result.providerRef, nextAttemptAt: new Date(now.getTime() + REFUND_FOLLOW_UP_MS) });
  }
  if (result.ok) {
    return recordRefundDone(db, refund.id, payment.id, now, { attempts, providerRef: result.providerRef ?? null });
  }
  const gaveUp = options.last === true || attempts >= REFUND_MAX_ATTEMPTS;
  log.error({ paymentId: payment.id, attempts, message: result.message }, gaveUp ? 'refund refused by the provider: left to staff' : 'refund refused by the provider: will try again');
  const updated = await updateRefund(db, refund.id, {
    status: gaveUp ? 'failed' : 'pending',
    attempts,
    lastError: result.message ?? 'Refused by the provider',
    nextAttemptAt: gaveUp ? null : new Date(now.getTime() + REFUND_RETRY_BASE_MS * 2 ** (attempts - 1)),
  });
  // The accountant settles what the provider would not refund (modules/notices).
  if (gaveUp) tellRefundFailed(app, payment, refund, now);
  return updated;
}

function tellRefundFailed(app: FastifyInstance, payment: PaymentRow, refund: RefundRow, now: Date) {
  tellStaff(app.db, 'refund_failed', { id: payment.id.slice(0, 8), amount: refund.amount }, app.log, now);
}

/** The settling timer asks how a refund the provider took as pending stands; still pending, it asks again later. */
async function followUpRefund(app: FastifyInstance, refund: RefundRow, payment: PaymentRow, now: Date): Promise<RefundRow> {
  const { db, gateway, log } = depsOf(app);
  let outcome: RefundOutcome | null = null;
  try {
    outcome = await gateway.refundStatus({ providerRef: refund.providerRef!, method: payment.method });
  } catch (error) {
    log.warn({ err: error, refundId: refund.id }, 'could not ask about a pending refund');
  }
  if (outcome && outcome.status !== 'pending') {
    const settled = await endTakenRefund(app, refund, payment, outcome, now);
    if (settled) return settled;
  }
  if (!outcome) log.warn({ refundId: refund.id }, 'the provider has no answer about a pending refund yet');
  return updateRefund(db, refund.id, { nextAttemptAt: new Date(now.getTime() + REFUND_FOLLOW_UP_MS) });
}

/**
 * A refund taken as pending ends as the provider says: succeeded, the payment is refunded; failed,
 * it waits for staff in /admin/payments and the accountant is told, as a refused card refund is.
 * Undefined when a notification or the timer settled it a moment earlier.
 */
async function endTakenRefund(app: FastifyInstance, refund: RefundRow, payment: PaymentRow, outcome: RefundOutcome, now: Date): Promise<RefundRow | undefined> {
  const settled = await settleTakenRefund(
    app.db,
    refund,
    now,
    outcome.status === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', lastError: outcome.message ?? 'Failed at the provider' },
  );
  if (settled?.status === 'failed') {
    app.log.error({ paymentId: payment.id, refundId: refund.id, message: outcome.message }, 'a pending refund failed at the provider: left to staff');
    tellRefundFailed(app, payment, settled, now);
  }
  return settled;
}

/**
 * Applies the provider's notification about a refund it took as pending (an ERIP refund): only from
 * pending, once. An unknown refund answers 404, a different amount or currency 422, and a word about
 * a refund already settled (a replay, or a forgery with a captured signature) 409; none changes anything.
 */
export async function applyRefundOutcome(app: FastifyInstance, outcome: RefundOutcome): Promise<RefundRow> {
  const { db, log } = depsOf(app);
  const refund = await refundByProviderRef(db, outcome.providerRef);
  const payment = refund ? await findPayment(db, refund.paymentId) : undefined;
  if (!refund || !payment) throw new OutcomeRefused(404, 'Unknown refund');
  if (outcome.amount !== refund.amount || outcome.currency !== payment.currency) {
    log.error({ refundId: refund.id, expected: { amount: refund.amount, currency: payment.currency }, got: { amount: outcome.amount, currency: outcome.currency } }, 'refund notification refused: amount or currency differs');
    throw new OutcomeRefused(422, 'Amount or currency differs from the refund');
  }
  if (refund.status !== 'pending') throw new OutcomeRefused(409, 'This refund is already settled');
  if (outcome.status === 'pending') return refund;
  const settled = await endTakenRefund(app, refund, payment, outcome, new Date());
  if (!settled) throw new OutcomeRefused(409, 'This refund is already settled');
  return settled;
}

/**
 * Tries again the refunds whose next try is due. Each is claimed first (its next try moved past a
 * lease), so two instances never ask the provider to refund the same payment at once.
 */
async function retryDueRefunds(app: FastifyInstance, now: Date): Promise<number> {
  const { db, log } = depsOf(app);
  let done = 0;
  for (const id of await dueRefundIds(db, now, 50)) {
    const claimed = await claimDueRefund(db, id, now, new Date(now.getTime() + REFUND_LEASE_MS));
    if (!claimed) continue;
    const payment = await findPayment(db, claimed.paymentId);
    try {
      if ((await attemptRefund(app, claimed, payment!, now)).status === 'succeeded') done += 1;
    } catch (error) {
      log.warn({ err: error, refundId: id }, 'could not retry a refund');
    }
  }
  return done;
}

/** Staff try a failed refund once more (admin payments page); answers the refund as it then stands. */
export async function retryRefund(app: FastifyInstance, refundId: number, now: Date = new Date()): Promise<RefundRow> {
  const claimed = await claimFailedRefund(app.db, refundId, new Date(now.getTime() + REFUND_LEASE_MS));
  if (!claimed) throw new HttpError(409, 'Only a failed refund that nobody settled can be tried again');
  const payment = await findPayment(app.db, claimed.paymentId);
  return attemptRefund(app, claimed, payment!, now, { last: true });
}

export const REFUND_NOT_FOUND = 'Refund not found';
export const FEE_NOT_FOUND = 'No unpaid fee with this id';

/**
 * Staff mark a refund the provider refused as settled outside it, with a note (admin payments
 * page), in one transaction with its line in the change log. This module is the one writer of a
 * refund's state: the timer, a retry and this settling all go through here.
 */
export async function settleRefundOutside(request: FastifyRequest, refundId: number, note: string): Promise<void> {
  await request.server.db.transaction(async (tx) => {
    if (!(await resolveRefund(tx, refundId, currentUser(request).id, note))) {
      throw (await refundExists(tx, refundId)) ? new HttpError(409, 'This refund went through or was settled already') : new HttpError(404, REFUND_NOT_FOUND);
    }
    await audit(tx, request, { action: 'refund.resolve', target: `refund ${refundId}`, before: { status: 'failed' }, after: { status: 'settled_outside', note } });
  });
}

/** Staff mark a booking's unpaid fee as settled outside the provider (paid at the desk, written off), with a note. */
export async function settleFeeOutside(request: FastifyRequest, paymentId: string, note: string): Promise<void> {
  await request.server.db.transaction(async (tx) => {
    const fee = await unpaidFeeById(tx, paymentId);
    if (!fee) throw new HttpError(404, FEE_NOT_FOUND);
    await resolveFee(tx, paymentId, currentUser(request).id, note);
    await audit(tx, request, {
      action: 'fee.resolve',
      target: `payment ${paymentId}`,
      before: { status: fee.status === 'pending' ? 'pending' : 'failed' },
      after: { status: 'settled_outside', note },
    });
  });
}

/** A booking's unpaid fee by one of its attempts' ids, for staff who charge it again (hotel/stay-changes.ts). */
export async function unpaidFee(db: Db, paymentId: string): Promise<PaymentRow> {
  const fee = await unpaidFeeById(db, paymentId);
  if (!fee) throw new HttpError(404, FEE_NOT_FOUND);
  return fee;
}

/** Refunds the payment of a paid order that the guest cancelled; answers whether money went back. */
export async function refundOrder(app: FastifyInstance, orderId: number): Promise<boolean> {
  const paid = await paidOrderPayment(app.db, orderId);
  // Money taken at the door is not the provider's to give back (decision 059).
  return paid && paid.provider !== 'door' ? refundPayment(app, paid, 'The guest cancelled the order') : false;
}

// ─── The guarantee of a booking ──────────────────────────────────────────────────────────────────

export interface FeeCharge {
  status: PaymentStatus;
  /** "VISA •••• 4242" */
  card: string;
  /** Where the guest confirms the charge, when the bank still asks for 3-D Secure. */
  confirmationUrl?: string | undefined;
}

/** Why a booking's first night is owed (spec section 9): a late cancellation, or a guest who never came. */
export type ReservationFeeReason = 'late_cancellation' | 'no_show';

const feeDescriptions = { late_cancellation: 'payments.lateCancellation', no_show: 'payments.noShow' } as const satisfies Record<ReservationFeeReason, TextKey>;

/**
 * Charges a late cancellation's or a no-show's fee (the first night, CON-05) to the card that
 * guarantees the booking, through the same gateway, once: a second attempt meets the unique index
 * of live fee payments. The hotel charges it on its own, as a merchant-initiated transaction under
 * the contract the card was saved with, so the bank should not ask the guest for 3-D Secure; where
 * it still does, the answer carries the page to confirm on (the letter sends the guest there, and
 * the fee stands unpaid on the staff's payments page). Answers where the charge stands, or null when
 * there was nothing to charge (a free cancellation, no card). A provider that does not answer leaves
 * it pending for the settling timer. Staff acting for a guest pass the guest's `language`, so the
 * charge's description is the guest's, not the front desk's.
 */
export async function chargeReservationFee(
  request: FastifyRequest,
  reservation: { id: number; userId: number; paymentMethodId: number | null; cancellationFee: number | null; rate: 'flexible' | 'non_refundable' },
  options: { reason?: ReservationFeeReason; language?: Language } = {},
): Promise<FeeCharge | null> {
  const app = request.server;
  const { db, gateway, log } = depsOf(app);
  // A non-refundable stay was paid in full at booking: its cancellation keeps that and charges nothing more.
  if (!cancellationTerms(reservation.rate, reservation.cancellationFee ?? 0, reservation.cancellationFee ?? 0).charge) return null;
  if (!reservation.cancellationFee || reservation.paymentMethodId === null) return null;
  const card = await savedCardById(db, reservation.paymentMethodId);
  if (!card?.token) return null;
  const cardName = `${(card.brand ?? 'card').toUpperCase()} •••• ${card.cardLast4}`;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + FEE_CONFIRMATION_TTL_MS);
  let payment: PaymentRow;
  try {
    payment = await insertPayment(db, {
      purpose: 'reservation_fee',
      userId: reservation.userId,
      reservationId: reservation.id,
      paymentMethodId: card.id,
      provider: gateway.provider,
      amount: reservation.cancellationFee,
      currency: PAYMENT_CURRENCY,
      expiresAt,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await liveFeePayment(db, reservation.id);
    return existing ? { status: existing.status, card: cardName, confirmationUrl: existing.confirmationUrl ?? undefined } : null;
  }
  const guestEmail = await userEmail(db, reservation.userId);
  const language = options.language ?? pageLanguage(request);
  try {
    const charged = await chargeAttempt(app, payment, {
      description: text(language, feeDescriptions[options.reason ?? 'late_cancellation'], { id: reservation.id }),
      language,
      cardToken: card.token,
      initiator: 'merchant',
      returnUrl: `${publicOrigin(request)}/account/reservations`,
      notificationUrl: notificationUrl(request),
      expiresAt,
      // The guest is not at the site when the hotel charges: their e-mail only, no address.
      customer: { email: guestEmail ?? '' },
    });
    if (charged.status === 'pending') return { status: 'pending', card: cardName, confirmationUrl: charged.confirmationUrl ?? undefined };
    return { status: charged.status, card: cardName };
  } catch (error) {
    log.error({ err: error instanceof ProviderSilent ? error.cause : error, paymentId: payment.id }, 'payment provider did not answer a cancellation fee charge');
    return { status: 'pending', card: cardName };
  }
}

// ─── A non-refundable booking, paid in full at booking ─────────────────────────────────────────────

/** Where the payment of a non-refundable booking stands, as the booking's answer shows it. */
export interface StayPaymentAnswer {
  payment_id: string;
  status: PaymentStatus;
  confirmation_url: string | null;
}

const stayAnswer = (payment: PaymentRow): StayPaymentAnswer => ({
  payment_id: payment.id,
  status: payment.status,
  confirmation_url: payment.status === 'pending' ? payment.confirmationUrl : null,
});

// ─── ERIP bills ─────────────────────────────────────────────────────────────────────────────────

/**
 * The next bill number of a booking: its id and the bill's turn among its ERIP bills, digits only
 * (ERIP's account number, bePaid's order id). Unique by the payments table's index.
 */
async function nextEripBill(db: Db | Tx, reservationId: number): Promise<string> {
  const turn = (await eripBillsOf(db, reservationId)) + 1;
  return `${reservationId}${String(turn).padStart(2, '0')}`;
}

/**
 * Issues the ERIP bill of an attempt already written (a stay's prepayment, a desk bill's balance),
 * expiring at its `expiresAt`. A provider that does not take the bill leaves nothing to pay: the
 * attempt fails (a stay lets its room go).
 */
async function issueEripBill(app: FastifyInstance, request: FastifyRequest, payment: PaymentRow, description: string, language: Language, email: string): Promise<PaymentRow> {
  const { db, gateway, log } = depsOf(app);
  let created;
  try {
    created = await gateway.createEripBill({
      trackingId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      description,
      language,
      notificationUrl: notificationUrl(request),
      expiresAt: payment.expiresAt!,
      billNumber: payment.eripBill!,
      serviceNo: app.env.ERIP_SERVICE_NO,
      customer: { email, ip: request.ip },
    });
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, 'the payment provider did not take an ERIP bill');
    return applyOutcome(app, { trackingId: payment.id, status: 'canceled', amount: payment.amount, currency: payment.currency, message: 'The provider did not take the ERIP bill' });
  }
  return updatePayment(db, payment.id, { providerRef: created.providerRef, confirmationUrl: created.confirmationUrl ?? null });
}

/**
 * Charges a non-refundable booking's total to the card the guest chose, through the same gateway
 * and attempts as an order (docs/decisions/045-non-refundable-rate.md). One attempt per booking: the
 * booking is the guest's one decision (its Idempotency-Key answers the same booking again), a
 * booking already charged answers its payment as it stands, whatever became of it, and two at once
 * meet the unique index of live payments per booking and purpose. A card the provider declined a
 * moment ago is not charged at all (refuseDeclinedCard, the orders' rule): the booking lets its room
 * go and the answer is that 409, so a rival booking that took the nights a decline freed cannot charge
 * the same card again. A declined charge releases the room at once (applyOutcome → the hotel module); 3-D Secure answers the page to confirm on, until
 * the booking's hold runs out. A provider that does not answer leaves the payment pending for the
 * settling timer, and the hold's end releases the room if it never pays.
 */
export async function payStay(
  request: FastifyRequest,
  stay: { id: number; userId: number; amount: number; cardId: number; holdUntil: Date; method?: PaymentMethodKind | undefined },
): Promise<StayPaymentAnswer> {
  const app = request.server;
  const { db, gateway, log } = depsOf(app);
  const before = await latestStayPayment(db, stay.id);
  if (before) return stayAnswer(before);
  if (stay.method === 'erip') return stayAnswer(await payStayByErip(request, stay));
  const card = await savedCardById(db, stay.cardId);
  if (!card?.token) throw new HttpError(422, 'The card is not usable: choose another one');
  const now = new Date();
  let claimed: { payment: PaymentRow } | { paused: HttpError };
  try {
    claimed = await db.transaction(async (tx) => {
      const paused = await refuseDeclinedCard(tx, stay.userId, card.id, now);
      if (paused) {
        // Nothing is charged, so nothing is booked: the room is let go in the same transaction.
        await stayPaymentsOf(app).failed(tx, stay.id, now);
        return { paused };
      }
      const payment = await insertPayment(tx, {
        purpose: 'stay',
        userId: stay.userId,
        reservationId: stay.id,
        paymentMethodId: card.id,
        provider: gateway.provider,
        amount: stay.amount,
        currency: PAYMENT_CURRENCY,
        expiresAt: stay.holdUntil,
      });
      return { payment };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return stayAnswer((await latestStayPayment(db, stay.id))!);
  }
  if ('paused' in claimed) throw claimed.paused;
  const { payment } = claimed;
  const language = pageLanguage(request);
  try {
    return stayAnswer(
      await chargeAttempt(app, payment, {
        description: text(language, 'payments.stay', { id: stay.id }),
        language,
        cardToken: card.token,
        initiator: 'customer',
        // After 3-D Secure the guest comes back to their bookings, where the booking shows how it went.
        returnUrl: `${publicOrigin(request)}/account/reservations`,
        notificationUrl: notificationUrl(request),
        expiresAt: stay.holdUntil,
        customer: { email: (await userEmail(db, stay.userId)) ?? '', ip: request.ip },
      }),
    );
  } catch (error) {
    if (!(error instanceof ProviderSilent)) throw error;
    log.error({ err: error.cause, paymentId: payment.id }, 'payment provider did not answer a booking charge');
    return stayAnswer(payment);
  }
}

/**
 * A non-refundable stay paid by an ERIP bill (decision 058): one bill per booking (the unique index
 * of live payments per booking), expiring when the booking's hold does, so an unpaid bill and its
 * room end together, as a card's unconfirmed 3-D Secure does. No card is charged.
 */
async function payStayByErip(request: FastifyRequest, stay: { id: number; userId: number; amount: number; holdUntil: Date }): Promise<PaymentRow> {
  const app = request.server;
  const { db, gateway } = depsOf(app);
  let payment: PaymentRow;
  try {
    payment = await db.transaction(async (tx) =>
      insertPayment(tx, {
        purpose: 'stay',
        method: 'erip',
        eripBill: await nextEripBill(tx, stay.id),
        userId: stay.userId,
        reservationId: stay.id,
        provider: gateway.provider,
        amount: stay.amount,
        currency: PAYMENT_CURRENCY,
        expiresAt: stay.holdUntil,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await latestStayPayment(db, stay.id))!;
  }
  const language = pageLanguage(request);
  const issued = await issueEripBill(app, request, payment, text(language, 'payments.stay', { id: stay.id }), language, (await userEmail(db, stay.userId)) ?? '');
  // The guest keeps the path and the number by letter too: they pay from their bank's app, later.
  if (issued.status === 'pending') await stayPaymentsOf(app).afterEripBill(stay.id);
  return issued;
}

/**
 * The desk issues an ERIP bill for (part of) a stay's balance (docs/decisions/058-erip.md), decided
 * in the bill's transaction as a charge of the saved card is: the same intent answers its bill, a
 * new one writes a pending attempt here, before the provider is called. Paid, it is one of the
 * bill's payments (folio); expired, it is nothing.
 */
export async function claimFolioEripBill(
  app: FastifyInstance,
  tx: Tx,
  values: { userId: number; reservationId: number; amount: number; attemptKey: string },
  now: Date = new Date(),
  guard: () => void = () => {},
): Promise<{ payment: PaymentRow; created: boolean }> {
  const same = await folioAttemptByKey(tx, values.reservationId, values.attemptKey);
  if (same) return { payment: same, created: false };
  guard();
  const payment = await insertPayment(tx, {
    purpose: 'folio',
    method: 'erip',
    eripBill: await nextEripBill(tx, values.reservationId),
    userId: values.userId,
    reservationId: values.reservationId,
    provider: depsOf(app).gateway.provider,
    amount: values.amount,
    currency: PAYMENT_CURRENCY,
    attemptKey: values.attemptKey,
    expiresAt: new Date(now.getTime() + app.env.ERIP_BILL_HOURS * 3_600_000),
  });
  return { payment, created: true };
}

/** Sends a claimed desk ERIP bill to the provider, in the guest's language. */
export async function issueFolioEripBill(request: FastifyRequest, payment: PaymentRow, language: Language): Promise<PaymentRow> {
  const app = request.server;
  return issueEripBill(app, request, payment, text(language, 'payments.folio', { id: payment.reservationId ?? 0 }), language, (await userEmail(app.db, payment.userId)) ?? '');
}

// ─── The desk charges the saved card towards a stay's bill ──────────────────────────────────────────

/**
 * The attempt of one desk intent to charge the stay's saved card (docs/decisions/055-folio.md),
 * decided in the bill's transaction, under its lock: the attempt already made for this intent
 * (whatever became of it: the provider hears of each intent once), a refusal while the card has
 * just been declined, or a new pending attempt written here, before the provider is called.
 */
export async function claimFolioCharge(
  app: FastifyInstance,
  tx: Tx,
  values: { userId: number; reservationId: number; cardId: number; amount: number; attemptKey: string },
  now: Date = new Date(),
  /** The bill's own refusal of a new charge (more than is owed), asked only when the intent is new. */
  guard: () => void = () => {},
): Promise<{ payment: PaymentRow; created: boolean }> {
  const same = await folioAttemptByKey(tx, values.reservationId, values.attemptKey);
  if (same) return { payment: same, created: false };
  guard();
  const paused = await refuseDeclinedCard(tx, values.userId, values.cardId, now);
  if (paused) throw paused;
  const payment = await insertPayment(tx, {
    purpose: 'folio',
    userId: values.userId,
    reservationId: values.reservationId,
    paymentMethodId: values.cardId,
    provider: depsOf(app).gateway.provider,
    amount: values.amount,
    currency: PAYMENT_CURRENCY,
    attemptKey: values.attemptKey,
  });
  return { payment, created: true };
}

/**
 * Sends a claimed desk charge to the provider, as the hotel's own (merchant-initiated) charge of
 * the card the guest saved. Answers the attempt as it then stands; a provider that does not answer
 * leaves it pending for the settling timer, and the bill shows it pending meanwhile.
 */
export async function chargeFolioAttempt(
  request: FastifyRequest,
  payment: PaymentRow,
  card: { token: string },
  language: Language,
): Promise<PaymentRow> {
  const app = request.server;
  const { db, log } = depsOf(app);
  try {
    return await chargeAttempt(app, payment, {
      description: text(language, 'payments.folio', { id: payment.reservationId ?? 0 }),
      language,
      cardToken: card.token,
      initiator: 'merchant',
      returnUrl: `${publicOrigin(request)}/account/reservations`,
      notificationUrl: notificationUrl(request),
      expiresAt: new Date(payment.createdAt.getTime() + FEE_CONFIRMATION_TTL_MS),
      customer: { email: (await userEmail(db, payment.userId)) ?? '' },
    });
  } catch (error) {
    if (!(error instanceof ProviderSilent)) throw error;
    log.error({ err: error.cause, paymentId: payment.id }, 'payment provider did not answer a desk charge');
    return payment;
  }
}

// ─── Settling what was left pending ─────────────────────────────────────────────────────────────

/**
 * Asks the provider about payments still pending (the server may have stopped between calling the
 * provider and hearing back), stashes orders left unpaid with no payment under way, and tries again
 * the refunds the provider refused whose next try is due. Runs at
 * start-up and on a timer; safe to run on several instances at once.
 */
export async function settlePendingPayments(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<{ asked: number; settled: number; stashed: number; refunded: number; released: number }> {
  const { db, gateway, log } = depsOf(app);
  const pending = await pendingPayments(db, gateway.provider, new Date(now.getTime() - SETTLE_AFTER_MS), 100);
  let settled = 0;
  for (const payment of pending) {
    try {
      const kind = payment.method === 'erip' ? 'erip' : payment.purpose === 'card' ? 'checkout' : 'charge';
      const outcome = await gateway.query({ trackingId: payment.id, providerRef: payment.providerRef, kind });
      if (outcome === null) {
        // A checkout has no transaction until the guest finishes the provider's page, which they may
        // do until it expires; a charge the provider has not heard of in minutes never reached it.
        const giveUpAt = kind !== 'charge' && payment.expiresAt ? payment.expiresAt.getTime() + UNKNOWN_AFTER_MS : payment.createdAt.getTime() + UNKNOWN_AFTER_MS;
        if (now.getTime() < giveUpAt) continue;
        await applyOutcome(app, {
          trackingId: payment.id,
          status: 'canceled',
          amount: payment.amount,
          currency: payment.currency,
          message: NEVER_REACHED_PROVIDER,
        });
        settled += 1;
        continue;
      }
      const after = await applyOutcome(app, outcome);
      if (after.status !== 'pending') settled += 1;
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'could not settle a pending payment');
    }
  }
  const stashed = await orderPaymentsOf(app).stashUnpaid(now);
  const released = await stayPaymentsOf(app).releaseExpired(now);
  const refunded = await retryDueRefunds(app, now);
  return { asked: pending.length, settled, stashed, refunded, released };
}

// ─── Orders paid to the courier (issue 46, part 2; docs/decisions/059-pay-at-door.md) ──────────

/** A refusal of paying at the door or of recording it, in English with the Russian beside it (`detail_ru`). */
export function doorRefusal(status: number, key: DoorMessageKey, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, DOOR_MESSAGES[key].en, { detail_ru: DOOR_MESSAGES[key].ru, ...extra });
}

/**
 * Opens what an order accepted to be paid at the door owes: a pending payment of provider `door`,
 * in the order's transaction (orders/lifecycle.ts). No provider is called; the settling timer asks
 * only its own provider, so the row waits for the courier. It is the order's one live payment.
 */
export async function openDoorPayment(tx: Tx, order: { id: number; userId: number; total: number; method: DoorMethod }): Promise<void> {
  await insertPayment(tx, { purpose: 'order', userId: order.userId, orderId: order.id, provider: 'door', amount: order.total, currency: PAYMENT_CURRENCY, doorMethod: order.method });
}

export interface DoorTaken {
  method: DoorMethod;
  /** Kopecks the courier took. */
  amount: number;
  /** Why it differs from the order's total; required then. */
  reason?: string | undefined;
}

/**
 * Records what the courier took at the door, in the transaction of the step "delivered": the way,
 * the amount (the order's total unless a reason says why not) and who recorded it. Once only: a
 * second record, or one for an order not paid at the door, is refused and nothing changes.
 */
export async function settleDoorPayment(tx: Tx, orderId: number, taken: DoorTaken, staffId: number, now: Date): Promise<PaymentRow> {
  const owed = await doorPaymentOf(tx, orderId);
  if (!owed) throw doorRefusal(422, 'settle_not_door');
  if (owed.status !== 'pending') throw doorRefusal(409, 'settle_twice');
  const reason = taken.reason?.trim() ?? '';
  if (taken.amount !== owed.amount && reason === '') throw doorRefusal(422, 'settle_amount', { total: owed.amount });
  const settled = await settleDoorPaymentIf(tx, orderId, {
    amount: taken.amount,
    doorMethod: taken.method,
    settledAt: now,
    resolvedAt: now,
    resolvedBy: staffId,
    resolutionNote: reason === '' ? null : reason,
  });
  if (!settled) throw doorRefusal(409, 'settle_twice');
  return settled;
}

/** An order paid at the door cancelled before delivery: nothing is owed any more (orders/lifecycle.ts, in the cancel's transaction). */
export async function cancelDoorPayment(tx: Tx, orderId: number, now: Date): Promise<void> {
  await cancelDoorPaymentIf(tx, orderId, now);
}
