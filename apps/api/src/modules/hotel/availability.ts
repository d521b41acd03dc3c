/**
 * Availability from memory (docs/decisions/020-availability-in-memory.md). The search is the
 * busiest call of the site and its data is tiny (eight rooms, a few years of nights), so every
 * instance keeps the rooms and each room's taken nights in memory: loaded at start, and reloaded
 * room by room when the database announces a change of the `room_holds` or `rooms` family, which
 * every instance hears (db/data-versions.ts); those families' versions move on once it is done.
 *
 * The exclusion constraint `room_holds_no_overlap` stays the one guarantee against double booking:
 * a calendar a moment behind can show a night a moment longer, never sell it twice.
 */
import { dayNumberOf, NO_ROOM_FITS_DETAIL, NO_ROOMS_DETAIL, PARTIAL_AVAILABILITY_DETAIL, type RoomRates } from '@hotel/domain';
import type { Db } from '../../db/client';
import type { DataVersions } from '../../db/data-versions';
import { HttpError } from '../../plugins/errors';
import { ratesOfRooms } from './rates';
import { holdRanges, listRooms, type RoomView } from './repository';
import { roomPrice, type Stay } from './reservations';

/** A room in memory with its prices by date and stay rules, worked out day by day (rules/rates.ts). */
export interface RatedRoom extends RoomView {
  rates: RoomRates;
  /** The non-refundable rate's discount, whole percent; 0 offers none (decision 045). */
  nonRefundablePercent: number;
}

/**
 * One room's taken nights as half-open day ranges [start, end), sorted. They never overlap (the
 * exclusion constraint), so sorted by start they are sorted by end too and one binary search finds
 * the first range that ends after a given day.
 */
export class RoomCalendar {
  constructor(
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
  ) {}

  static of(ranges: [number, number][]): RoomCalendar {
    ranges.sort((a, b) => a[0] - b[0]);
    return new RoomCalendar(Int32Array.from(ranges, (r) => r[0]), Int32Array.from(ranges, (r) => r[1]));
  }

  /** The index of the first range ending after `day` (ranges.length when none does). */
  private firstEndingAfter(day: number): number {
    let low = 0;
    let high = this.ends.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ends[middle]! > day) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Every night of [from, to) is free. */
  isFree(from: number, to: number): boolean {
    const i = this.firstEndingAfter(from);
    return i === this.starts.length || this.starts[i]! >= to;
  }

  /** At least one night of [from, to) is free. */
  hasFreeNight(from: number, to: number): boolean {
    let cursor = from;
    for (let i = this.firstEndingAfter(from); i < this.starts.length && cursor < to; i++) {
      if (this.starts[i]! > cursor) return true;
      cursor = Math.max(cursor, this.ends[i]!);
    }
    return cursor < to;
  }
}

export interface Availability {
  /** Rooms free for every night of the stay that hold the guests, in display order (HOT-16). */
  search(stay: Stay, guestCount: number): RatedRoom[];
  /** The rooms with their amenities and rates, in display order. */
  rooms(): RatedRoom[];
  close(): void;
}

const view = (room: Awaited<ReturnType<typeof listRooms>>[number], rates: RoomRates): RatedRoom => ({
  id: room.id,
  slug: room.slug,
  name: room.name,
  description: room.description,
  images: room.images,
  price: room.price,
  extraPrice: room.extraPrice,
  primaryCapacity: room.primaryCapacity,
  extraCapacity: room.extraCapacity,
  roomSize: room.roomSize,
  conveniences: room.conveniences.map((c) => ({ id: c.id, description: c.description, image: c.image })),
  rates,
  nonRefundablePercent: room.nonRefundablePercent,
});

export async function loadAvailability(db: Db, versions: DataVersions): Promise<Availability> {
  let roomList: RatedRoom[] = [];
  const calendars = new Map<number, RoomCalendar>();

  // The rooms' price and stay rules are part of the `rooms` family (migration 0014): reloaded with them.
  async function loadRooms() {
    const rows = await listRooms(db);
    const rates = await ratesOfRooms(db, rows.map((row) => ({ ...roomPrice(row), id: row.id })));
    roomList = rows.map((row) => view(row, rates.get(row.id)!));
  }

  async function loadHolds(roomIds?: number[]) {
    const rows = await holdRanges(db, roomIds);
    const ranges = new Map<number, [number, number][]>((roomIds ?? []).map((id) => [id, []]));
    for (const row of rows) {
      const list = ranges.get(row.room_id) ?? [];
      list.push([dayNumberOf(row.start), dayNumberOf(row.end)]);
      ranges.set(row.room_id, list);
    }
    if (!roomIds) calendars.clear();
    for (const [roomId, list] of ranges) calendars.set(roomId, RoomCalendar.of(list));
  }

  // Listening first: a change committed while the first load reads is reloaded after it.
  const stopRooms = versions.onChange('rooms', loadRooms);
  const stopHolds = versions.onChange('room_holds', async (payload) => {
    if (payload === null) return loadHolds();
    const rooms = (JSON.parse(payload) as { rooms?: number[] }).rooms ?? [];
    if (rooms.length > 0) await loadHolds(rooms);
  });
  await loadRooms();
  await loadHolds();

  const fits = (room: RatedRoom, guestCount: number) => room.primaryCapacity + room.extraCapacity >= guestCount;
  const noNights = RoomCalendar.of([]);
  const calendarOf = (id: number) => calendars.get(id) ?? noNights;

  return {
    search(stay, guestCount) {
      const from = dayNumberOf(stay.arrival);
      const to = dayNumberOf(stay.departure);
      const fitting = roomList.filter((room) => fits(room, guestCount));
      const free = fitting.filter((room) => calendarOf(room.id).isFree(from, to));
      if (free.length > 0) return free;
      if (fitting.length === 0) throw new HttpError(404, NO_ROOM_FITS_DETAIL);
      if (fitting.some((room) => calendarOf(room.id).hasFreeNight(from, to))) throw new HttpError(404, PARTIAL_AVAILABILITY_DETAIL);
      throw new HttpError(404, NO_ROOMS_DETAIL);
    },
    rooms: () => roomList,
    close() {
      stopRooms();
      stopHolds();
    },
  };
}
