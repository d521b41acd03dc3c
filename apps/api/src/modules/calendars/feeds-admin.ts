/**
 * Staff's changes of a room's calendars (issue 11, part 3): its export address renewed, booking
 * sites' calendars added and removed, each with its change-log entry in the same transaction.
 */
import type { FastifyRequest } from 'fastify';
import { CALENDAR_FEED_DETAILS, CALENDAR_FEEDS_PER_ROOM_MAX } from '@hotel/domain';
import { audit } from '../../change-log/audit';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-state';
import { HttpError } from '../../plugins/errors';
import { newCalendarToken } from './export';
import { lockRoomForFeeds, setCalendarToken } from '../hotel/calendar-tokens';
import { countRoomFeeds, deleteFeed, insertFeed } from './repository';

export const FEED_NOT_FOUND = 'Calendar not found';
const ROOM_NOT_FOUND = 'Room not found';

/** For an address that leaked: the old one stops working. */
export async function renewExportAddress(db: Db, request: FastifyRequest, roomId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await setCalendarToken(tx, roomId, newCalendarToken()))) throw new HttpError(404, ROOM_NOT_FOUND);
    // The token itself is a secret and stays out of the log.
    await audit(tx, request, { action: 'room.calendar_address', target: `room ${roomId}`, before: null, after: { renewed: true } });
  });
}

/** A booking site's calendar of the room, at most CALENDAR_FEEDS_PER_ROOM_MAX and each address once (409). */
export async function addFeed(db: Db, request: FastifyRequest, roomId: number, feed: { name: string; url: string }): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await lockRoomForFeeds(tx, roomId))) throw new HttpError(404, ROOM_NOT_FOUND);
    if ((await countRoomFeeds(tx, roomId)) >= CALENDAR_FEEDS_PER_ROOM_MAX) throw new HttpError(409, CALENDAR_FEED_DETAILS.tooMany);
    try {
      const id = await insertFeed(tx, { roomId, name: feed.name, url: feed.url });
      await audit(tx, request, { action: 'calendar_feed.add', target: `room ${roomId}`, before: null, after: { feed_id: id, name: feed.name, host: new URL(feed.url).host } });
      return id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, CALENDAR_FEED_DETAILS.duplicate);
      throw error;
    }
  });
}

/** The nights its events held are free again (the holds go with the feed). */
export async function removeFeed(db: Db, request: FastifyRequest, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const feed = await deleteFeed(tx, id);
    if (!feed) throw new HttpError(404, FEED_NOT_FOUND);
    await audit(tx, request, {
      action: 'calendar_feed.remove',
      target: `room ${feed.roomId}`,
      before: { feed_id: feed.id, name: feed.name, host: new URL(feed.url).host },
      after: null,
    });
  });
}
