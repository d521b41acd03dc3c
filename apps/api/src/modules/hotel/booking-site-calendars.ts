/**
 * What the hotel module shows of the booking sites' calendars, which are the calendars module's
 * rows (`calendar_feeds`), read by its SQL: the reservations board lists each room's calendars and
 * names the site whose event holds a night, and a refusal over a taken night names it too. The
 * calendars module calls hotel (an import writes the rooms' holds), so hotel never imports it: the
 * calendars module registers this when the app starts (calendars/hotel-source.ts), as folio
 * registers its money with the payments' ledger (docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import type { CalendarConflict } from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { slotPlugin, type Registration } from '../../registration';

/** A booking site's calendar of a room as the board shows it. */
export interface BoardCalendar {
  id: number;
  roomId: number;
  name: string;
  lastSuccessAt: Date | null;
  lastError: string;
  /** One of CALENDAR_FEED_ERROR_CODES, or empty after a success. */
  lastErrorCode: string;
  conflicts: CalendarConflict[];
  conflictsOmitted: number;
}

export interface BookingSiteCalendars {
  /** Every room's calendars, oldest first. */
  onBoard(db: Db): Promise<BoardCalendar[]>;
  /**
   * The names of the calendars of these ids (a hold of kind `import` names its calendar by id),
   * in the caller's transaction when it has one; an id no calendar has any more is absent.
   */
  names(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>>;
}

export type BookingSiteCalendarsSlot = Registration<BookingSiteCalendars>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The booking sites' calendars as hotel shows them (registered by calendars/hotel-source.ts). */
    bookingSiteCalendars: BookingSiteCalendarsSlot;
  }
}

/** The empty slot, for the calendars module to fill (before the routes are called). */
export const bookingSiteCalendarsSlot = slotPlugin('bookingSiteCalendars', "The calendars module's booking sites");

export const bookingSiteCalendarsOf = (app: FastifyInstance): BookingSiteCalendars => app.bookingSiteCalendars.get();
