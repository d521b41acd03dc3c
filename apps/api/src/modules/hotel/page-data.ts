/**
 * The hotel's pages drawn on the server (plugins/rendered-pages.ts): /hotel with the rooms, as
 * GET hotel/rooms/ answers them, and /hotel/rooms with the rooms free for the search its address
 * names, as GET hotel/reservations/variants/ answers it, so a search sent before the app is live,
 * or without scripts at all, shows its results.
 */
import { z } from 'zod';
import { hotelToday, roomFilterSchemaOn, roomSchema, roomVariantSchema } from '@hotel/domain';
import { HttpError } from '../../plugins/errors';
import { dataPage, type PageRequest } from '../../plugins/rendered-pages';
import { presentRoom, presentVariant } from './present';
import { listRooms } from './repository';

// Made once: building a zod schema costs more than parsing with it, and a search page parses on every request.
const roomsAnswer = z.array(roomSchema);
const variantsAnswer = z.array(roomVariantSchema);

export const hotelPage = dataPage({
  path: '/hotel',
  drawnFrom: ['rooms'],
  read: listRooms,
  present: (request, rows) => ({ rooms: roomsAnswer.parse(rows.map((row) => presentRoom(request, row))) }),
});

/** The search's names in the address (HOT-13), in this order. */
const SEARCH_NAMES = ['checkIn', 'checkOut', 'guests'] as const;

function searchOf(request: PageRequest) {
  const params = new URL(request.url, 'http://x').searchParams;
  return SEARCH_NAMES.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [[name, value]];
  });
}

export const roomsSearchPage = dataPage({
  path: '/hotel/rooms',
  // The search reads the availability in memory (availability.ts), not rows; its versions still
  // say when a kept search is stale.
  drawnFrom: ['rooms', 'room_holds'],
  read: async () => [],
  present: (request) => {
    const search = Object.fromEntries(searchOf(request));
    // The form's own schema and the hotel's day: an address the form would refuse is drawn with
    // the form and its messages, and no results.
    const filter = roomFilterSchemaOn(hotelToday()).safeParse({
      arrival: search.checkIn ?? '',
      departure: search.checkOut ?? '',
      guests: search.guests === undefined || search.guests === '' ? undefined : search.guests,
    });
    if (!filter.success) return {};
    const { arrival, departure, guests } = filter.data;
    try {
      const free = request.server.availability.search({ arrival, departure }, guests);
      return { variants: variantsAnswer.parse(free.map((room) => presentVariant(request, room, { arrival, departure }, guests))) };
    } catch (error) {
      // Nothing fits: the page says so (the app then asks again and names the reason).
      if (error instanceof HttpError && error.statusCode === 404) return { variants: [] };
      throw error;
    }
  },
  address: (request) => {
    const search = searchOf(request);
    return search.length === 0 ? '/hotel/rooms' : `/hotel/rooms?${new URLSearchParams(search).toString()}`;
  },
});
