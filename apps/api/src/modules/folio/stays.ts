/**
 * What the bill needs to know of the stays it belongs to (docs/decisions/055-folio.md): the booking
 * a bill derives its nights and prices from, the people its registration card names, the arrivals
 * its check-in reminder goes to, the departures after which document data is erased, and the guest
 * each of the ledger's rows names. The stays are the hotel module's rows, read by hotel's SQL. Hotel
 * calls folio (the bill at the desk and the check-out), so folio never imports hotel: hotel
 * registers its stays here when the app starts (hotel/folio-stays.ts), and passes them itself where
 * it calls the bill (docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { slotPlugin, type Registration } from '../../registration';
import type { DeskLedgerRow } from '../payments/folio-ledger';

/** The booking as the bill reads it. */
export interface FolioStay {
  id: number;
  userId: number;
  roomName: { ru: string; en: string };
  arrival: string;
  departure: string;
  guestCount: number;
  price: number;
  pricePerNight: number;
  nightPrices: number[] | null;
  rateDiscount: number;
  promoDiscount: number;
  promoCode: string | null;
  rate: 'flexible' | 'non_refundable';
  canceledAt: Date | null;
  cancellationFee: number | null;
  paymentMethodId: number | null;
  guest: { email: string; firstName: string | null; lastName: string | null; phone: string | null; language: 'ru' | 'en'; isActive: boolean };
}

export interface FolioStays {
  /** The booking, or undefined; `userId` given: only that guest's own. Read in the caller's transaction, unlocked. */
  stay(db: Db | Tx, reservationId: number, userId?: number): Promise<FolioStay | undefined>;
  /** The people the booking names besides the guest who booked, in the order they were written. */
  companions(db: Db, reservationId: number): Promise<string[]>;
  /** The stays arriving on `arrival` and not cancelled. */
  arrivingOn(db: Db, arrival: string): Promise<number[]>;
  /** Of these stays, those whose departure is on or before `lastDeparture`. */
  departedBy(db: Db | Tx, reservationIds: number[], lastDeparture: string): Promise<number[]>;
  /** The guest who booked each of these stays, by the stay's id; one query for them all. */
  guests(db: Db | Tx, reservationIds: number[]): Promise<Map<number, DeskLedgerRow['guest']>>;
}

export type FolioStaysSlot = Registration<FolioStays>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The hotel module's stays as the bills read them (registered by hotel/folio-stays.ts). */
    folioStays: FolioStaysSlot;
  }
}

/** The slot the hotel module fills with its stays, before any bill is read. */
export const folioStaysSlot = slotPlugin('folioStays', "The hotel module's stays for the bills");

export const folioStaysOf = (app: FastifyInstance): FolioStays => app.folioStays.get();
