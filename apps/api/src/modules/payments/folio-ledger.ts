/**
 * What the staff's ledger (ledger.ts) needs from the folio module, which registers it when the app
 * starts (folio/ledger-source.ts): the money taken at the desk and the lines written to the stays'
 * bills (decision 055) are folio's rows, read by folio's SQL. Folio calls payments (a card charged
 * from the desk), so payments never import folio: folio registers its money with the ledger, as
 * orders and stays register their side of a payment (order-payments.ts, stay-payments.ts;
 * docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import type { DeskPaymentMethod, FolioLineKind } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import type { LedgerGuest } from './repository';
import { registration, type Registration } from '../../registration';

/** Money taken at the desk towards a stay's bill, with the stay's guest and its hotel day. */
export interface DeskLedgerRow {
  payment: { id: number; reservationId: number; method: DeskPaymentMethod; amount: number; reference: string; overBalanceReason: string | null; createdAt: Date };
  guest: LedgerGuest;
  day: string;
}

/** A line written to a stay's bill (owed, not money moved), with the stay's guest and its hotel day. */
export interface BillLineLedgerRow {
  line: { id: number; reservationId: number; kind: FolioLineKind; description: string; amount: number; orderId: number | null; createdAt: Date };
  guest: LedgerGuest;
  day: string;
}

/** Hotel days (Europe/Minsk), both included. */
export type LedgerDays = { from: string; to: string };

export interface FolioLedger {
  /** The desk's payments of a range of hotel days, newest first (at most 5,000), or the one of this id. */
  deskPayments(db: Db | Tx, selection: LedgerDays | { id: number }): Promise<DeskLedgerRow[]>;
  /** The bills' lines of a range of hotel days, newest first (at most 5,000). */
  billLines(db: Db | Tx, days: LedgerDays): Promise<BillLineLedgerRow[]>;
  /** What the desk took per hotel day of a range, in kopecks; a day it took nothing is absent. */
  deskByDay(db: Db, days: LedgerDays): Promise<{ day: string; desk: number }[]>;
}

export type FolioLedgerSlot = Registration<FolioLedger>;

export const folioLedgerSlot = (): FolioLedgerSlot => registration<FolioLedger>("The folio module's ledger source");

declare module 'fastify' {
  interface FastifyInstance {
    /** The folio module's rows in the staff's ledger (registered by folio/ledger-source.ts). */
    folioLedger: FolioLedgerSlot;
  }
}

export const folioLedgerOf = (app: FastifyInstance): FolioLedger => app.folioLedger.get();
