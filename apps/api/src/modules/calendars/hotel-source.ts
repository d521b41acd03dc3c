/**
 * The booking sites' calendars as the hotel module shows them, registered with it when the app
 * starts (hotel/booking-site-calendars.ts): the board lists each room's calendars and names the
 * site whose event holds a night, and so does a refusal over a taken night. The rows are this
 * module's and read by its SQL; hotel never imports calendars (docs/decisions/061-modules-one-way.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BookingSiteCalendars } from '../hotel/booking-site-calendars';
import { boardFeeds, feedNames } from './repository';

export const bookingSiteCalendars: BookingSiteCalendars = {
  onBoard: boardFeeds,
  names: feedNames,
};

/** Registers the booking sites' calendars with the hotel module (its slot first). */
export const bookingSiteCalendarsPlugin = fp(
  async (app: FastifyInstance) => {
    app.bookingSiteCalendars.register(bookingSiteCalendars);
  },
  { name: 'calendars-for-hotel', dependencies: ['bookingSiteCalendars-slot'] },
);
