/**
 * Availability from memory (docs/decisions/020-availability-in-memory.md). The search is the
 * busiest call of the site and its data is tiny (eight rooms, a few years of nights), so every
 * instance keeps the rooms and each room's taken nights in memory: loaded at start, and reloaded
 * room by room when the database announces a change on the `room_holds` and `rooms` channels
 * (LISTEN/NOTIFY, migration 0008), which every instance on the database hears.
 *
 * The exclusion constraint `room_holds_no_overlap` stays the one guarantee against double booking:
 * a calendar a moment behind can show a night a moment longer, never sell it twice.
 */
import { inArray, sql } from 'drizzle-orm';
import { NO_ROOM_FITS_DETAIL, NO_ROOMS_DETAIL, PARTIAL_AVAILABILITY_DETAIL } from '@hotel/domain';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { roomHolds } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { listRooms, type RoomView } from './repository';
import type { Stay } from './reservations';

const DAY_MS = 86_400_000;

/**
 * Longest a write's answer waits to hear its own change come back. A notification sent while the
 * connection was down is lost; the full reload after the reconnect covers it, and past this bound
 * the answer goes out anyway: the calendar catches up a moment later, and the exclusion constraint
 * never needed it to be current.
 */
export const CAUGHT_UP_WAIT_MS = 2_000;
/** A calendar day "YYYY-MM-DD" as a whole number of days since 1970-01-01. */
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

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

interface Holds {
  room_id: number;
  start: string;
  end: string;
}

export interface Availability {
  /** Rooms free for every night of the stay that hold the guests, in display order (HOT-16). */
  search(stay: Stay, guestCount: number): RoomView[];
  /** The rooms with their amenities, in display order. */
  rooms(): RoomView[];
  /** Counts the changes of rooms and calendars held here: an answer drawn from them is good while it stays the same. */
  version(): number;
  /**
   * Resolves once this instance has heard of every change committed before the call: a NOTIFY of
   * its own, delivered after those, comes back (and the reloads it caused are done).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

const view = (room: Awaited<ReturnType<typeof listRooms>>[number]): RoomView => ({
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
});

export async function loadAvailability(db: Db, notifications: Notifications): Promise<Availability> {
  let roomList: RoomView[] = [];
  const calendars = new Map<number, RoomCalendar>();
  let version = 0;
  /** Reloads under way; a search never waits for them (it answers from what is there). */
  let work: Promise<unknown> = Promise.resolve();
  const queue = (task: () => Promise<void>) => {
    work = work.then(task, task).catch(() => {});
    return work;
  };

  async function loadRooms() {
    roomList = (await listRooms(db)).map(view);
    version += 1;
  }

  async function loadHolds(roomIds?: number[]) {
    const rows = (
      await db
        .select({ room_id: roomHolds.roomId, start: sql<string>`lower(${roomHolds.stay})::text`, end: sql<string>`upper(${roomHolds.stay})::text` })
        .from(roomHolds)
        .where(roomIds ? inArray(roomHolds.roomId, roomIds) : undefined)
    ) as Holds[];
    const ranges = new Map<number, [number, number][]>((roomIds ?? []).map((id) => [id, []]));
    for (const row of rows) {
      const list = ranges.get(row.room_id) ?? [];
      list.push([dayNumber(row.start), dayNumber(row.end)]);
      ranges.set(row.room_id, list);
    }
    if (!roomIds) calendars.clear();
    for (const [roomId, list] of ranges) calendars.set(roomId, RoomCalendar.of(list));
    version += 1;
  }

  const waiting = new Map<string, () => void>();
  let serial = 0;

  const unlistenHolds = await notifications.listen('room_holds', (payload) => {
    const message = JSON.parse(payload) as { rooms?: number[]; barrier?: string };
    if (message.barrier) {
      const done = waiting.get(message.barrier);
      waiting.delete(message.barrier);
      // Resolves after the reloads queued before this notice.
      if (done) void queue(async () => done());
      return;
    }
    const rooms = message.rooms ?? [];
    if (rooms.length > 0) void queue(() => loadHolds(rooms));
  });
  const unlistenRooms = await notifications.listen('rooms', () => void queue(loadRooms));
  const stopResync = notifications.onResync(() => {
    // Barriers sent before the reload may have been lost with the connection; the reload has
    // whatever they waited for.
    const lost = [...waiting.values()];
    void queue(async () => {
      await loadRooms();
      await loadHolds();
      for (const done of lost) done();
    });
  });

  await loadRooms();
  await loadHolds();

  const fits = (room: RoomView, guestCount: number) => room.primaryCapacity + room.extraCapacity >= guestCount;
  const noNights = RoomCalendar.of([]);
  const calendarOf = (id: number) => calendars.get(id) ?? noNights;

  return {
    search(stay, guestCount) {
      const from = dayNumber(stay.arrival);
      const to = dayNumber(stay.departure);
      const fitting = roomList.filter((room) => fits(room, guestCount));
      const free = fitting.filter((room) => calendarOf(room.id).isFree(from, to));
      if (free.length > 0) return free;
      if (fitting.length === 0) throw new HttpError(404, NO_ROOM_FITS_DETAIL);
      if (fitting.some((room) => calendarOf(room.id).hasFreeNight(from, to))) throw new HttpError(404, PARTIAL_AVAILABILITY_DETAIL);
      throw new HttpError(404, NO_ROOMS_DETAIL);
    },
    rooms: () => roomList,
    version: () => version,
    async caughtUp() {
      const barrier = `${process.pid}-${++serial}-${Math.random().toString(36).slice(2)}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        waiting.set(barrier, resolve);
        timer = setTimeout(resolve, CAUGHT_UP_WAIT_MS);
      });
      try {
        await db.execute(sql`select pg_notify('room_holds', ${JSON.stringify({ barrier })})`);
        await heard;
      } finally {
        clearTimeout(timer);
        waiting.delete(barrier);
      }
    },
    async close() {
      unlistenHolds();
      unlistenRooms();
      stopResync();
      await work;
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route books, cancels, moves or blocks nights, or changes rooms: it answers once availability has it. */
    changesHolds?: boolean;
  }
}
