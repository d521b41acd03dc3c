/**
 * What the server asks of a payment provider: cards, and ERIP bills (docs/decisions/058-erip.md).
 * Two implementations: the built-in sandbox (the embedded default, with its own hosted pages) and bePaid. The rest of the server knows only
 * this interface; what an answer means for an order or a card is decided in service.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Language, PaymentMethodKind, PaymentStatus } from '@hotel/domain';

export type ProviderName = 'sandbox' | 'bepaid';

/** A card as the provider describes it once saved: never its number. */
export interface ProviderCard {
  /** What charges the card again. */
  token: string;
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
}

/** What the provider says about one attempt (a payment, or a card being saved). */
export interface ProviderOutcome {
  /** Our payment id, sent to the provider as its tracking id. */
  trackingId: string;
  status: PaymentStatus;
  /** In kopecks. */
  amount: number;
  currency: string;
  /** The provider's own id of the attempt. */
  providerRef?: string | undefined;
  /** The card, when the attempt saved one. */
  card?: ProviderCard | undefined;
  /** Why the provider declined, in its words. */
  message?: string | undefined;
}

interface AttemptInput {
  trackingId: string;
  amount: number;
  currency: string;
  description: string;
  language: Language;
  /** Where the guest's browser comes back to after the provider's page. */
  returnUrl: string;
  /** Where the provider posts its notification. */
  notificationUrl: string;
  /** Until when the guest may finish the provider's page (a checkout, or a 3-D Secure confirmation). */
  expiresAt: Date;
  /** Who pays, for the provider's fraud checks: the guest's e-mail and, when they are at the site, their address. */
  customer: { email: string; ip?: string | undefined };
}

/** A card is typed on the provider's page and saved there. */
export type StartTokenization = AttemptInput;

export interface CheckoutStarted {
  providerRef: string;
  /** The provider's page to send the guest to. */
  confirmationUrl: string;
}

/**
 * Who starts a charge of a saved card: the guest at the site (an order), or the hotel on its own
 * under the terms the guest accepted when the card was saved (a late cancellation's or a no-show's
 * fee: a merchant-initiated transaction, which the issuer should not send to 3-D Secure).
 */
export type ChargeInitiator = 'customer' | 'merchant';

/** A saved card is charged by its token. */
export interface ChargeCard extends AttemptInput {
  cardToken: string;
  initiator: ChargeInitiator;
}

export interface ChargeResult {
  status: PaymentStatus;
  /** Absent when the provider refused the request before making a transaction of it. */
  providerRef?: string | undefined;
  /** Set when the guest must confirm the charge (3-D Secure). */
  confirmationUrl?: string | undefined;
  message?: string | undefined;
}

/**
 * An ERIP bill (a single payment request): the guest pays it from any bank's app by its number
 * under the hotel's service, until it expires. Its answers come as a card payment's do: a
 * notification (pending, successful, expired, failed) or our asking by the provider's id.
 */
export interface EripBillInput {
  trackingId: string;
  amount: number;
  currency: string;
  description: string;
  language: Language;
  notificationUrl: string;
  /** After this the bill can no longer be paid (bePaid's `expired_at`). */
  expiresAt: Date;
  /** The number the guest types in ERIP (bePaid's `account_number`). */
  billNumber: string;
  /** The hotel's service in ERIP (bePaid's `service_no`). */
  serviceNo: number;
  customer: { email: string; ip?: string | undefined };
}

export interface EripBillCreated {
  /** The provider's id of the bill, which it is asked about by. */
  providerRef: string;
  /** Where a guest plays the bank's app (the sandbox only); bePaid's guests use their own bank's app. */
  confirmationUrl?: string | undefined;
}

export interface RefundInput {
  trackingId: string;
  providerRef: string | null;
  /** An ERIP payment is refunded through ERIP's own refund request. */
  method?: PaymentMethodKind | undefined;
  amount: number;
  reason: string;
}

export interface RefundResult {
  ok: boolean;
  /**
   * Taken but not yet done: an ERIP refund completes (or fails) within days, told by the refund's
   * notification or by asking (`refundStatus`). A card's refund is done once `ok`.
   */
  pending?: boolean | undefined;
  /** The provider's id of the refund, or of the void that released an uncaptured authorization. */
  providerRef?: string | undefined;
  message?: string | undefined;
}

/** What the provider says about a refund it took as pending (an ERIP refund), by the refund's own id. */
export interface RefundOutcome {
  kind: 'refund';
  providerRef: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** In kopecks. */
  amount: number;
  currency: string;
  message?: string | undefined;
}

/** Which attempt is asked about: a checkout (a card being saved on the provider's page) or a charge. */
export interface AttemptQuery {
  trackingId: string;
  providerRef: string | null;
  kind: 'checkout' | 'charge' | 'erip';
}

/** A notification that is not to be believed: bad signature, unreadable, not ours. */
export class NotificationRefused extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    message: string,
  ) {
    super(message);
    this.name = 'NotificationRefused';
  }
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  startTokenization(input: StartTokenization): Promise<CheckoutStarted>;
  chargeCard(input: ChargeCard): Promise<ChargeResult>;
  /** Issues an ERIP bill; throws when the provider did not take it (nothing then stands to be paid). */
  createEripBill(input: EripBillInput): Promise<EripBillCreated>;
  /** Asks the provider about an attempt; null when the provider has no record of it. */
  query(attempt: AttemptQuery): Promise<ProviderOutcome | null>;
  /** Verifies a notification as the provider's documentation says, then reads it; throws NotificationRefused. */
  readNotification(rawBody: string, headers: IncomingHttpHeaders): ProviderOutcome | RefundOutcome;
  /** Gives a payment back in full: the provider's capture is refunded, an uncaptured authorization voided. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Asks how a refund taken as pending stands; null when the provider has no record of it. */
  refundStatus(refund: { providerRef: string; method: PaymentMethodKind }): Promise<RefundOutcome | null>;
}
