/**
 * What payments need from the hotel module: its side of a non-refundable booking, paid in full at
 * booking (docs/decisions/045-non-refundable-rate.md), and whether a saved card still guarantees a
 * booking. The hotel module registers it when the app starts (hotel/stay-payments.ts): payments
 * charge the card and settle the attempt, the hotel module alone changes the booking (paid, or
 * released) and reads its rows. So payments never import the hotel module.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { registration, type Registration } from '../../registration';

export interface StayPayments {
  /**
   * In the transaction that marks the booking's payment succeeded: whether the booking took it (it
   * still held its room and is now paid). False when it was released meanwhile: the money goes back.
   */
  paid(tx: Tx, reservationId: number, now: Date): Promise<boolean>;
  /** In the transaction that marks the payment declined or failed: the booking lets its room go. */
  failed(tx: Tx, reservationId: number, now: Date): Promise<void>;
  /** Once the payment is committed and the booking took it: the guest's confirmation letter. */
  afterPaid(reservationId: number): Promise<void>;
  /** Once an ERIP bill for the booking is issued: the guest's letter with the path in ERIP, the bill's number and its deadline. */
  afterEripBill(reservationId: number): Promise<void>;
  /** Once money that came after the booking was released is being given back: the guest's letter saying so. */
  afterRefunded(reservationId: number): Promise<void>;
  /** The settling timer's turn: bookings still unpaid after their hold let their rooms go; answers how many. */
  releaseExpired(now: Date): Promise<number>;
  /**
   * In the transaction that removes a saved card, its rows locked: whether it guarantees a booking
   * not cancelled whose stay ends after `day` (a hotel day), which keeps the card.
   */
  guaranteesBooking(tx: Tx, cardId: number, day: string): Promise<boolean>;
}

export type StayPaymentsSlot = Registration<StayPayments>;

export const stayPaymentsSlot = (): StayPaymentsSlot => registration<StayPayments>("The hotel module's payment callbacks");

declare module 'fastify' {
  interface FastifyInstance {
    /** The hotel module's side of a booking's payment and of its guarantee card (registered by hotel/stay-payments.ts). */
    stayPayments: StayPaymentsSlot;
  }
}

export const stayPaymentsOf = (app: FastifyInstance): StayPayments => app.stayPayments.get();
