/** The booking sites' calendars of a room (`calendar_feeds`) and its export address, as staff change them. */
import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calendarFeeds, rooms } from '../../db/schema';

export type FeedRow = typeof calendarFeeds.$inferSelect;

export function roomFeeds(db: Db, roomId: number): Promise<FeedRow[]> {
  return db.select().from(calendarFeeds).where(eq(calendarFeeds.roomId, roomId)).orderBy(asc(calendarFeeds.id));
}

/** Writes the room's new export token; false when there is no such room. */
export async function setCalendarToken(tx: Tx, roomId: number, token: string): Promise<boolean> {
  const [room] = await tx.update(rooms).set({ calendarToken: token }).where(eq(rooms.id, roomId)).returning({ id: rooms.id });
  return room !== undefined;
}

/** Locks the room's row, so feeds added at once are counted one after the other; false when there is no such room. */
export async function lockRoomForFeeds(tx: Tx, roomId: number): Promise<boolean> {
  const [room] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for('update');
  return room !== undefined;
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
