/**
 * The reservations board's data (admin area): every room with what holds its nights in a window
 * of days, read from `room_holds` (reservations, blocks and booking sites' events alike, the
 * table the exclusion constraint guards), today's arrivals and departures, and blocks staff set
 * for repairs, which the same constraint refuses over a taken night. The booking sites' calendars
 * are the calendars module's, which hands them over (booking-site-calendars.ts).
 */
import {
  addDays,
  hotelToday,
  isLateDeparture,
  nightsBetween,
  reservationDisplayStatus,
  reservationTimes,
  ROOM_TAKEN_DETAIL,
  withRussianFallback,
  type Block,
  type Board,
  type BoardHold,
  type BoardMovement,
  type RoomConflict,
  type CalendarFeed,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { isTakenNights, parseStay, roomConflicts, stayRange, type Stay } from './reservations';
import type { BookingSiteCalendars } from './booking-site-calendars';
import { arrivalsAndDepartures, boardRooms, deleteHold, findRoom, holdsInWindow, insertBlock, lockHold, type HoldRow } from './repository';

/** The booking guest as the board names them: first and last name, or the e-mail when they gave none. */
export function guestName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ') || user.email;
}

export async function readBoard(db: Db, calendars: BookingSiteCalendars, from: string, days: number, now: Date): Promise<Board> {
  const to = addDays(from, days);
  const today = hotelToday(now);
  const window = stayRange({ arrival: from, departure: to });

  const [roomRows, holdRows, feedRows, movements] = await Promise.all([
    boardRooms(db),
    holdsInWindow(db, window),
    calendars.onBoard(db),
    arrivalsAndDepartures(db, today),
  ]);
  // Every calendar is on the board already: its rows name the site whose event holds a night.
  const feedNames = new Map(feedRows.map((feed) => [feed.id, feed.name]));

  const holdOf = (row: (typeof holdRows)[number]): BoardHold => {
    const { hold } = row;
    const stay = parseStay(hold.stay);
    const base = { id: hold.id, arrival: stay.arrival, departure: stay.departure, nights: nightsBetween(stay.arrival, stay.departure) };
    if (hold.kind === 'reservation') {
      return {
        kind: 'reservation',
        ...base,
        reservation_id: hold.reservationId!,
        guest_name: guestName({ firstName: row.firstName, lastName: row.lastName, email: row.email ?? '' }),
        guest_count: row.guestCount ?? 1,
        status: reservationDisplayStatus(reservationTimes({ ...stay, canceled: false }), now),
        stay_status: row.stayStatus ?? 'booked',
        late: isLateDeparture({ status: row.stayStatus ?? 'booked', departure: stay.departure }, now),
      };
    }
    if (hold.kind === 'import') return { kind: 'import', ...base, note: hold.note, feed_id: hold.feedId!, feed_name: feedNames.get(hold.feedId!) ?? '' };
    return { kind: 'block', ...base, note: hold.note };
  };

  const movement = (row: (typeof movements)[number]): BoardMovement => {
    const stay = parseStay(row.stay);
    return {
      reservation_id: row.id,
      room_id: row.roomId,
      room_name: withRussianFallback(row.roomName),
      guest_name: guestName(row),
      guest_count: row.guestCount,
      arrival: stay.arrival,
      departure: stay.departure,
      nights: nightsBetween(stay.arrival, stay.departure),
    };
  };

  return {
    from,
    to,
    days,
    today,
    rooms: roomRows.map((room) => ({
      id: room.id,
      name: withRussianFallback(room.name),
      primary_capacity: room.primaryCapacity,
      extra_capacity: room.extraCapacity,
      holds: holdRows.filter((row) => row.hold.roomId === room.id).map(holdOf),
      calendar_feeds: feedRows
        .filter((feed) => feed.roomId === room.id)
        .map((feed) => ({
          id: feed.id,
          name: feed.name,
          last_success_at: feed.lastSuccessAt?.toISOString() ?? null,
          last_error: feed.lastError,
          // Only CALENDAR_FEED_ERROR_CODES are stored (calendars/feed.ts); none after a success.
          error_code: (feed.lastErrorCode || null) as CalendarFeed['error_code'],
          conflicts: feed.conflicts,
          conflicts_omitted: feed.conflictsOmitted,
        })),
    })),
    arrivals: movements.filter((row) => parseStay(row.stay).arrival === today).map(movement),
    departures: movements.filter((row) => parseStay(row.stay).departure === today).map(movement),
  };
}

// ─── Blocks ─────────────────────────────────────────────────────────────────────────────────────

export function presentBlock(hold: HoldRow): Block {
  const stay = parseStay(hold.stay);
  return { id: hold.id, room_id: hold.roomId, arrival: stay.arrival, departure: stay.departure, nights: nightsBetween(stay.arrival, stay.departure), note: hold.note };
}

/** "reservation #12 (nights 2026-12-01 to 2026-12-03)": what a 409 names, in English as every detail. */
function describeConflict(conflict: RoomConflict): string {
  const nights = conflict.first_night === conflict.last_night ? `night ${conflict.first_night}` : `nights ${conflict.first_night} to ${conflict.last_night}`;
  if (conflict.kind === 'reservation') return `reservation #${conflict.reservation_id} (${nights})`;
  if (conflict.kind === 'import') return `an event of the ${conflict.note || 'imported'} calendar (${nights})`;
  return `a block${conflict.note ? ` "${conflict.note.slice(0, 60)}"` : ''} (${nights})`;
}

export function conflictDetail(conflicts: RoomConflict[]): string {
  if (conflicts.length === 0) return ROOM_TAKEN_DETAIL;
  const named = conflicts.slice(0, 3).map(describeConflict).join('; ');
  return `${ROOM_TAKEN_DETAIL}: ${named}${conflicts.length > 3 ? `; and ${conflicts.length - 3} more` : ''}`;
}

export interface NewBlock extends Stay {
  roomId: number;
  note: string;
  createdBy: number;
}

/** Blocks a room for nights (repairs); a night already held answers 409 naming what holds it. */
export async function createBlock(db: Db, calendars: BookingSiteCalendars, input: NewBlock, onCreated?: (tx: Tx, hold: HoldRow) => Promise<void>): Promise<HoldRow> {
  const room = await findRoom(db, input.roomId);
  if (!room) throw new HttpError(404, 'Room not found');
  try {
    return await db.transaction(async (tx) => {
      const hold = await insertBlock(tx, { roomId: input.roomId, stay: stayRange(input), note: input.note, createdBy: input.createdBy });
      await onCreated?.(tx, hold);
      return hold;
    });
  } catch (error) {
    if (!isTakenNights(error)) throw error;
    const conflicts = await roomConflicts(db, calendars, input.roomId, input);
    throw new HttpError(409, conflictDetail(conflicts), { conflicts });
  }
}

/** Removes a block; a reservation or a booking site's event is not a block and stays. */
export async function deleteBlock(db: Db, id: number, onDeleted?: (tx: Tx, hold: HoldRow) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const hold = await lockHold(tx, id);
    if (!hold) throw new HttpError(404, 'Block not found');
    if (hold.kind === 'reservation') throw new HttpError(409, 'This is a reservation, not a block: cancel it instead');
    if (hold.kind === 'import') throw new HttpError(409, "This is a booking site's event: it goes when the site's calendar drops it");
    await deleteHold(tx, id);
    await onDeleted?.(tx, hold);
  });
}
