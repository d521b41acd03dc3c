/**
 * The data versions every cache of the server is keyed on (docs/caching.md). The database's
 * triggers (migration 0008) announce each committed change of a table family on its channel, to
 * every instance, whoever wrote it: a route of this instance, another instance, or SQL typed by
 * hand. Each announcement heard moves its family's version on, so a thing drawn from the data
 * (the rooms in memory, a kept search answer, a rendered page with its compressed copies, the
 * menu) is good exactly while the versions it was drawn at, and the hotel's date, stay the same.
 * Nothing else invalidates a cache: no call after a write, no route flag, no timer.
 *
 * Keepers of a copy in memory (hotel/availability.ts) reload it on `onChange`; the version moves
 * on once they are done, so a key never names data that is not there yet. A write's answer waits
 * for `caughtUp()` (app.ts), so the writer's next read already has its change.
 */
import { sql } from 'drizzle-orm';
import { hotelToday } from '@hotel/domain';
import type { Db } from './client';
import type { NotificationChannel, Notifications } from './notifications';

/** The table families caches are drawn from, each announced on a channel of its own. */
export type DataFamily = Extract<NotificationChannel, 'rooms' | 'room_holds' | 'menu' | 'reviews'>;
const FAMILIES: readonly DataFamily[] = ['rooms', 'room_holds', 'menu', 'reviews'];

/** The channel `caughtUp()` sends its marker on. */
const CAUGHT_UP_CHANNEL = 'caught_up';

/**
 * Longest a write's answer waits to hear its own change come back. A notification sent while the
 * connection was down is lost; the full reload after the reconnect covers it, and past this bound
 * the answer goes out anyway: the caches catch up a moment later, and the exclusion constraint
 * never needed them to be current.
 */
export const CAUGHT_UP_WAIT_MS = 2_000;

/**
 * What a family's keeper is told: the trigger's payload, or null when anything may have changed
 * (after the listening connection was lost, its notifications with it).
 */
export type OnChange = (payload: string | null) => Promise<void> | void;

export interface DataVersions {
  /**
   * The key of data drawn now from these families: their versions and the hotel's date, which
   * decides what is past (it rolls at midnight in Europe/Minsk). Read it before reading the data.
   */
  key(families: readonly DataFamily[]): string;
  /** Runs `onChange` for each change of the family, one at a time and in order with every other. */
  onChange(family: DataFamily, onChange: OnChange): () => void;
  /** Resolves once every change committed before the call is heard and its reloads are done. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export async function createDataVersions(db: Db, notifications: Notifications): Promise<DataVersions> {
  const versions = new Map<DataFamily, number>(FAMILIES.map((family) => [family, 0]));
  const keepers = new Map<DataFamily, Set<OnChange>>(FAMILIES.map((family) => [family, new Set()]));
  /** The keepers' reloads, one after another; a reader never waits for them. */
  let work: Promise<unknown> = Promise.resolve();
  const queue = (task: () => Promise<void>) => (work = work.then(task).catch(() => {}));

  const changed = (family: DataFamily, payload: string | null) =>
    void queue(async () => {
      for (const onChange of keepers.get(family)!) {
        try {
          await onChange(payload);
        } catch {
          // A failed reload still moves the version on: what is drawn next reads the database again.
        }
      }
      versions.set(family, versions.get(family)! + 1);
    });

  const waiting = new Map<string, () => void>();
  let serial = 0;

  const stops = await Promise.all(FAMILIES.map((family) => notifications.listen(family, (payload) => changed(family, payload))));
  const stopResync = notifications.onResync(() => {
    // Markers sent before may have been lost with the connection; the reloads have what they waited for.
    const lost = [...waiting.values()];
    for (const family of FAMILIES) changed(family, null);
    void queue(async () => {
      for (const done of lost) done();
    });
  });
  stops.push(
    await notifications.listen(CAUGHT_UP_CHANNEL, (marker) => {
      const done = waiting.get(marker);
      waiting.delete(marker);
      // After the reloads of the changes heard before the marker.
      if (done) void queue(async () => done());
    }),
  );

  /** Sends a marker after every commit so far and waits for it to come back (PostgreSQL delivers in commit order). */
  async function roundTrip() {
    const marker = `${process.pid}-${++serial}-${Math.random().toString(36).slice(2)}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      waiting.set(marker, resolve);
      timer = setTimeout(resolve, CAUGHT_UP_WAIT_MS);
    });
    try {
      await db.execute(sql`select pg_notify(${CAUGHT_UP_CHANNEL}, ${marker})`);
      await heard;
    } catch {
      // The write is done all the same: its answer goes out, and the caches catch up when they hear it.
    } finally {
      clearTimeout(timer);
      waiting.delete(marker);
    }
  }

  // One marker in flight at a time: the writes that finish meanwhile share the next one.
  let inFlight: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function marker(): Promise<void> {
    if (!inFlight) return (inFlight = roundTrip().finally(() => (inFlight = undefined)));
    next ??= inFlight.then(() => {
      next = undefined;
      return marker();
    });
    return next;
  }

  return {
    key(families) {
      let key = hotelToday();
      for (const family of families) key += ` ${family}:${versions.get(family)}`;
      return key;
    },
    onChange(family, onChange) {
      keepers.get(family)!.add(onChange);
      return () => keepers.get(family)!.delete(onChange);
    },
    async caughtUp() {
      // The embedded database hands a statement's notifications over before its result, so its
      // writer has heard them already; only their reloads may be under way.
      if (!notifications.inOrder) await marker();
      await work;
    },
    async close() {
      for (const stop of stops) stop();
      stopResync();
      await work;
    },
  };
}
