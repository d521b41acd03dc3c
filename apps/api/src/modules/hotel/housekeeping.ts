/**
 * Each room's state for housekeeping (issue 45, point 7; docs/decisions/054-stay-life.md): clean,
 * dirty, inspected, or out of order with a reason and nights, which a block on the room's holds
 * closes for sale (the same exclusion constraint as bookings, so a taken night refuses it). The one
 * writer of `room_housekeeping`: staff's taps here, and a check-out (stay-lifecycle.ts) making the
 * room dirty. Every write reaches the open screens through the `front_desk` trigger.
 */
import {
  cleaningRank,
  hotelToday,
  STAY_MESSAGES,
  withRussianFallback,
  type Housekeeping,
  type HousekeepingRoom,
  type Language,
  type RoomState,
  type RoomStateChange,
} from '@hotel/domain';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import type { BookingSiteCalendars } from './booking-site-calendars';
import { conflictDetail } from './board';
import { isTakenNights, parseStay, roomConflicts, stayRange } from './reservations';
import { deleteHold, insertBlock, lockRoom, roomsForHousekeeping, roomStateOf, staysOfDay, writeRoomState, type RoomHousekeepingRow } from './repository';

/** The state of a room as housekeeping last set it; clean when nobody has. */
export async function roomState(db: Db | Tx, roomId: number): Promise<RoomState> {
  return (await roomStateOf(db, roomId))?.state ?? 'clean';
}

/** A guest left the room: it is dirty, unless it is out of order (which stays until staff say otherwise). */
export async function markRoomDirty(tx: Tx, roomId: number, by: number | null, now: Date): Promise<void> {
  const current = await roomStateOf(tx, roomId);
  if (current?.state === 'out_of_order') return;
  await writeRoomState(tx, roomId, { state: 'dirty', reason: '', blockId: null, updatedBy: by, updatedAt: now });
}

/**
 * Sets a room's state. Out of order closes `[from, to)` with a block (409 naming what holds a night
 * already); any other state lifts the block the room was closed with. Answers the state before.
 */
export async function changeRoomState(
  db: Db,
  calendars: BookingSiteCalendars,
  roomId: number,
  change: RoomStateChange,
  options: { by: number; now: Date; language: Language; record?: (tx: Tx, before: RoomHousekeepingRow | null) => Promise<void> },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Changes of one room take their turn on its row, as bookings of it do.
      if (!(await lockRoom(tx, roomId))) throw new HttpError(404, STAY_MESSAGES['desk:refused.roomNotFound'][options.language], { code: 'desk:refused.roomNotFound' });
      const before = (await roomStateOf(tx, roomId)) ?? null;
      if (before?.blockId) await deleteHold(tx, before.blockId);
      let blockId: number | null = null;
      let reason = '';
      if (change.state === 'out_of_order') {
        const block = await insertBlock(tx, { roomId, stay: stayRange({ arrival: change.from, departure: change.to }), note: change.reason, createdBy: options.by });
        blockId = block.id;
        reason = change.reason;
      }
      await writeRoomState(tx, roomId, { state: change.state, reason, blockId, updatedBy: options.by, updatedAt: options.now });
      await options.record?.(tx, before);
    });
  } catch (error) {
    if (!isTakenNights(error) || change.state !== 'out_of_order') throw error;
    const conflicts = await roomConflicts(db, calendars, roomId, { arrival: change.from, departure: change.to });
    throw new HttpError(409, conflictDetail(conflicts), { conflicts });
  }
}

/** Today's rooms in the order to clean them: departures, then stays, then the rest; arrivals first among equals. */
export async function readHousekeeping(db: Db, now: Date): Promise<Housekeeping> {
  const today = hotelToday(now);
  const [roomRows, stays] = await Promise.all([roomsForHousekeeping(db), staysOfDay(db, today)]);
  const rooms = roomRows.map((room): HousekeepingRoom & { rank: number } => {
    const ofRoom = stays.filter((row) => row.reservation.roomId === room.id).map((row) => ({ ...row.reservation, ...parseStay(row.reservation.stay) }));
    const departure = ofRoom.some((s) => (s.status === 'checked_in' && s.departure <= today) || (s.status === 'checked_out' && s.checkedOutAt !== null && hotelToday(s.checkedOutAt) === today));
    const stay = ofRoom.some((s) => s.status === 'checked_in' && s.departure > today);
    const arrival = ofRoom.some((s) => s.arrival === today && s.status === 'booked');
    const block = room.blockStay ? parseStay(room.blockStay) : null;
    return {
      room_id: room.id,
      name: withRussianFallback(room.name),
      state: room.state ?? 'clean',
      out_of_order: room.state === 'out_of_order' && block ? { reason: room.reason ?? '', from: block.arrival, to: block.departure } : null,
      departure,
      stay,
      arrival,
      occupied: ofRoom.some((s) => s.status === 'checked_in'),
      updated_at: room.updatedAt?.toISOString() ?? null,
      rank: cleaningRank({ departure, stay, arrival }),
    };
  });
  rooms.sort((a, b) => a.rank - b.rank);
  return { today, rooms: rooms.map(({ rank: _rank, ...room }) => room) };
}
