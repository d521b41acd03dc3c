/**
 * The room search's rule (the domain's roomFilterSchemaOn), and zod with it, apart from the form
 * that uses it (room-search-form.tsx). /hotel draws the form but shows no error before a change or a
 * submit, so there the rule comes once the page is live instead of with the page's code (decision
 * 075); the search page, which checks its address as it draws, imports it.
 */
import { roomFilterSchemaOn, type RoomFilter } from '@hotel/domain';
import { roomsSearchFrom } from '../paths';
import { searchToday } from './search-today';

export type RoomFilterField = keyof RoomFilter;
/** Each field's first error, as a message key. */
export type RoomFilterErrors = Partial<Record<RoomFilterField, string>>;

/** What the form's fields hold, as typed. */
export interface RoomFilterDraft {
  arrival: string;
  departure: string;
  guests: string;
}

/** The filter the form's fields make, or what is wrong with them. */
export function checkRoomFilter(draft: RoomFilterDraft, today: string): { filter?: RoomFilter; errors: RoomFilterErrors } {
  const candidate = {
    arrival: draft.arrival,
    departure: draft.departure,
    guests: draft.guests.trim() === '' ? undefined : Number(draft.guests),
  };
  const result = roomFilterSchemaOn(today).safeParse(candidate);
  if (result.success) return { filter: result.data, errors: {} };
  const errors: RoomFilterErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RoomFilterField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** The last address's filter, by the day and the query: the server's search page asks twice for each (its data and its form). */
let lastFilter: { key: string; filter: RoomFilter | null } | undefined;

/**
 * The filter an address of /hotel/rooms carries, checked with the same schema as the form (and the
 * same day: the hotel's on the server); null when it is not a valid one.
 */
export function roomFilterFromSearch(params: URLSearchParams): RoomFilter | null {
  const today = searchToday();
  const key = `${today}?${params.toString()}`;
  if (lastFilter?.key !== key) {
    const result = roomFilterSchemaOn(today).safeParse(roomsSearchFrom(params));
    lastFilter = { key, filter: result.success ? result.data : null };
  }
  return lastFilter.filter;
}
