/**
 * The payment provider as a service of the app (`app.paymentGateway`), chosen by PAYMENT_PROVIDER;
 * the slot where the orders module registers its side of an order's payment (`app.orderPayments`),
 * the hotel module its side of a prepaid stay's and of a guarantee card (`app.stayPayments`) and
 * the folio module the bills' money the staff's ledger lists (`app.folioLedger`);
 * and the timer that settles payments left pending and has the orders module stash orders left unpaid.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleJob, type JobSchedule } from '../../jobs';
import { createBepaidGateway } from './bepaid/gateway';
import type { PaymentGateway } from './gateway';
import { folioLedgerSlot } from './folio-ledger';
import { orderPaymentsSlot } from './order-payments';
import { stayPaymentsSlot } from './stay-payments';
import { createSandboxGateway } from './sandbox/gateway';
import { settlePendingPayments } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateway: PaymentGateway;
  }
}

export interface PaymentsPluginOptions {
  /** Replaces the configured provider (a test's own). */
  gateway?: PaymentGateway;
}

export function createPaymentGateway(app: FastifyInstance): PaymentGateway {
  const { env } = app;
  if (env.PAYMENT_PROVIDER === 'bepaid') {
    return createBepaidGateway({
      shopId: env.BEPAID_SHOP_ID!,
      secretKey: env.BEPAID_SECRET_KEY!,
      publicKey: env.BEPAID_PUBLIC_KEY!,
      checkoutUrl: env.BEPAID_CHECKOUT_URL,
      gatewayUrl: env.BEPAID_GATEWAY_URL,
      eripUrl: env.BEPAID_ERIP_URL,
      test: env.BEPAID_TEST,
    });
  }
  return createSandboxGateway(app.db);
}

export const paymentsPlugin = fp(async (app: FastifyInstance, options: PaymentsPluginOptions) => {
  app.decorate('paymentGateway', options.gateway ?? createPaymentGateway(app));
  app.decorate('orderPayments', orderPaymentsSlot());
  app.decorate('stayPayments', stayPaymentsSlot());
  app.decorate('folioLedger', folioLedgerSlot());

  const seconds = app.env.PAYMENT_SETTLE_INTERVAL_SECONDS;
  if (seconds <= 0) return;
  let settling: JobSchedule | undefined;
  app.addHook('onReady', async () => {
    // Once per tick across all instances (jobs.ts), the first round at start.
    settling = scheduleJob(app.jobLocks, { name: 'settle-payments', intervalMs: seconds * 1000, firstAfterMs: 0, log: app.log }, () => settlePendingPayments(app));
  });
  app.addHook('onClose', async () => {
    await settling?.stop();
  });
}, { name: 'payments' });
