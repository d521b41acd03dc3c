/**
 * The bills' money in the staff's ledger (docs/decisions/055-folio.md), registered with the payments
 * module, whose ledger lists it beside the card payments and counts the desk's money in its day
 * totals: the payments taken at the desk, the lines written to the bills, and what the desk took
 * per day. The rows are this module's and read by its SQL; payments never import folio
 * (docs/decisions/061-modules-one-way.md). The guest each row names is hotel's, asked of the stays
 * hotel registers (stays.ts) once for all the rows.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../../db/client';
import type { FolioLedger } from '../payments/folio-ledger';
import { deskPaymentsOnDays, deskTakenByDay, linesOnDays } from './repository';
import type { FolioStays } from './stays';

/** Each row with the guest of its stay; a row whose stay has no guest is left out, as the join it replaces left it. */
async function withGuests<Row extends { reservationId: number }, Entry>(db: Db | Tx, stays: FolioStays, rows: Entry[], rowOf: (entry: Entry) => Row) {
  const guests = await stays.guests(db, [...new Set(rows.map((entry) => rowOf(entry).reservationId))]);
  return rows.flatMap((entry) => {
    const guest = guests.get(rowOf(entry).reservationId);
    return guest ? [{ ...entry, guest }] : [];
  });
}

export function folioLedger(stays: () => FolioStays): FolioLedger {
  return {
    deskPayments: async (db, selection) => withGuests(db, stays(), await deskPaymentsOnDays(db, selection), (entry) => entry.payment),
    billLines: async (db, days) => withGuests(db, stays(), await linesOnDays(db, days), (entry) => entry.line),
    deskByDay: deskTakenByDay,
  };
}

/** Registers the bills' money with the payments module's ledger (payments/plugin.ts first). */
export const folioLedgerPlugin = fp(
  async (app: FastifyInstance) => {
    app.folioLedger.register(folioLedger(() => app.folioStays.get()));
  },
  { name: 'folio-ledger', dependencies: ['payments', 'folioStays-slot'] },
);
