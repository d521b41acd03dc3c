/**
 * bePaid (Belarusian card acquiring, BYN), as its documentation describes it (docs.bepaid.by):
 * - a card is saved through a payment token of its checkout API (POST /ctp/api/checkouts,
 *   transaction_type "tokenization"): the guest types the card on bePaid's page;
 * - a saved card is charged by its token (POST /services/credit_cards/charges); a charge that
 *   needs 3-D Secure answers "incomplete" with the page to confirm it on;
 * - attempts are looked up by our tracking id (GET /v2/transactions/tracking_id/{id});
 * - refunds name the payment's uid (POST /transactions/refunds);
 * - every request uses HTTP Basic with the shop id and secret key and `X-API-Version: 2`;
 * - a notification is believed only when its HTTP Basic credentials are the shop's and its
 *   `Content-Signature` is the RSA-SHA256 signature of the exact body under the shop's public key.
 * Amounts are integers in kopecks on both sides. The base URLs are configuration, so the tests
 * run this adapter against a stand-in on loopback.
 */
import { createPublicKey, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentStatus } from '@hotel/domain';
import {
  NotificationRefused,
  type ChargeCard,
  type ChargeResult,
  type CheckoutStarted,
  type PaymentGateway,
  type ProviderCard,
  type ProviderOutcome,
  type RefundInput,
  type StartTokenization,
} from '../gateway';

export interface BepaidConfig {
  shopId: string;
  secretKey: string;
  /** The shop's RSA public key from bePaid's back office: PEM, or its bare base64 body. */
  publicKey: string;
  checkoutUrl: string;
  gatewayUrl: string;
  /** Test transactions (bePaid's `test` flag). */
  test: boolean;
  timeoutMs?: number;
}

/** What bePaid says about a transaction (the fields this adapter reads). */
interface BepaidTransaction {
  uid?: string;
  status?: string;
  type?: string;
  amount?: number;
  currency?: string;
  tracking_id?: string;
  message?: string;
  redirect_url?: string;
  created_at?: string;
  credit_card?: { token?: string; last_4?: string; brand?: string; exp_month?: number; exp_year?: number };
}

/** bePaid's statuses in ours: only "successful" is money taken; "incomplete" waits for 3-D Secure. */
function statusOf(status: string | undefined): PaymentStatus {
  if (status === 'successful') return 'succeeded';
  if (status === 'incomplete' || status === 'pending' || status === undefined) return 'pending';
  return 'canceled';
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

function outcomeOf(transaction: BepaidTransaction): ProviderOutcome {
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
              additional_data: { contract: ['recurring', 'card_on_file'] },
            },
          },
        },
      });
      const checkout = body?.checkout;
      if (status >= 300 || !checkout?.token || !checkout.redirect_url) throw failed('checkout', status, body);
      return { providerRef: checkout.token, confirmationUrl: checkout.redirect_url };
    },

    async chargeCard(input: ChargeCard): Promise<ChargeResult> {
      const { status, body } = await call<{ transaction?: BepaidTransaction }>(config.gatewayUrl, 'services/credit_cards/charges', {
        method: 'POST',
        body: {
          request: {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            tracking_id: input.trackingId,
            test: config.test,
            language: input.language,
            notification_url: input.notificationUrl,
            return_url: input.returnUrl,
            credit_card: { token: input.cardToken },
            additional_data: { contract: ['card_on_file'] },
          },
        },
      });
      const transaction = body?.transaction;
      // A refused card is a 4xx with a transaction in it; anything else without one is the gateway's trouble.
      if (!transaction?.uid || (status >= 500 && !transaction.status)) throw failed('charge', status, body);
      const result = statusOf(transaction.status);
      return {
        status: result,
        providerRef: transaction.uid,
        confirmationUrl: result === 'pending' ? transaction.redirect_url : undefined,
        message: result === 'canceled' ? (transaction.message ?? transaction.status) : undefined,
      };
    },

    async query({ trackingId }) {
      const { status, body } = await call<{ transactions?: BepaidTransaction[] }>(
        config.gatewayUrl,
        `v2/transactions/tracking_id/${encodeURIComponent(trackingId)}`,
        { method: 'GET' },
      );
      if (status === 404) return null;
      if (status >= 300) throw failed('query', status, body);
      const transactions = (body?.transactions ?? []).filter((tx) => tx.tracking_id === trackingId);
      if (transactions.length === 0) return null;
      // The money counts if any attempt under this tracking id went through; else the latest says.
      const settled = transactions.find((tx) => tx.status === 'successful');
      const latest = [...transactions].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''))[0]!;
      return outcomeOf(settled ?? latest);
    },

    readNotification(rawBody: string, headers: IncomingHttpHeaders): ProviderOutcome {
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
      return outcomeOf(parsed.transaction);
    },

    async refund(input: RefundInput) {
      if (!input.providerRef) return { ok: false, message: 'No bePaid transaction to refund' };
      const { status, body } = await call<{ transaction?: BepaidTransaction }>(config.gatewayUrl, 'transactions/refunds', {
        method: 'POST',
        body: { request: { parent_uid: input.providerRef, amount: input.amount, reason: input.reason } },
      });
      const ok = status < 300 && body?.transaction?.status === 'successful';
      return { ok, message: ok ? undefined : (body?.transaction?.message ?? `bePaid refund answered ${status}`) };
    },
  };
}
