/**
 * The bills' money in the staff's ledger (docs/decisions/055-folio.md), registered with the payments
 * module, whose ledger lists it beside the card payments and counts the desk's money in its day
 * totals: the payments taken at the desk, the lines written to the bills, and what the desk took
 * per day. The rows are this module's and read by its SQL; payments never import folio
 * (docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FolioLedger } from '../payments/folio-ledger';
import { deskPaymentsOnDays, deskTakenByDay, linesOnDays } from './repository';

export const folioLedger: FolioLedger = {
  deskPayments: deskPaymentsOnDays,
  billLines: linesOnDays,
  deskByDay: deskTakenByDay,
};

/** Registers the bills' money with the payments module's ledger (payments/plugin.ts first). */
export const folioLedgerPlugin = fp(
  async (app: FastifyInstance) => {
    app.folioLedger.register(folioLedger);
  },
  { name: 'folio-ledger', dependencies: ['payments'] },
);
