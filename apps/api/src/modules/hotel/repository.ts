/**
 * Rooms and their amenities. Reservations, holds and the board keep their SQL beside them
 * (reservations.ts, board.ts) until they are split the same way.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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

/** The room's row, locked until the transaction ends. */
export async function lockRoom(tx: Tx, id: number): Promise<RoomRow | undefined> {
  const [room] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
  return room;
}

export async function findRoom(db: Db, id: number): Promise<RoomRow | undefined> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, id));
  return room;
}

export async function updateRoom(tx: Tx, id: number, change: Partial<Pick<RoomRow, 'price' | 'extraPrice' | 'name' | 'description' | 'images'>>) {
  await tx.update(rooms).set(change).where(eq(rooms.id, id));
}

/** The room's amenities' ids, in ascending order. */
export async function roomConvenienceIds(tx: Tx, roomId: number): Promise<number[]> {
  const links = await tx.select({ id: roomConveniences.convenienceId }).from(roomConveniences).where(eq(roomConveniences.roomId, roomId));
  return links.map((link) => link.id).sort((a, b) => a - b);
}

/** Which of these amenity ids exist. */
export async function existingConvenienceIds(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: conveniences.id }).from(conveniences).where(inArray(conveniences.id, ids));
  return rows.map((row) => row.id);
}

export async function replaceRoomConveniences(tx: Tx, roomId: number, ids: number[]) {
  await tx.delete(roomConveniences).where(eq(roomConveniences.roomId, roomId));
  if (ids.length) await tx.insert(roomConveniences).values(ids.map((convenienceId) => ({ roomId, convenienceId })));
}

/** How many rooms have each amenity (of these ids, or all). */
export async function convenienceRoomCounts(db: Db, ids?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: roomConveniences.convenienceId, rooms: count() })
    .from(roomConveniences)
    .where(ids ? inArray(roomConveniences.convenienceId, ids) : undefined)
    .groupBy(roomConveniences.convenienceId);
  return new Map(rows.map((row) => [row.id, row.rooms]));
}

export async function findConvenience(db: Db, id: number): Promise<ConvenienceRow | undefined> {
  const [row] = await db.select().from(conveniences).where(eq(conveniences.id, id));
  return row;
}

/** The amenity's row, locked until the transaction ends. */
export async function lockConvenience(tx: Tx, id: number): Promise<ConvenienceRow | undefined> {
  const [row] = await tx.select().from(conveniences).where(eq(conveniences.id, id)).for('update');
  return row;
}

export async function insertConvenience(tx: Tx, values: Pick<ConvenienceRow, 'description' | 'image'>): Promise<ConvenienceRow> {
  const [row] = await tx.insert(conveniences).values(values).returning();
  return row!;
}

export async function updateConvenience(tx: Tx, id: number, change: Pick<ConvenienceRow, 'description' | 'image'>) {
  await tx.update(conveniences).set(change).where(eq(conveniences.id, id));
}

/** Deletes the amenity and takes it out of every room; answers those rooms' ids, ascending. */
export async function deleteConvenience(tx: Tx, id: number): Promise<number[]> {
  const holders = await tx.select({ id: roomConveniences.roomId }).from(roomConveniences).where(eq(roomConveniences.convenienceId, id));
  await tx.delete(roomConveniences).where(eq(roomConveniences.convenienceId, id));
  await tx.delete(conveniences).where(eq(conveniences.id, id));
  return holders.map((holder) => holder.id).sort((a, b) => a - b);
}
