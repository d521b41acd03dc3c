/**
 * The sandbox gateway: a card provider built into the server, the embedded default. It keeps its
 * own book of checkouts (the sandbox_checkouts table, which only this file and the hosted page
 * read), shows its own page where a card is typed and a payment approved, declined or left
 * pending, and reports back through the same signed notification path a real provider uses
 * (POST payments/webhook/), signed with HMAC-SHA256 by a key of the process.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { API_PREFIX, type PaymentStatus } from '@hotel/domain';
import type { Db } from '../../../db/client';
import {
  NotificationRefused,
  type ChargeCard,
  type ChargeResult,
  type CheckoutStarted,
  type EripBillCreated,
  type EripBillInput,
  type PaymentGateway,
  type ProviderOutcome,
  type RefundInput,
  type StartTokenization,
} from '../gateway';
import { readToken } from './cards';
import { checkoutByTrackingId, expireCheckout, findCheckoutRow, insertCheckout, type SandboxCheckout } from './repository';

export type { SandboxCheckout } from './repository';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A checkout nobody finished in this time (unless it names its own expiry) is failed as expired, as a real provider's would be. */
export const SANDBOX_CHECKOUT_TTL_MS = 30 * 60_000;

/** The notification the sandbox posts: what it knows about one checkout. */
export interface SandboxNotification {
  tracking_id: string;
  checkout_id: string;
  status: 'successful' | 'failed';
  amount: number;
  currency: string;
  message: string | null;
  card: { token: string; last4: string; brand: string; exp_month: number; exp_year: number } | null;
}

export function signSandboxNotification(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('hex');
}

export function sandboxPagePath(checkoutId: string): string {
  return `${API_PREFIX}/payments/sandbox/${checkoutId}/`;
}

const statusOf = (checkout: Pick<SandboxCheckout, 'status'>): PaymentStatus =>
  checkout.status === 'successful' ? 'succeeded' : checkout.status === 'failed' ? 'canceled' : 'pending';

export function notificationOf(checkout: SandboxCheckout): SandboxNotification {
  const card =
    checkout.kind === 'tokenization' && checkout.status === 'successful' && checkout.cardToken
      ? { token: checkout.cardToken, last4: checkout.cardLast4!, brand: checkout.brand!, exp_month: checkout.expMonth!, exp_year: checkout.expYear! }
      : null;
  return {
    tracking_id: checkout.trackingId,
    checkout_id: checkout.id,
    status: checkout.status === 'successful' ? 'successful' : 'failed',
    amount: checkout.amount,
    currency: checkout.currency,
    message: checkout.message,
    card,
  };
}

function outcomeOf(notification: SandboxNotification): ProviderOutcome {
  const card = notification.card;
  return {
    trackingId: notification.tracking_id,
    status: notification.status === 'successful' ? 'succeeded' : 'canceled',
    amount: notification.amount,
    currency: notification.currency,
    providerRef: notification.checkout_id,
    message: notification.message ?? undefined,
    card: card ? { token: card.token, last4: card.last4, brand: card.brand, expMonth: card.exp_month, expYear: card.exp_year } : undefined,
  };
}

function readSandboxNotification(value: unknown): SandboxNotification {
  const n = value as Partial<SandboxNotification> | null;
  if (
    !n ||
    typeof n !== 'object' ||
    typeof n.tracking_id !== 'string' ||
    typeof n.checkout_id !== 'string' ||
    (n.status !== 'successful' && n.status !== 'failed') ||
    !Number.isInteger(n.amount) ||
    typeof n.currency !== 'string'
  ) {
    throw new NotificationRefused(400, 'Unreadable notification');
  }
  return n as SandboxNotification;
}

export interface SandboxGateway extends PaymentGateway {
  /** The key the sandbox signs its notifications with (tests forge and replay with it). */
  readonly signingKey: Buffer;
  findCheckout(id: string): Promise<SandboxCheckout | null>;
}

export function createSandboxGateway(db: Db, signingKey: Buffer = randomBytes(32)): SandboxGateway {
  const pageUrl = (returnUrl: string, id: string) => new URL(sandboxPagePath(id), returnUrl).toString();

  async function expireIfStale(checkout: SandboxCheckout, now = Date.now()): Promise<SandboxCheckout> {
    const expiresAt = checkout.expiresAt?.getTime() ?? checkout.createdAt.getTime() + SANDBOX_CHECKOUT_TTL_MS;
    if (checkout.status !== 'pending' || now < expiresAt) return checkout;
    return (await expireCheckout(db, checkout.id, new Date(now))) ?? checkout;
  }

  return {
    provider: 'sandbox',
    signingKey,

    async findCheckout(id) {
      const row = await findCheckoutRow(db, id);
      return row ? expireIfStale(row) : null;
    },

    async startTokenization(input: StartTokenization): Promise<CheckoutStarted> {
      const row = await insertCheckout(db, {
        trackingId: input.trackingId,
        kind: 'tokenization',
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        notificationUrl: input.notificationUrl,
        expiresAt: input.expiresAt,
      });
      return { providerRef: row.id, confirmationUrl: pageUrl(input.returnUrl, row.id) };
    },

    async chargeCard(input: ChargeCard): Promise<ChargeResult> {
      const card = readToken(input.cardToken);
      const asks3ds = card?.behaviour === '3ds_always' || (card?.behaviour === '3ds' && input.initiator === 'customer');
      const behaviour = asks3ds ? '3ds' : card?.behaviour === '3ds' || card?.behaviour === '3ds_always' ? 'approve' : (card?.behaviour ?? null);
      const finished = behaviour === 'approve' || behaviour === 'decline' || behaviour === null;
      const status = behaviour === 'approve' ? 'successful' : finished ? 'failed' : 'pending';
      const message =
        behaviour === 'decline' ? 'Declined by the card issuer' : behaviour === null ? 'Unknown card token' : null;
      const row = await insertCheckout(db, {
        trackingId: input.trackingId,
        kind: 'payment',
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        status,
        cardToken: input.cardToken,
        cardLast4: card?.last4 ?? null,
        message,
        returnUrl: input.returnUrl,
        notificationUrl: input.notificationUrl,
        finishedAt: finished ? new Date() : null,
        expiresAt: input.expiresAt,
      });
      return {
        status: statusOf(row),
        providerRef: row.id,
        confirmationUrl: behaviour === '3ds' ? pageUrl(input.returnUrl, row.id) : undefined,
        message: message ?? undefined,
      };
    },

    async createEripBill(input: EripBillInput): Promise<EripBillCreated> {
      // The bill's page plays the guest's bank app: the bill's number is kept where a card's token would be.
      const row = await insertCheckout(db, {
        trackingId: input.trackingId,
        kind: 'erip',
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        cardToken: input.billNumber,
        returnUrl: new URL(input.notificationUrl).origin + '/account/reservations',
        notificationUrl: input.notificationUrl,
        expiresAt: input.expiresAt,
      });
      return { providerRef: row.id, confirmationUrl: pageUrl(input.notificationUrl, row.id) };
    },

    async query({ trackingId }) {
      const row = await checkoutByTrackingId(db, trackingId);
      if (!row) return null;
      const checkout = await expireIfStale(row);
      if (checkout.status === 'pending') {
        return { trackingId, status: 'pending', amount: checkout.amount, currency: checkout.currency, providerRef: checkout.id };
      }
      return outcomeOf(notificationOf(checkout));
    },

    readNotification(rawBody: string, headers: IncomingHttpHeaders): ProviderOutcome {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) {
        throw new NotificationRefused(401, 'Missing or malformed notification signature');
      }
      const expected = Buffer.from(signSandboxNotification(signingKey, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
        throw new NotificationRefused(401, 'Invalid notification signature');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new NotificationRefused(400, 'Unreadable notification');
      }
      return outcomeOf(readSandboxNotification(parsed));
    },

    async refund(input: RefundInput) {
      const row = await checkoutByTrackingId(db, input.trackingId);
      if (row?.status !== 'successful') return { ok: false, message: 'No successful sandbox payment to refund' };
      return { ok: true, providerRef: row.id };
    },

    // The sandbox refunds at once, so it never has a refund pending to be asked about.
    async refundStatus() {
      return null;
    },
  };
}
