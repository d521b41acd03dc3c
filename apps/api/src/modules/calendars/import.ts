/**
 * Importing booking sites' calendars into the rooms' holds (issue 11, part 3). Every event of a
 * feed becomes a hold of kind 'import', guarded by the same exclusion constraint as reservations
 * and blocks; an event that leaves the feed frees its nights; an event whose nights something on
 * this site already holds is kept as a conflict for staff, never dropped. A feed that fails keeps
 * the holds of its last good import and records the error and when it last worked.
 * Runs on a timer (scheduleCalendarImports, started by server.ts) and when staff ask for it.
 */
import { hotelToday, type CalendarConflict, type CalendarFeed } from '@hotel/domain';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { scheduleJob, type JobLocks, type JobOptions, type JobSchedule } from '../../jobs';
import { isTakenNights, parseStay, roomConflictsOfEach, stayRange } from '../hotel/reservations';
import { parseAllowedNetworks } from './feed-address';
import { bookingSiteCalendars } from './hotel-source';
import { FeedError, fetchFeedText, parseFeed, type FeedEvent, type FetchOptions, type ParsedFeed } from './feed';
import {
  allFeeds,
  deleteHolds,
  findFeed,
  holdsOfFeed,
  insertImportedHolds,
  lockFeed,
  recordFeedFailure,
  recordFeedSuccess,
  roomHoldStaysAfter,
  setHoldNote,
  type FeedRow,
} from './repository';
import { tellStaff } from '../notices/notices';

/** Rows written or removed by one statement. */
const WRITE_BATCH = 500;
/** Conflicts kept with what holds their nights, for staff to see; of a feed with more, the rest are counted. */
export const CONFLICTS_KEPT = 50;

/** The stored failure's code (feed.ts writes only CALENDAR_FEED_ERROR_CODES), or null after a success. */
export const feedErrorCode = (feed: Pick<FeedRow, 'lastErrorCode'>) => (feed.lastErrorCode || null) as CalendarFeed['error_code'];

export function presentFeed(feed: FeedRow): CalendarFeed {
  return {
    id: feed.id,
    room_id: feed.roomId,
    name: feed.name,
    url: feed.url,
    last_attempt_at: feed.lastAttemptAt?.toISOString() ?? null,
    last_success_at: feed.lastSuccessAt?.toISOString() ?? null,
    last_error: feed.lastError,
    error_code: feedErrorCode(feed),
    event_count: feed.eventCount,
    skipped: feed.skipped,
    conflicts: feed.conflicts,
    conflicts_omitted: feed.conflictsOmitted,
  };
}

export interface ImportLog {
  warn(object: unknown, message: string): void;
}

export interface ImportOptions extends FetchOptions {
  now?: Date;
  /** Where the reason of a failed read is written (staff see only its code and message). */
  log?: ImportLog;
}

/** The configured limits of an import. */
export const importOptions = (env: Pick<Env, 'CALENDAR_FEED_TIMEOUT_SECONDS' | 'CALENDAR_FEED_ALLOW_PRIVATE'>, log?: ImportLog): ImportOptions => ({
  timeoutMs: env.CALENDAR_FEED_TIMEOUT_SECONDS * 1000,
  allowedNetworks: parseAllowedNetworks(env.CALENDAR_FEED_ALLOW_PRIVATE),
  ...(log ? { log } : {}),
});

type Reading = { ok: true; feed: ParsedFeed } | { ok: false; error: FeedError };

/** Fetches and parses a feed; a failure the staff can act on is an answer, anything else throws. */
async function readFeed(feedId: number, url: string, today: string, options: ImportOptions): Promise<Reading> {
  try {
    return { ok: true, feed: await parseFeed(await fetchFeedText(url, options), today) };
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    // The host only: a feed's path is the site's secret.
    options.log?.warn({ feedId, host: hostOf(url), code: error.code, reason: error.reason ?? error.message }, 'calendar feed not imported');
    return { ok: false, error };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * Reads one feed and brings its room's holds in line with it. Answers the feed as it stands
 * afterwards; null when it was removed meanwhile.
 */
export async function importFeed(db: Db, feedId: number, options: ImportOptions = {}): Promise<CalendarFeed | null> {
  const feed = await findFeed(db, feedId);
  if (!feed) return null;
  const now = options.now ?? new Date();
  return applyReading(db, feedId, await readFeed(feed.id, feed.url, hotelToday(now), options), now, options);
}

/**
 * Stores what a reading found. The feed's row is locked while the holds change, so two instances
 * importing it at once apply one after the other.
 */
async function applyReading(db: Db, feedId: number, reading: Reading, now: Date, options: ImportOptions): Promise<CalendarFeed | null> {
  if (!reading.ok) {
    const failed = await recordFeedFailure(db, feedId, now, reading.error);
    return failed ? presentFeed(failed) : null;
  }
  const parsed = reading.feed;

  let fresh: CalendarConflict[] = [];
  const updated = await db.transaction(async (tx) => {
    const locked = await lockFeed(tx, feedId);
    if (!locked) return null;
    const existing = await holdsOfFeed(tx, feedId);
    const wanted = new Map(parsed.events.map((event) => [event.uid, event]));

    // Nights the feed gave up (or moved) are freed first, so an event may move onto them.
    const kept = new Set<string>();
    const gone: number[] = [];
    for (const hold of existing) {
      const event = wanted.get(hold.uid!);
      const stay = parseStay(hold.stay);
      if (event && event.arrival === stay.arrival && event.departure === stay.departure) {
        kept.add(hold.uid!);
        if (hold.note !== event.summary) await setHoldNote(tx, hold.id, event.summary);
      } else {
        gone.push(hold.id);
      }
    }
    for (let start = 0; start < gone.length; start += WRITE_BATCH) {
      await deleteHolds(tx, gone.slice(start, start + WRITE_BATCH));
    }

    // Which new events find their nights free is worked out here from one read of the room's
    // holds, and the free ones are written a batch at a time: a feed of overlapping events costs
    // a few statements, not a few per event, while the database is shared with every visitor.
    const taken = (await roomHoldStaysAfter(tx, locked.roomId, hotelToday(now))).map(parseStay);
    const free: FeedEvent[] = [];
    const refused: FeedEvent[] = [];
    for (const event of parsed.events) {
      if (kept.has(event.uid)) continue;
      if (taken.some((stay) => stay.arrival < event.departure && event.arrival < stay.departure)) refused.push(event);
      else {
        free.push(event);
        taken.push(event);
      }
    }
    for (let start = 0; start < free.length; start += WRITE_BATCH) {
      const batch = free.slice(start, start + WRITE_BATCH);
      const rows = batch.map((event) => ({ roomId: locked.roomId, stay: stayRange(event), kind: 'import' as const, feedId, uid: event.uid, note: event.summary }));
      try {
        // A savepoint: a batch refused by a booking made this very moment is retried event by event.
        await insertImportedHolds(tx, rows);
      } catch (error) {
        if (!isTakenNights(error)) throw error;
        for (const [index, event] of batch.entries()) {
          try {
            await insertImportedHolds(tx, [rows[index]!]);
          } catch (single) {
            // A deadlock is a rival booking of the same nights at this moment: a conflict until the next import.
            if (!isTakenNights(single)) throw single;
            refused.push(event);
          }
        }
      }
    }

    // What holds the nights is looked up for the first conflicts only; the rest are counted.
    const listed = refused.slice(0, CONFLICTS_KEPT);
    const holds = await roomConflictsOfEach(tx, bookingSiteCalendars, locked.roomId, listed);
    const conflicts: CalendarConflict[] = listed.map((event, index) => ({ ...event, holds: holds[index]! }));
    if (refused.length > CONFLICTS_KEPT) {
      options.log?.warn({ feedId, conflicts: refused.length }, 'calendar feed has more conflicts than are kept');
    }

    // Conflicts this import found that the one before did not: reception is told of them once.
    fresh = conflicts.filter((found) => !locked.conflicts.some((known) => known.uid === found.uid && known.arrival === found.arrival && known.departure === found.departure));
    return recordFeedSuccess(tx, feedId, now, {
      eventCount: parsed.events.length - refused.length,
      skipped: parsed.skipped.slice(0, 50),
      conflicts,
      conflictsOmitted: Math.max(0, refused.length - CONFLICTS_KEPT),
    });
  });
  if (updated && fresh.length > 0) tellStaff(db, 'calendar_conflict', { id: updated.roomId, arrival: fresh[0]!.arrival, departure: fresh[0]!.departure, people: fresh.length, source: updated.name }, options.log, now);
  return updated ? presentFeed(updated) : null;
}

/** Booking sites read at once; their answers are then stored one feed after another. */
const READ_AT_ONCE = 4;

/** Imports every feed; one feed's failure stops none. */
export async function importAllFeeds(db: Db, options: ImportOptions = {}): Promise<CalendarFeed[]> {
  const feeds = await allFeeds(db);
  const now = options.now ?? new Date();
  const today = hotelToday(now);
  const results: CalendarFeed[] = [];
  for (let start = 0; start < feeds.length; start += READ_AT_ONCE) {
    const batch = feeds.slice(start, start + READ_AT_ONCE);
    const readings = await Promise.all(batch.map((feed) => readFeed(feed.id, feed.url, today, options)));
    for (const [index, feed] of batch.entries()) {
      const result = await applyReading(db, feed.id, readings[index]!, now, options);
      if (result) results.push(result);
    }
  }
  return results;
}

/**
 * Imports every feed every `intervalMs`, the first time shortly after start, on one instance of
 * the cluster per tick (jobs.ts). A round never overlaps the previous one; an unexpected failure
 * is logged and the next round still runs.
 */
export function scheduleCalendarImports(
  db: Db,
  locks: JobLocks,
  intervalMs: number,
  log: JobOptions['log'],
  options: ImportOptions & { firstAfterMs?: number } = {},
): JobSchedule {
  const firstAfterMs = options.firstAfterMs ?? Math.min(intervalMs, 30_000);
  return scheduleJob(locks, { name: 'calendar-import', intervalMs, firstAfterMs, log }, () => importAllFeeds(db, options));
}
