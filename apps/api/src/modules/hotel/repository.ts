import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conveniences, roomConveniences, rooms } from '../../db/schema';

export type RoomRow = typeof rooms.$inferSelect;
export type ConvenienceRow = typeof conveniences.$inferSelect;

export async function listConveniences(db: Db): Promise<ConvenienceRow[]> {
  return db.select().from(conveniences).orderBy(asc(conveniences.id));
}

export interface RoomWithConveniences extends RoomRow {
  conveniences: ConvenienceRow[];
}

/** What the API shows of a room: RoomWithConveniences without the bookkeeping columns. */
export type RoomView = Pick<
  RoomRow,
  'id' | 'slug' | 'name' | 'description' | 'images' | 'price' | 'extraPrice' | 'primaryCapacity' | 'extraCapacity' | 'roomSize'
> & { conveniences: Pick<ConvenienceRow, 'id' | 'description' | 'image'>[] };

export async function listRooms(db: Db, ids?: number[]): Promise<RoomWithConveniences[]> {
  const roomRows = ids
    ? await db.select().from(rooms).where(inArray(rooms.id, ids)).orderBy(asc(rooms.position), asc(rooms.id))
    : await db.select().from(rooms).orderBy(asc(rooms.position), asc(rooms.id));
  if (roomRows.length === 0) return [];
  const links = await db
    .select({ roomId: roomConveniences.roomId, convenience: conveniences })
    .from(roomConveniences)
    .innerJoin(conveniences, eq(conveniences.id, roomConveniences.convenienceId))
    .where(inArray(roomConveniences.roomId, roomRows.map((room) => room.id)))
    .orderBy(asc(conveniences.id));
  return roomRows.map((room) => ({
    ...room,
    conveniences: links.filter((link) => link.roomId === room.id).map((link) => link.convenience),
  }));
}
