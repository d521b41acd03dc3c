/**
 * The calendars module's SQL: the booking sites' calendars of a room (`calendar_feeds`) as staff
 * change them and imports apply them to the room's holds, the room's export address, and what the
 * hotel module shows of them (its board, the refusals over a taken night).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roomHolds } from '../hotel/tables';
import { calendarFeeds } from './tables';

export type FeedRow = typeof calendarFeeds.$inferSelect;

export function roomFeeds(db: Db, roomId: number): Promise<FeedRow[]> {
  return db.select().from(calendarFeeds).where(eq(calendarFeeds.roomId, roomId)).orderBy(asc(calendarFeeds.id));
}

export async function countRoomFeeds(tx: Tx, roomId: number): Promise<number> {
  const [{ feeds }] = (await tx.select({ feeds: count() }).from(calendarFeeds).where(eq(calendarFeeds.roomId, roomId))) as [{ feeds: number }];
  return feeds;
}

/** In a savepoint, so that a duplicate (a unique violation) leaves the transaction usable. */
export async function insertFeed(tx: Tx, values: Pick<FeedRow, 'roomId' | 'name' | 'url'>): Promise<number> {
  const [feed] = await tx.transaction((sp) => sp.insert(calendarFeeds).values(values).returning({ id: calendarFeeds.id }));
  return feed!.id;
}

export async function deleteFeed(tx: Tx, id: number): Promise<FeedRow | undefined> {
  const [feed] = await tx.delete(calendarFeeds).where(eq(calendarFeeds.id, id)).returning();
  return feed;
}

// Imports of the booking sites' calendars (import.ts).

export type HoldRow = typeof roomHolds.$inferSelect;
export type FeedReport = Pick<FeedRow, 'eventCount' | 'skipped' | 'conflicts' | 'conflictsOmitted'>;

export async function findFeed(db: Db, feedId: number): Promise<FeedRow | undefined> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
  return feed;
}

/** Every feed, oldest first. */
export function allFeeds(db: Db): Promise<Pick<FeedRow, 'id' | 'url'>[]> {
  return db.select({ id: calendarFeeds.id, url: calendarFeeds.url }).from(calendarFeeds).orderBy(asc(calendarFeeds.id));
}

/** Records a failed reading; the feed's holds stay as they were. Undefined when it was removed. */
export async function recordFeedFailure(db: Db, feedId: number, at: Date, error: { message: string; code: string }): Promise<FeedRow | undefined> {
  const [failed] = await db
    .update(calendarFeeds)
    .set({ lastAttemptAt: at, lastError: error.message, lastErrorCode: error.code })
    .where(eq(calendarFeeds.id, feedId))
    .returning();
  return failed;
}

/** Records a good reading and what it found. */
export async function recordFeedSuccess(tx: Tx, feedId: number, at: Date, report: FeedReport): Promise<FeedRow> {
  const [saved] = await tx
    .update(calendarFeeds)
    .set({ lastAttemptAt: at, lastSuccessAt: at, lastError: '', lastErrorCode: '', ...report })
    .where(eq(calendarFeeds.id, feedId))
    .returning();
  return saved!;
}

/** The feed's row, locked until the transaction ends: two instances importing it apply one after the other. */
export async function lockFeed(tx: Tx, feedId: number): Promise<FeedRow | undefined> {
  const [locked] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId)).for('update');
  return locked;
}

export function holdsOfFeed(tx: Tx, feedId: number): Promise<HoldRow[]> {
  return tx.select().from(roomHolds).where(eq(roomHolds.feedId, feedId));
}

export async function setHoldNote(tx: Tx, holdId: number, note: string): Promise<void> {
  await tx.update(roomHolds).set({ note }).where(eq(roomHolds.id, holdId));
}

export async function deleteHolds(tx: Tx, holdIds: number[]): Promise<void> {
  await tx.delete(roomHolds).where(inArray(roomHolds.id, holdIds));
}

/** The room's holds that end after `day`, as range strings. */
export async function roomHoldStaysAfter(tx: Tx, roomId: number, day: string): Promise<string[]> {
  const rows = await tx
    .select({ stay: roomHolds.stay })
    .from(roomHolds)
    .where(and(eq(roomHolds.roomId, roomId), sql`upper(${roomHolds.stay}) > ${day}::date`));
  return rows.map((row) => row.stay);
}

/**
 * Writes imported holds in a savepoint, so that rows refused by the exclusion constraint (a
 * booking made this very moment) leave the transaction usable; the error is thrown on.
 */
export async function insertImportedHolds(tx: Tx, rows: Pick<typeof roomHolds.$inferInsert, 'roomId' | 'stay' | 'kind' | 'feedId' | 'uid' | 'note'>[]): Promise<void> {
  await tx.transaction(async (savepoint) => {
    await savepoint.insert(roomHolds).values(rows);
  });
}

// The rooms' calendars for booking sites (export.ts); their tokens are the rooms' (hotel/calendar-tokens.ts).

/** The room's holds ending on or after `since`, by arrival. */
export function roomHoldsSince(db: Db, roomId: number, since: string): Promise<Pick<HoldRow, 'id' | 'stay'>[]> {
  return db
    .select({ id: roomHolds.id, stay: roomHolds.stay })
    .from(roomHolds)
    .where(and(eq(roomHolds.roomId, roomId), sql`upper(${roomHolds.stay}) >= ${since}::date`))
    .orderBy(sql`lower(${roomHolds.stay})`, asc(roomHolds.id));
}

// What the hotel module shows of the calendars (hotel-source.ts): the board and the refusals over a taken night.

/** What the board shows of each booking site's calendar, oldest first. */
export function boardFeeds(db: Db) {
  return db
    .select({
      id: calendarFeeds.id,
      roomId: calendarFeeds.roomId,
      name: calendarFeeds.name,
      lastSuccessAt: calendarFeeds.lastSuccessAt,
      lastError: calendarFeeds.lastError,
      lastErrorCode: calendarFeeds.lastErrorCode,
      conflicts: calendarFeeds.conflicts,
      conflictsOmitted: calendarFeeds.conflictsOmitted,
    })
    .from(calendarFeeds)
    .orderBy(asc(calendarFeeds.id));
}

/** The names of the feeds of these ids; none is read for no ids. */
export async function feedNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: calendarFeeds.id, name: calendarFeeds.name }).from(calendarFeeds).where(inArray(calendarFeeds.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Booking sites' calendars by their last import (never, ok, failed), for the metrics. */
export async function countFeedsByLastImport(db: Db): Promise<{ label: string; n: number }[]> {
  const { rows } = (await db.execute(sql`
    select case when last_attempt_at is null then 'never' when last_error_code = '' then 'ok' else 'failed' end as label,
           count(*)::int as n
      from calendar_feeds group by 1`)) as unknown as { rows: { label: string; n: number }[] };
  return rows;
}
