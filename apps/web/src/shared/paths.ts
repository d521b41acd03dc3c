/**
 * Every address of the web app, in one place: links, redirects, guards and the route tables name
 * a page through here, so a moved page is changed once. The pages themselves are the domain's
 * (`PAGE_PATHS`), which the server reads too: it tells pages from unknown paths by them.
 */
import { PAGE_PATHS, type RoomFilter } from '@hotel/domain';

export const paths = PAGE_PATHS;

/** /hotel/rooms?checkIn=YYYY-MM-DD&checkOut=YYYY-MM-DD&guests=N: the spec's names in the address (HOT-13). */
export function roomsSearchPath(filter: RoomFilter): string {
  const query = new URLSearchParams({ checkIn: filter.arrival, checkOut: filter.departure, guests: String(filter.guests) });
  return `${paths.hotel.rooms}?${query.toString()}`;
}

/** What an address of /hotel/rooms names, valid or not; the search form's schema checks it. */
export function roomsSearchFrom(params: URLSearchParams) {
  const guests = params.get('guests');
  return {
    arrival: params.get('checkIn') ?? '',
    departure: params.get('checkOut') ?? '',
    guests: guests === null || guests === '' ? undefined : Number(guests),
  };
}
