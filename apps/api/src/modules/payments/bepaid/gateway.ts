/**
 * bePaid (Belarusian card acquiring, BYN), as its documentation describes it (docs.bepaid.by):
 * - a card is saved through a payment token of its checkout API (POST /ctp/api/checkouts,
 *   transaction_type "tokenization"): the guest types the card on bePaid's page;
 * - a saved card is charged by its token (POST /services/credit_cards/charges); a charge that
 *   needs 3-D Secure answers "incomplete" with the page to confirm it on. The guest's charges
 *   (orders) go as card-on-file, the hotel's own (fees) as merchant-initiated under the recurring
 *   contract the card was saved with. bePaid may turn a charge into an authorization and a capture;
 * - every checkout and charge carries `expired_at`; a checkout is asked about by its token
 *   (GET /ctp/api/checkouts/{token}, as bePaid's PHP SDK's QueryByPaymentToken does), a charge by
 *   our tracking id (GET /v2/transactions/tracking_id/{id});
 * - a refund names the capture when the charge was an authorization and a capture, the payment
 *   otherwise (POST /transactions/refunds); an authorization not yet captured is voided instead
 *   (POST /transactions/voids);
 * - every request uses HTTP Basic with the shop id and secret key and `X-API-Version: 2`;
 * - a notification is believed only when its HTTP Basic credentials are the shop's and its
 *   `Content-Signature` is the RSA-SHA256 signature of the exact body under the shop's public key.
 * - an ERIP bill is a single payment request of its ERIP API (POST /beyag/payments,
 *   `payment_method.type` "erip" with the bill's `account_number` and the shop's `service_no`, and
 *   `expired_at`); it is asked about by its uid (GET /beyag/payments/{uid}); its notifications
 *   (pending, successful, expired, failed) come to the same notification URL, signed as a card's
 *   are; a paid ERIP bill is refunded through ERIP's own refund request (POST /beyag/refunds),
 *   which bePaid accepts as pending and completes or fails within 11 days: the refund's own
 *   notification (`type` "refund", `payment_method_type` "erip") tells which, and it is asked about
 *   by its uid as a bill is.
 * Amounts are integers in kopecks on both sides. The base URLs are configuration, so the tests
 * run this adapter against a stand-in on loopback.
 */
import { createPublicKey, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentMethodKind, PaymentStatus } from '@hotel/domain';
import {
  NotificationRefused,
  type AttemptQuery,
  type ChargeCard,
  type ChargeResult,
  type CheckoutStarted,
  type PaymentGateway,
  type ProviderCard,
  type ProviderOutcome,
  type EripBillCreated,
  type EripBillInput,
  type RefundInput,
  type RefundOutcome,
  type RefundResult,
  type StartTokenization,
} from '../gateway';

export interface BepaidConfig {
  shopId: string;
  secretKey: string;
  /** The shop's RSA public key from bePaid's back office: PEM, or its bare base64 body. */
  publicKey: string;
  checkoutUrl: string;
  gatewayUrl: string;
  /** bePaid's ERIP API (api.bepaid.by). */
  eripUrl: string;
  /** Test transactions (bePaid's `test` flag). */
  test: boolean;
  timeoutMs?: number;
}

/** What bePaid says about a transaction (the fields this adapter reads). */
interface BepaidTransaction {
  uid?: string;
  status?: string;
  type?: string;
  /** "erip" on ERIP's transactions (bills and their refunds). */
  payment_method_type?: string;
  amount?: number;
  currency?: string;
  tracking_id?: string;
  message?: string;
  redirect_url?: string;
  created_at?: string;
  credit_card?: { token?: string; last_4?: string; brand?: string; exp_month?: number; exp_year?: number };
}

/** What bePaid says about a checkout asked for by its token (the fields this adapter reads). */
interface BepaidCheckout {
  token?: string;
  finished?: boolean;
  expired?: boolean;
  status?: string;
  message?: string;
  order?: { amount?: number; currency?: string; tracking_id?: string };
  gateway_response?: Record<string, BepaidTransaction | undefined>;
}

/**
 * bePaid's statuses in ours: only "successful" is money taken (an authorization bePaid captures by
 * itself); "incomplete" waits for 3-D Secure and "start" for an ERIP payment begun; "failed",
 * "expired" (an ERIP bill not paid in time) and "error" are no money.
 */
function statusOf(status: string | undefined): PaymentStatus {
  if (status === 'successful') return 'succeeded';
  // An ERIP bill is `start` for half an hour while a guest is paying it, then pending again.
  if (status === 'incomplete' || status === 'pending' || status === 'start' || status === undefined) return 'pending';
  return 'canceled';
}

/** Transactions that move the money of an attempt; captures, refunds and voids follow one of these. */
const CHARGE_TYPES = new Set(['payment', 'authorization', 'tokenization']);
const isCharge = (tx: BepaidTransaction) => tx.type === undefined || CHARGE_TYPES.has(tx.type);

/** bePaid's ISO 8601 without fractions of a second: YYYY-MM-DDThh:mm:ss+00:00. */
export function bepaidTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function cardOf(transaction: BepaidTransaction): ProviderCard | undefined {
  const card = transaction.credit_card;
  if (!card?.token || !card.last_4 || !/^\d{4}$/.test(card.last_4)) return undefined;
  return {
    token: card.token,
    last4: card.last_4,
    brand: (card.brand ?? 'card').toLowerCase(),
    expMonth: Number(card.exp_month ?? 1),
    expYear: Number(card.exp_year ?? 0),
  };
}

/**
 * An ERIP refund as bePaid tells of it: pending when taken, then successful or failed within 11
 * days (bePaid cancels one ERIP has not completed by then, and notifies).
 */
function refundOutcomeOf(transaction: BepaidTransaction): RefundOutcome {
  if (typeof transaction.uid !== 'string' || !Number.isInteger(transaction.amount) || typeof transaction.currency !== 'string') {
    throw new NotificationRefused(400, 'Unreadable notification');
  }
  const status = transaction.status === 'successful' ? 'succeeded' : transaction.status === 'pending' || transaction.status === undefined ? 'pending' : 'failed';
  return {
    kind: 'refund',
    providerRef: transaction.uid,
    status,
    amount: transaction.amount!,
    currency: transaction.currency,
    message: status === 'failed' ? (transaction.message ?? transaction.status) : undefined,
  };
}

const isEripRefund = (tx: BepaidTransaction) => tx.type === 'refund' && tx.payment_method_type === 'erip';

function outcomeOf(transaction: BepaidTransaction): ProviderOutcome {
  if (!isCharge(transaction)) {
    // A capture, refund or void under our tracking id says nothing new about whether the charge paid.
    transaction = { ...transaction, status: transaction.type === 'capture' ? transaction.status : 'pending', message: undefined };
  }
  if (typeof transaction.tracking_id !== 'string' || !Number.isInteger(transaction.amount) || typeof transaction.currency !== 'string') {
    throw new NotificationRefused(400, 'Unreadable notification');
  }
  const status = statusOf(transaction.status);
  return {
    trackingId: transaction.tracking_id,
    status,
    amount: transaction.amount!,
    currency: transaction.currency,
    providerRef: transaction.uid,
    card: status === 'succeeded' ? cardOf(transaction) : undefined,
    message: status === 'canceled' ? (transaction.message ?? transaction.status) : undefined,
  };
}

export function readPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('BEGIN')) return createPublicKey(trimmed);
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return createPublicKey(`-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`);
}

export class BepaidError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'BepaidError';
  }
}

export function createBepaidGateway(config: BepaidConfig): PaymentGateway {
  const publicKey = readPublicKey(config.publicKey);
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call<T>(base: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<{ status: number; body: T | null }> {
    const response = await fetch(new URL(path, base.endsWith('/') ? base : `${base}/`), {
      method: init.method,
      headers: {
        authorization,
        accept: 'application/json',
        'x-api-version': '2',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: T | null;
    try {
      body = text ? (JSON.parse(text) as T) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  function failed(what: string, status: number, body: unknown): BepaidError {
    const message = (body as { message?: unknown; errors?: unknown } | null)?.message;
    return new BepaidError(`bePaid ${what} answered ${status}${typeof message === 'string' ? `: ${message}` : ''}`, status);
  }

  async function transactionsOf(trackingId: string): Promise<BepaidTransaction[]> {
    const { status, body } = await call<{ transactions?: BepaidTransaction[] }>(
      config.gatewayUrl,
      `v2/transactions/tracking_id/${encodeURIComponent(trackingId)}`,
      { method: 'GET' },
    );
    if (status === 404) return [];
    if (status >= 300) throw failed('query', status, body);
    return (body?.transactions ?? []).filter((tx) => tx.tracking_id === trackingId);
  }

  /**
   * What the checkout itself says: a finished one carries its transaction, an expired one failed,
   * an open one is still pending however long the guest takes. Undefined when the checkout does not
   * tell (then the transactions under the tracking id do).
   */
  async function checkoutOutcome(trackingId: string, token: string): Promise<ProviderOutcome | null | undefined> {
    const { status, body } = await call<{ checkout?: BepaidCheckout }>(config.checkoutUrl, `ctp/api/checkouts/${encodeURIComponent(token)}`, { method: 'GET' });
    if (status === 404) return undefined;
    if (status >= 300 || !body?.checkout) throw failed('checkout query', status, body);
    const checkout = body.checkout;
    const order = checkout.order ?? {};
    const base = { tracking_id: order.tracking_id ?? trackingId, amount: order.amount, currency: order.currency };
    if (checkout.finished) {
      const response = checkout.gateway_response ?? {};
      const transaction = response.tokenization ?? response.payment ?? response.authorization;
      return transaction ? outcomeOf({ ...base, ...transaction }) : undefined;
    }
    if (checkout.expired) return outcomeOf({ ...base, status: 'expired', message: checkout.message ?? 'The checkout expired' });
    return outcomeOf({ ...base, status: 'pending' });
  }

  return {
    provider: 'bepaid',

    async startTokenization(input: StartTokenization): Promise<CheckoutStarted> {
      const { status, body } = await call<{ checkout?: { token?: string; redirect_url?: string } }>(config.checkoutUrl, 'ctp/api/checkouts', {
        method: 'POST',
        body: {
          checkout: {
            test: config.test,
            transaction_type: 'tokenization',
            attempts: 1,
            settings: {
              return_url: input.returnUrl,
              success_url: input.returnUrl,
              decline_url: input.returnUrl,
              fail_url: input.returnUrl,
              cancel_url: input.returnUrl,
              notification_url: input.notificationUrl,
              language: input.language,
            },
            order: {
              amount: input.amount,
              currency: input.currency,
              description: input.description,
              tracking_id: input.trackingId,
              expired_at: bepaidTime(input.expiresAt),
              // The card is saved for the guest's later orders and for the hotel's own charges
              // (fees) under the terms of stay: both contracts are asked for when it is tokenised.
              additional_data: { contract: ['recurring', 'card_on_file'] },
            },
            customer: { email: input.customer.email },
          },
        },
      });
      const checkout = body?.checkout;
      if (status >= 300 || !checkout?.token || !checkout.redirect_url) throw failed('checkout', status, body);
      return { providerRef: checkout.token, confirmationUrl: checkout.redirect_url };
    },

    async chargeCard(input: ChargeCard): Promise<ChargeResult> {
      const { status, body } = await call<{ transaction?: BepaidTransaction; message?: string }>(config.gatewayUrl, 'services/credit_cards/charges', {
        method: 'POST',
        body: {
          request: {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            tracking_id: input.trackingId,
            expired_at: bepaidTime(input.expiresAt),
            test: config.test,
            language: input.language,
            notification_url: input.notificationUrl,
            return_url: input.returnUrl,
            credit_card: { token: input.cardToken },
            customer: { email: input.customer.email, ...(input.customer.ip ? { ip: input.customer.ip } : {}) },
            // A fee the hotel charges on its own is merchant-initiated: under the recurring contract
            // the card was saved with, the issuer is not asked for 3-D Secure.
            additional_data: { contract: [input.initiator === 'merchant' ? 'recurring' : 'card_on_file'] },
          },
        },
      });
      const transaction = body?.transaction;
      if (!transaction?.uid) {
        // A request refused outright (a 4xx and no transaction) made no charge that could still go
        // through: it has failed now. Anything else may have reached the bank and is asked about later.
        if (status >= 400 && status < 500) {
          return { status: 'canceled', message: transaction?.message ?? body?.message ?? `bePaid refused the charge (${status})` };
        }
        throw failed('charge', status, body);
      }
      if (status >= 500 && !transaction.status) throw failed('charge', status, body);
      const result = statusOf(transaction.status);
      return {
        status: result,
        providerRef: transaction.uid,
        confirmationUrl: result === 'pending' ? transaction.redirect_url : undefined,
        message: result === 'canceled' ? (transaction.message ?? transaction.status) : undefined,
      };
    },

    async createEripBill(input: EripBillInput): Promise<EripBillCreated> {
      const { status, body } = await call<{ transaction?: BepaidTransaction; message?: string }>(config.eripUrl, 'beyag/payments', {
        method: 'POST',
        body: {
          request: {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            email: input.customer.email,
            ...(input.customer.ip ? { ip: input.customer.ip } : {}),
            order_id: Number(input.billNumber),
            tracking_id: input.trackingId,
            notification_url: input.notificationUrl,
            expired_at: bepaidTime(input.expiresAt),
            language: input.language,
            test: config.test,
            payment_method: {
              type: 'erip',
              account_number: input.billNumber,
              service_no: input.serviceNo,
              service_info: [input.description],
              receipt: [input.description],
            },
          },
        },
      });
      const transaction = body?.transaction;
      if (status >= 300 || !transaction?.uid || transaction.status !== 'pending') throw failed('ERIP bill', status, body);
      return { providerRef: transaction.uid };
    },

    async query(attempt: AttemptQuery) {
      if (attempt.kind === 'erip') {
        if (!attempt.providerRef) return null;
        const { status, body } = await call<{ transaction?: BepaidTransaction }>(config.eripUrl, `beyag/payments/${encodeURIComponent(attempt.providerRef)}`, { method: 'GET' });
        if (status === 404) return null;
        if (status >= 300 || !body?.transaction) throw failed('ERIP query', status, body);
        return outcomeOf(body.transaction);
      }
      if (attempt.kind === 'checkout' && attempt.providerRef) {
        const answer = await checkoutOutcome(attempt.trackingId, attempt.providerRef);
        if (answer !== undefined) return answer;
      }
      const transactions = (await transactionsOf(attempt.trackingId)).filter(isCharge);
      if (transactions.length === 0) return null;
      // The money counts if any attempt under this tracking id went through; else the latest says.
      const settled = transactions.find((tx) => tx.status === 'successful');
      const latest = [...transactions].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))[0]!;
      return outcomeOf(settled ?? latest);
    },

    readNotification(rawBody: string, headers: IncomingHttpHeaders): ProviderOutcome | RefundOutcome {
      const given = Buffer.from(typeof headers.authorization === 'string' ? headers.authorization : '');
      const expected = Buffer.from(authorization);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new NotificationRefused(401, 'Invalid notification credentials');
      }
      const signature = headers['content-signature'];
      if (typeof signature !== 'string' || signature.length === 0) {
        throw new NotificationRefused(401, 'Missing notification signature');
      }
      const verifier = createVerify('RSA-SHA256');
      verifier.update(rawBody);
      let valid: boolean;
      try {
        valid = verifier.verify(publicKey, Buffer.from(signature, 'base64'));
      } catch {
        valid = false;
      }
      if (!valid) throw new NotificationRefused(401, 'Invalid notification signature');
      let parsed: { transaction?: BepaidTransaction };
      try {
        parsed = JSON.parse(rawBody) as { transaction?: BepaidTransaction };
      } catch {
        throw new NotificationRefused(400, 'Unreadable notification');
      }
      if (!parsed.transaction) throw new NotificationRefused(400, 'Unreadable notification');
      // An ERIP refund is followed to its end (it completes within days); a card's is done when taken.
      return isEripRefund(parsed.transaction) ? refundOutcomeOf(parsed.transaction) : outcomeOf(parsed.transaction);
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      if (input.method === 'erip') {
        if (!input.providerRef) return { ok: false, message: 'No bePaid ERIP payment to refund' };
        const { status, body } = await call<{ transaction?: BepaidTransaction; message?: string }>(config.eripUrl, 'beyag/refunds', {
          method: 'POST',
          body: { request: { parent_uid: input.providerRef, amount: input.amount, reason: input.reason } },
        });
        // ERIP accepts a refund as pending and completes (or fails) it within days (bePaid's ERIP refund).
        const accepted = status < 300 && (body?.transaction?.status === 'pending' || body?.transaction?.status === 'successful');
        return {
          ok: accepted,
          pending: accepted && body?.transaction?.status === 'pending',
          providerRef: body?.transaction?.uid,
          message: accepted ? undefined : (body?.transaction?.message ?? body?.message ?? `bePaid ERIP refund answered ${status}`),
        };
      }
      const transactions = await transactionsOf(input.trackingId);
      const successful = (type: string) => transactions.find((tx) => tx.type === type && tx.status === 'successful');
      const capture = successful('capture');
      const authorization = successful('authorization');
      // Money captured goes back by refunding the capture; an authorization never captured is voided,
      // which releases the held money at once.
      const [operation, parent] = capture
        ? (['refunds', capture.uid] as const)
        : authorization
          ? (['voids', authorization.uid] as const)
          : (['refunds', successful('payment')?.uid ?? input.providerRef] as const);
      if (!parent) return { ok: false, message: 'No bePaid transaction to refund' };
      const { status, body } = await call<{ transaction?: BepaidTransaction; message?: string }>(config.gatewayUrl, `transactions/${operation}`, {
        method: 'POST',
        body: { request: { parent_uid: parent, amount: input.amount, ...(operation === 'refunds' ? { reason: input.reason } : {}) } },
      });
      const ok = status < 300 && body?.transaction?.status === 'successful';
      return {
        ok,
        providerRef: body?.transaction?.uid,
        message: ok ? undefined : (body?.transaction?.message ?? body?.message ?? `bePaid ${operation} answered ${status}`),
      };
    },

    async refundStatus(refund: { providerRef: string; method: PaymentMethodKind }): Promise<RefundOutcome | null> {
      // Only an ERIP refund is taken as pending; it is asked about by its uid, as a bill is.
      if (refund.method !== 'erip') return null;
      const { status, body } = await call<{ transaction?: BepaidTransaction }>(config.eripUrl, `beyag/payments/${encodeURIComponent(refund.providerRef)}`, { method: 'GET' });
      if (status === 404) return null;
      if (status >= 300 || !body?.transaction) throw failed('ERIP refund query', status, body);
      return refundOutcomeOf(body.transaction);
    },
  };
}
