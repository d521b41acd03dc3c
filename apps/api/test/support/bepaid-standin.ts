/**
 * A stand-in for bePaid on loopback that answers as bePaid's documentation describes
 * (docs.bepaid.by): the checkout API's payment tokens, charges of saved cards by token (with
 * 3-D Secure for some cards), look-ups by tracking id, refunds; HTTP Basic with the shop's id and
 * secret key and `X-API-Version: 2` on every request. It plays the guest's part on bePaid's page
 * (`payCheckout`, `finish3ds`) and notifies the shop as bePaid does: HTTP Basic plus a
 * `Content-Signature`, the RSA-SHA256 signature of the body under the shop's private key.
 * Its ERIP API (POST /beyag/payments with `payment_method.type` "erip", GET /beyag/payments/{uid},
 * POST /beyag/refunds) keeps single payment requests: pending until the guest pays one from a bank's
 * app (`payErip`, refused once the bill expired unless `late` forces it) or it expires (`expireErip`),
 * each change notified as bePaid does; a refund is taken as pending and ends when ERIP completes or
 * gives up on it (`endEripRefund`), notified too and asked about by its uid as a bill is.
 */
import { createSign, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinTransaction {
  uid: string;
  type: 'tokenization' | 'payment' | 'authorization' | 'capture' | 'void' | 'refund';
  status: 'successful' | 'failed' | 'incomplete' | 'pending' | 'expired';
  payment_method_type?: 'erip';
  expired_at?: string;
  paid_at?: string;
  erip?: { account_number: string; service_no: number; instruction: string[] };
  amount: number;
  currency: string;
  description: string;
  tracking_id: string;
  message: string;
  test: boolean;
  created_at: string;
  redirect_url?: string;
  parent_uid?: string;
  credit_card?: { token: string; last_4: string; brand: string; exp_month: number; exp_year: number; holder: string };
}

interface Checkout {
  token: string;
  body: Record<string, unknown>;
  order: { amount: number; currency: string; description: string; tracking_id: string; expired_at?: string };
  notificationUrl: string;
  returnUrl: string;
  finished: boolean;
  /** Past `order.expired_at` (or 24 hours by default) the page can no longer be paid. */
  expiresAt: number;
  transaction?: StandinTransaction;
}

interface Charge {
  transaction: StandinTransaction;
  notificationUrl: string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * The cards the stand-in knows: charges of these tokens succeed, are declined or need 3-D Secure
 * (`threeDSecure` only when the guest pays: a merchant-initiated charge under the recurring
 * contract goes through; `threeDSecureAlways` every time). bePaid may turn a charge into an
 * authorization and a capture (`authCapture`), or leave the authorization to be captured later
 * (`authOnly`), as its documentation of the charge request says.
 */
export const STANDIN_CARDS = {
  approve: { number: '4200000000000000', last_4: '0000', brand: 'visa' },
  decline: { number: '4005550000000019', last_4: '0019', brand: 'visa' },
  threeDSecure: { number: '4012001037141112', last_4: '1112', brand: 'visa' },
  threeDSecureAlways: { number: '4012001038443335', last_4: '3335', brand: 'visa' },
  authCapture: { number: '5555555555554444', last_4: '4444', brand: 'master' },
  authOnly: { number: '5105105105105100', last_4: '5100', brand: 'master' },
} as const;
export type StandinCard = keyof typeof STANDIN_CARDS;

export interface BepaidStandin {
  url: string;
  shopId: string;
  secretKey: string;
  /** The shop's public key as bePaid's back office shows it: the bare base64 body. */
  publicKey: string;
  requests: ReceivedRequest[];
  transactions: StandinTransaction[];
  /** The guest types a card on the checkout page: bePaid saves it and notifies the shop. */
  payCheckout(token: string, card: StandinCard): Promise<Response>;
  /** The guest passes (or fails) 3-D Secure for a charge: bePaid settles it and notifies the shop. */
  finish3ds(uid: string, approved: boolean): Promise<Response>;
  /** Posts a notification of a transaction the way bePaid does; the options forge it. */
  notify(url: string, transaction: StandinTransaction, forge?: { key?: KeyObject; password?: string; body?: (text: string) => string }): Promise<Response>;
  /** Stop notifying (a notification lost on the way); the shop then has to ask. */
  muteNotifications(muted: boolean): void;
  /** Refuse the next `count` refunds and voids (the acquirer is down, say). */
  refuseRefunds(count: number): void;
  /** Let a checkout's time run out, as if its `expired_at` had passed. */
  expireCheckout(token: string): void;
  /** A guest pays an ERIP bill from their bank's app; an expired bill is refused (throws) unless `late`. */
  payErip(uid: string, options?: { late?: boolean }): Promise<Response>;
  /** An ERIP bill's time runs out: bePaid marks it expired and notifies the shop. */
  expireErip(uid: string): Promise<Response>;
  /**
   * ERIP completes (`successful`) or gives up on (`failed`) a refund it took as pending, and bePaid
   * notifies the shop (unless muted, or `quietly`: the shop then has to ask; 204 then).
   */
  endEripRefund(uid: string, status: 'successful' | 'failed', options?: { quietly?: boolean }): Promise<Response>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startBepaidStandin(): Promise<BepaidStandin> {
  const shopId = '361';
  const secretKey = randomBytes(16).toString('hex');
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicBody = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const checkouts = new Map<string, Checkout>();
  const charges = new Map<string, Charge>();
  const cardsByToken = new Map<string, StandinCard>();
  const eripBills = new Map<string, Charge>();
  const eripRefunds = new Map<string, Charge>();
  const requests: ReceivedRequest[] = [];
  const transactions: StandinTransaction[] = [];
  let muted = false;
  let refusals = 0;
  let base = '';

  const transaction = (fields: Omit<StandinTransaction, 'uid' | 'created_at' | 'message' | 'test'> & Partial<StandinTransaction>): StandinTransaction => {
    const tx: StandinTransaction = { uid: randomUUID(), created_at: new Date().toISOString(), message: 'Successfully processed', test: true, ...fields };
    transactions.push(tx);
    return tx;
  };

  async function notify(url: string, tx: StandinTransaction, forge: { key?: KeyObject; password?: string; body?: (text: string) => string } = {}) {
    const signed = JSON.stringify({ transaction: tx });
    const signature = createSign('RSA-SHA256').update(signed).sign(forge.key ?? privateKey).toString('base64');
    const sent = forge.body ? forge.body(signed) : signed;
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${shopId}:${forge.password ?? secretKey}`).toString('base64')}`,
        'content-signature': signature,
      },
      body: sent,
    });
  }

  /** An ERIP bill past its `expired_at` is expired, as bePaid marks it. */
  function expireIfDue(tx: StandinTransaction): boolean {
    if (tx.status !== 'pending' || !tx.expired_at || Date.now() < Date.parse(tx.expired_at)) return false;
    tx.status = 'expired';
    tx.message = 'Payment request expired';
    return true;
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://standin').pathname;
      const body = await readBody(request).catch(() => null);
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      if (request.headers.authorization !== expectedAuth) return send(response, 401, { message: 'Unauthorized' });
      if (request.headers['x-api-version'] !== '2') return send(response, 400, { message: 'X-API-Version 2 is required' });

      if (request.method === 'POST' && path === '/ctp/api/checkouts') {
        const checkout = (body as { checkout?: Record<string, unknown> } | null)?.checkout;
        const order = checkout?.order as Checkout['order'] | undefined;
        const settings = checkout?.settings as { notification_url?: string; return_url?: string } | undefined;
        if (!checkout || !order || !Number.isInteger(order.amount) || !order.currency || !settings?.notification_url || !settings.return_url) {
          return send(response, 422, { message: 'Invalid checkout', errors: {} });
        }
        const token = randomBytes(32).toString('hex');
        const expiresAt = order.expired_at ? Date.parse(order.expired_at) : Date.now() + 24 * 3_600_000;
        if (Number.isNaN(expiresAt)) return send(response, 422, { message: 'Invalid checkout', errors: { 'order.expired_at': ['is invalid'] } });
        checkouts.set(token, { token, body: checkout, order, notificationUrl: settings.notification_url, returnUrl: settings.return_url, finished: false, expiresAt });
        return send(response, 201, { checkout: { token, redirect_url: `${base}/v2/checkout?token=${token}` } });
      }

      const checkoutQuery = /^\/ctp\/api\/checkouts\/([0-9a-f]+)$/.exec(path);
      if (request.method === 'GET' && checkoutQuery) {
        const checkout = checkouts.get(checkoutQuery[1]!);
        if (!checkout) return send(response, 404, { message: 'Token not found' });
        const expired = !checkout.finished && Date.now() >= checkout.expiresAt;
        const tx = checkout.transaction;
        return send(response, 200, {
          checkout: {
            token: checkout.token,
            shop_id: Number(shopId),
            finished: checkout.finished,
            expired,
            test: true,
            status: tx ? tx.status : expired ? 'expired' : 'pending',
            order: checkout.order,
            ...(tx ? { gateway_response: { [tx.type]: tx } } : {}),
          },
        });
      }

      if (request.method === 'POST' && path === '/services/credit_cards/charges') {
        const r = (body as { request?: Record<string, unknown> } | null)?.request as
          | {
              amount: number;
              currency: string;
              description: string;
              tracking_id: string;
              notification_url: string;
              credit_card?: { token?: string };
              additional_data?: { contract?: string[] };
            }
          | undefined;
        const card = r?.credit_card?.token ? cardsByToken.get(r.credit_card.token) : undefined;
        if (!r || !card) return send(response, 422, { message: 'Unknown card token', errors: { credit_card: ['token is invalid'] } });
        const details = STANDIN_CARDS[card];
        const common = {
          type: 'payment' as const,
          amount: r.amount,
          currency: r.currency,
          description: r.description,
          tracking_id: r.tracking_id,
          credit_card: { token: r.credit_card!.token!, last_4: details.last_4, brand: details.brand, exp_month: 12, exp_year: 2030, holder: 'ANNA NOVIK' },
        };
        if (card === 'decline') {
          const tx = transaction({ ...common, status: 'failed', message: 'Insufficient funds' });
          return send(response, 200, { transaction: tx });
        }
        const merchantInitiated = r.additional_data?.contract?.includes('recurring') === true;
        if (card === 'threeDSecureAlways' || (card === 'threeDSecure' && !merchantInitiated)) {
          const tx = transaction({ ...common, status: 'incomplete', message: 'Pending 3-D Secure', redirect_url: `${base}/3ds?uid=` });
          tx.redirect_url = `${base}/3ds?uid=${tx.uid}`;
          charges.set(tx.uid, { transaction: tx, notificationUrl: r.notification_url });
          return send(response, 200, { transaction: tx });
        }
        if (card === 'authCapture' || card === 'authOnly') {
          const authorization = transaction({ ...common, type: 'authorization', status: 'successful' });
          if (card === 'authCapture') {
            transaction({ ...common, type: 'capture', status: 'successful', parent_uid: authorization.uid });
          }
          return send(response, 200, { transaction: authorization });
        }
        const tx = transaction({ ...common, status: 'successful' });
        return send(response, 200, { transaction: tx });
      }

      if (request.method === 'POST' && path === '/beyag/payments') {
        const r = (body as { request?: Record<string, unknown> } | null)?.request as
          | {
              amount?: number;
              currency?: string;
              description?: string;
              tracking_id?: string;
              order_id?: number;
              notification_url?: string;
              expired_at?: string;
              payment_method?: { type?: string; account_number?: string; service_no?: number; service_info?: string[] };
            }
          | undefined;
        const method = r?.payment_method;
        if (!r || !Number.isInteger(r.amount) || r.currency !== 'BYN' || !r.tracking_id || !r.notification_url || !r.description || !Number.isInteger(r.order_id)) {
          return send(response, 422, { transaction: { status: 'error', message: 'Invalid request' } });
        }
        if (method?.type !== 'erip' || !method.account_number || !Number.isInteger(method.service_no)) {
          return send(response, 422, { transaction: { status: 'error', message: 'payment_method is invalid' } });
        }
        if (r.expired_at !== undefined && Number.isNaN(Date.parse(r.expired_at))) {
          return send(response, 422, { transaction: { status: 'error', message: 'expired_at is invalid' } });
        }
        const tx = transaction({
          type: 'payment',
          status: 'pending',
          amount: r.amount!,
          currency: r.currency,
          description: r.description,
          tracking_id: r.tracking_id,
          payment_method_type: 'erip',
          ...(r.expired_at ? { expired_at: r.expired_at } : {}),
          erip: { account_number: method.account_number, service_no: method.service_no!, instruction: [`Raschet (ERIP) → service ${method.service_no} → ${method.account_number}`] },
        });
        eripBills.set(tx.uid, { transaction: tx, notificationUrl: r.notification_url });
        return send(response, 201, { transaction: tx });
      }

      const eripQuery = /^\/beyag\/payments\/([0-9a-f-]+)$/.exec(path);
      if (request.method === 'GET' && eripQuery) {
        // A refund of a bill is asked about by its uid too.
        const bill = eripBills.get(eripQuery[1]!) ?? eripRefunds.get(eripQuery[1]!);
        if (!bill) return send(response, 404, { message: 'Payment not found' });
        expireIfDue(bill.transaction);
        return send(response, 200, { transaction: bill.transaction });
      }

      if (request.method === 'POST' && path === '/beyag/refunds') {
        const r = (body as { request?: { parent_uid?: string; amount?: number; reason?: string } } | null)?.request;
        const parent = r?.parent_uid ? eripBills.get(r.parent_uid)?.transaction : undefined;
        if (!r || !parent || parent.status !== 'successful' || r.amount !== parent.amount || !r.reason || transactions.some((tx) => tx.parent_uid === parent.uid && tx.status !== 'failed')) {
          return send(response, 422, { transaction: { status: 'failed', message: 'Refund refused' } });
        }
        // ERIP takes a refund as pending; it completes within days.
        const tx = transaction({
          type: 'refund',
          status: 'pending',
          payment_method_type: 'erip',
          amount: r.amount,
          currency: parent.currency,
          description: r.reason,
          tracking_id: parent.tracking_id,
          parent_uid: parent.uid,
        });
        eripRefunds.set(tx.uid, { transaction: tx, notificationUrl: eripBills.get(parent.uid)!.notificationUrl });
        return send(response, 201, { transaction: tx });
      }

      const byTracking = /^\/v2\/transactions\/tracking_id\/(.+)$/.exec(path);
      if (request.method === 'GET' && byTracking) {
        const id = decodeURIComponent(byTracking[1]!);
        return send(response, 200, { transactions: transactions.filter((tx) => tx.tracking_id === id).slice(-10) });
      }

      const child = /^\/transactions\/(refunds|voids)$/.exec(path);
      if (request.method === 'POST' && child) {
        const r = (body as { request?: { parent_uid?: string; amount?: number; reason?: string } } | null)?.request;
        if (refusals > 0) {
          refusals -= 1;
          return send(response, 422, { transaction: { status: 'failed', message: 'Refund refused by the acquirer' } });
        }
        const parent = transactions.find((tx) => tx.uid === r?.parent_uid && tx.status === 'successful');
        const captured = parent && transactions.some((tx) => tx.type === 'capture' && tx.parent_uid === parent.uid && tx.status === 'successful');
        // A refund names money taken (a payment or a capture); a void names an authorization not yet captured.
        const fits = child[1] === 'refunds' ? parent?.type === 'payment' || parent?.type === 'capture' : parent?.type === 'authorization' && !captured;
        if (!r || !parent || !fits || r.amount !== parent.amount || transactions.some((tx) => tx.parent_uid === parent.uid && (tx.type === 'refund' || tx.type === 'void'))) {
          return send(response, 422, { transaction: { status: 'failed', message: child[1] === 'refunds' ? 'Refund refused' : 'Void refused' } });
        }
        const tx = transaction({
          type: child[1] === 'refunds' ? 'refund' : 'void',
          status: 'successful',
          amount: r.amount,
          currency: parent.currency,
          description: r.reason ?? '',
          tracking_id: parent.tracking_id,
          parent_uid: parent.uid,
        });
        return send(response, 200, { transaction: tx });
      }

      return send(response, 404, { message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    shopId,
    secretKey,
    publicKey: publicBody,
    requests,
    transactions,
    async payCheckout(token, card) {
      const checkout = checkouts.get(token);
      if (!checkout || checkout.finished || Date.now() >= checkout.expiresAt) throw new Error(`no open checkout ${token}`);
      checkout.finished = true;
      const details = STANDIN_CARDS[card];
      const cardToken = randomUUID();
      cardsByToken.set(cardToken, card);
      const tx = transaction({
        type: 'tokenization',
        status: 'successful',
        amount: checkout.order.amount,
        currency: checkout.order.currency,
        description: checkout.order.description,
        tracking_id: checkout.order.tracking_id,
        credit_card: { token: cardToken, last_4: details.last_4, brand: details.brand, exp_month: 11, exp_year: 2031, holder: 'ANNA NOVIK' },
      });
      checkout.transaction = tx;
      if (muted) return new Response(null, { status: 204 });
      return notify(checkout.notificationUrl, tx);
    },
    async finish3ds(uid, approved) {
      const charge = charges.get(uid);
      if (!charge) throw new Error(`no charge ${uid}`);
      charge.transaction.status = approved ? 'successful' : 'failed';
      charge.transaction.message = approved ? 'Successfully processed' : '3-D Secure authentication failed';
      delete charge.transaction.redirect_url;
      if (muted) return new Response(null, { status: 204 });
      return notify(charge.notificationUrl, charge.transaction);
    },
    notify,
    muteNotifications(value) {
      muted = value;
    },
    refuseRefunds(count) {
      refusals = count;
    },
    async payErip(uid, options = {}) {
      const bill = eripBills.get(uid);
      if (!bill) throw new Error(`no ERIP bill ${uid}`);
      expireIfDue(bill.transaction);
      // ERIP answers a bank that the bill is not found once it is paid or expired; `late` plays a payment begun before.
      if (bill.transaction.status !== 'pending' && !(options.late && bill.transaction.status === 'expired')) throw new Error(`ERIP bill ${uid} cannot be paid`);
      bill.transaction.status = 'successful';
      bill.transaction.message = 'Successfully processed';
      bill.transaction.paid_at = new Date().toISOString();
      if (muted) return new Response(null, { status: 204 });
      return notify(bill.notificationUrl, bill.transaction);
    },
    async expireErip(uid) {
      const bill = eripBills.get(uid);
      if (!bill || bill.transaction.status !== 'pending') throw new Error(`no pending ERIP bill ${uid}`);
      bill.transaction.status = 'expired';
      bill.transaction.message = 'Payment request expired';
      if (muted) return new Response(null, { status: 204 });
      return notify(bill.notificationUrl, bill.transaction);
    },
    async endEripRefund(uid, status, options = {}) {
      const refund = eripRefunds.get(uid);
      if (!refund || refund.transaction.status !== 'pending') throw new Error(`no pending ERIP refund ${uid}`);
      refund.transaction.status = status;
      refund.transaction.message = status === 'successful' ? 'Successfully processed' : 'Refund cancelled: not completed by ERIP in time';
      if (muted || options.quietly) return new Response(null, { status: 204 });
      return notify(refund.notificationUrl, refund.transaction);
    },
    expireCheckout(token) {
      const checkout = checkouts.get(token);
      if (checkout) checkout.expiresAt = Date.now();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
